import { z } from 'zod';
import { instantSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';

/** SPEC §2 leads table headers, in order, word for word. */
export const LEAD_COLUMNS = [
  { id: 'name', header: 'name' },
  { id: 'phone', header: 'phone' },
  { id: 'email', header: 'email' },
  { id: 'callsInOut', header: 'calls in/out' },
  { id: 'textInOut', header: 'text in/out' },
  { id: 'notes', header: 'notes' },
  { id: 'lawType', header: 'law type' },
  { id: 'leadOwner', header: 'lead owner' },
  { id: 'noApptReason', header: 'no appt reason' },
  { id: 'source', header: 'source' },
  { id: 'dateTime', header: 'date/time' },
  { id: 'text', header: 'text' },
] as const;
export type LeadColumnId = (typeof LEAD_COLUMNS)[number]['id'];

/** Every column sorts on the server (SPEC §4: sort emits sortBy and sortOrder). */
export const LEAD_SORTS = LEAD_COLUMNS.map((c) => c.id) as [LeadColumnId, ...LeadColumnId[]];

const instant = instantSchema();

export const leadFilterSchema = z
  .object({
    searchKeyword: z.string().trim().max(100).optional(),
    lawTypeId: z.uuid().optional(),
    leadOwnerId: z.uuid().optional(),
    /** Instants: the browser turns its day boundaries into them (DESIGN §3: the client's offset decides days). */
    dateFrom: instant.optional(),
    dateTo: instant.optional(),
  })
  .strict();
export type LeadFilter = z.infer<typeof leadFilterSchema>;

const baseList = listRequestSchema(leadFilterSchema);
/** POST /api/v1/inquiry/all and /inquiry/export. */
export const leadListRequestSchema = baseList
  .extend({ sortBy: z.enum(LEAD_SORTS, { error: 'Sort By must be a leads column.' }).optional() })
  .strict();
export type LeadListRequest = z.infer<typeof leadListRequestSchema>;
export type LeadListRequestInput = z.input<typeof leadListRequestSchema>;

export const leadRowSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  callsIn: z.number().int(),
  callsOut: z.number().int(),
  textsIn: z.number().int(),
  textsOut: z.number().int(),
  notes: z.string().nullable(),
  lawType: z.string().nullable(),
  leadOwner: z.string().nullable(),
  noApptReason: z.string().nullable(),
  source: z.string().nullable(),
  /** When the inquiry was taken (ISO instant). */
  dateTime: z.string(),
  /** Body of the inquiry's latest text message. */
  text: z.string().nullable(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;
export const leadListResponseSchema = listResponseSchema(leadRowSchema);
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

/** SPEC §7: exports send offsetHours (browser offset, east positive) for date formatting. */
export const offsetHoursSchema = z.coerce
  .number({ error: 'Offset Hours must be a number.' })
  .min(-14, 'Offset Hours must be between -14 and 14.')
  .max(14, 'Offset Hours must be between -14 and 14.')
  .default(0);

export const exportQuerySchema = z.object({ offsetHours: offsetHoursSchema }).strict();

/** 'in / out' as the calls in/out and text in/out cells show them. */
export function inOut(incoming: number, outgoing: number): string {
  return `${incoming} / ${outgoing}`;
}

/** The offset times are shown at, as a reader reads it: UTC, UTC-7, UTC+5:30. */
export function formatUtcOffset(offsetHours: number): string {
  if (offsetHours === 0) return 'UTC';
  const sign = offsetHours > 0 ? '+' : '-';
  const abs = Math.abs(offsetHours);
  const minutes = Math.round((abs % 1) * 60);
  return `UTC${sign}${Math.floor(abs)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** MM-dd-yyyy hh:mm AM/PM (SPEC §5 date-time format) of an instant, at the given offset from UTC. */
export function formatDateTimeAt(iso: string | Date, offsetHours: number): string {
  const at = new Date(new Date(iso).getTime() + offsetHours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = at.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}-${at.getUTCFullYear()} ${pad(h12)}:${pad(
    at.getUTCMinutes(),
  )} ${hours < 12 ? 'AM' : 'PM'}`;
}
