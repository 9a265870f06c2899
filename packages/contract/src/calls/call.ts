import { z } from 'zod';
import { instantSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { CALL_STATUSES } from './call-status.ts';

export const CALL_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** SPEC §2 calls table headers, in order, word for word. */
export const CALL_COLUMNS = [
  { id: 'title', header: 'title' },
  { id: 'callerId', header: 'caller id' },
  { id: 'callResolution', header: 'call resolution' },
  { id: 'opName', header: 'op name' },
  { id: 'talkSeconds', header: 'talk seconds' },
  { id: 'numberDialed', header: 'number dialed' },
  { id: 'pointTo', header: 'point to' },
  { id: 'time', header: 'time' },
  { id: 'lawType', header: 'law type' },
  { id: 'duplicate', header: 'duplicate' },
] as const;
export type CallColumnId = (typeof CALL_COLUMNS)[number]['id'];

/** Every column sorts on the server (SPEC §4: sort emits sortBy and sortOrder). */
export const CALL_SORTS = CALL_COLUMNS.map((c) => c.id) as [CallColumnId, ...CallColumnId[]];

/** SPEC §9: the ongoing-call window. */
export const ONGOING_CALL_WINDOW_MS = 60 * 60 * 1000;

/**
 * SPEC §4: "an inbound call with no duration, not older than 1 hour, is an ongoing call". A call
 * exactly one hour old still is; a start a little in the future (clock skew) counts as ongoing too.
 */
export function isOngoingCall(
  call: { direction: CallDirection; talkSeconds: number | null; time: string | Date },
  now: Date | number = Date.now(),
): boolean {
  if (call.direction !== 'INBOUND' || call.talkSeconds !== null) return false;
  const started = new Date(call.time).getTime();
  if (Number.isNaN(started)) return false;
  return new Date(now).getTime() - started <= ONGOING_CALL_WINDOW_MS;
}

const instant = instantSchema();

export const CALL_LIST_MESSAGES = {
  sortBy: 'Sort By must be a calls column.',
  direction: 'Direction must be INBOUND or OUTBOUND.',
  officeId: 'Office Id must be a valid id.',
  format: 'Format must be one of csv, xlsx.',
} as const;

export const callFilterSchema = z
  .object({
    /** Title (client name), caller id, number dialed, op name or point to. */
    searchKeyword: z.string().trim().max(100).optional(),
    direction: z.enum(CALL_DIRECTIONS, { error: CALL_LIST_MESSAGES.direction }).optional(),
    officeId: z.uuid({ error: CALL_LIST_MESSAGES.officeId }).optional(),
    /** Instants: the browser turns its day boundaries into them (DESIGN §3: the client's offset decides days). */
    dateFrom: instant.optional(),
    dateTo: instant.optional(),
  })
  .strict();
export type CallFilter = z.infer<typeof callFilterSchema>;

/** POST /api/v1/call/all. */
export const callListRequestSchema = listRequestSchema(callFilterSchema)
  .extend({ sortBy: z.enum(CALL_SORTS, { error: CALL_LIST_MESSAGES.sortBy }).optional() })
  .strict();
export type CallListRequest = z.infer<typeof callListRequestSchema>;
export type CallListRequestInput = z.input<typeof callListRequestSchema>;

export const CALL_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CallExportFormat = (typeof CALL_EXPORT_FORMATS)[number];

/** POST /api/v1/call/export?offsetHours: the list's filter and sort, and the file format. */
export const callExportRequestSchema = callListRequestSchema
  .extend({ format: z.enum(CALL_EXPORT_FORMATS, { error: CALL_LIST_MESSAGES.format }).default('csv') })
  .strict();
export type CallExportRequest = z.infer<typeof callExportRequestSchema>;
export type CallExportRequestInput = z.input<typeof callExportRequestSchema>;

/** One row of the calls list: the SPEC §2 headers, and what the screen needs to act on the row. */
export const callRowSchema = z.object({
  id: z.uuid(),
  direction: z.enum(CALL_DIRECTIONS),
  /** The client's name, or 'Unknown caller' for an unmatched inbound call. */
  title: z.string().nullable(),
  callerId: z.string().nullable(),
  callResolution: z.string().nullable(),
  /** The operator who placed (outbound) or took (inbound) the call. */
  opName: z.string().nullable(),
  /** durationInSeconds; null while the call has not ended. */
  talkSeconds: z.number().int().nullable(),
  numberDialed: z.string().nullable(),
  /** Where the tracking line of the dialed number rings (SPEC §2 Marketing). */
  pointTo: z.string().nullable(),
  /** callStartTime, ISO instant. */
  time: z.string(),
  lawType: z.string().nullable(),
  duplicate: z.boolean(),
  clientId: z.uuid().nullable(),
  inquiryId: z.uuid().nullable(),
  status: z.enum(CALL_STATUSES),
  /** isOngoingCall at the time of the response (SPEC §4); the screen re-evaluates it as time passes. */
  ongoing: z.boolean(),
});
export type CallRow = z.infer<typeof callRowSchema>;

export const callListResponseSchema = listResponseSchema(callRowSchema);
export type CallListResponse = z.infer<typeof callListResponseSchema>;

/** How the duplicate column reads in the table and in exports. */
export function duplicateText(duplicate: boolean): string {
  return duplicate ? 'Yes' : 'No';
}
