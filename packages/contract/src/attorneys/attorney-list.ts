import { z } from 'zod';
import { listResponseSchema } from '../common/paging.ts';

/** One row of /management/attorney (SPEC §7 Attorney: allSchedule): an attorney and the size of its weekly schedule. */
export const attorneySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  officeId: z.uuid(),
  officeName: z.string(),
  lawType: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  zoomLink: z.string().nullable(),
  isLitigation: z.boolean(),
  scheduleEntries: z.number().int(),
});
export type AttorneySummary = z.infer<typeof attorneySummarySchema>;

/** Every attorney the caller may see, in one page (the list shape of every list, DESIGN §3). */
export const attorneyListResponseSchema = listResponseSchema(attorneySummarySchema);
export type AttorneyListResponse = z.infer<typeof attorneyListResponseSchema>;

/** SPEC §7 GET /attorney/schedule (attorneyId): one attorney's weekly schedule. */
export const attorneyScheduleQuerySchema = z.object({ attorneyId: z.uuid() });
