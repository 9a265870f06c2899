import { z } from 'zod';
import { instantSchema } from '../common/dates.ts';
import { calendarEventSchema } from './calendar-event.ts';

export const LITIGATION_MESSAGES = {
  attorney: 'Attorney is a required field.',
  order: 'End Date Time must be after Start Date Time.',
  rangeTooLong: 'A range of at most 400 days can be shown.',
} as const;

/** The widest range one litigation-calendar request may read (a year view and its margins). */
export const LITIGATION_MAX_RANGE_DAYS = 400;

/** SPEC §7 Attorney: litigationCalendar — the events of litigation attorneys between two instants. */
export const litigationCalendarQuerySchema = z
  .object({
    startDateTime: instantSchema('Start Date Time'),
    endDateTime: instantSchema('End Date Time'),
    attorneyId: z.uuid().optional(),
  })
  .refine((q) => Date.parse(q.endDateTime) > Date.parse(q.startDateTime), {
    message: LITIGATION_MESSAGES.order,
    path: ['endDateTime'],
  })
  .refine((q) => Date.parse(q.endDateTime) - Date.parse(q.startDateTime) <= LITIGATION_MAX_RANGE_DAYS * 86_400_000, {
    message: LITIGATION_MESSAGES.rangeTooLong,
    path: ['endDateTime'],
  });
export type LitigationCalendarQuery = z.infer<typeof litigationCalendarQuerySchema>;

/** An arbitration, mediation or trial (SPEC §9) with the name of the attorney whose calendar holds it. */
export const litigationEventSchema = calendarEventSchema.extend({ attorneyName: z.string() });
export type LitigationEvent = z.infer<typeof litigationEventSchema>;

/** SPEC §7 Attorney: saveLitigationAttorney / removeLitigationAttorney. */
export const litigationAttorneyBodySchema = z.object({
  attorneyId: z.uuid({ error: LITIGATION_MESSAGES.attorney }),
});

/** SPEC §7 /dropdown/litigationAttorneys. */
export const litigationAttorneyOptionSchema = z.object({ id: z.uuid(), name: z.string() });
export type LitigationAttorneyOption = z.infer<typeof litigationAttorneyOptionSchema>;
