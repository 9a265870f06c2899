import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { APPOINTMENT_LENGTHS } from '../appointments/slots.ts';
import { minutesOfClock } from '../appointments/zoned-time.ts';

export const SCHEDULE_MESSAGES = {
  dayOfWeek: 'Day Of Week must be 0 (Sunday) to 6 (Saturday).',
  clock: 'Time must be in the format HH:mm.',
  order: 'End Time must be after Start Time.',
  overlap: 'Working hours of the same day must not overlap.',
  range: 'End Date must not be before Start Date.',
  rangeTooLong: 'A range of at most 31 days can be shown.',
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.clock);
const endClock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, SCHEDULE_MESSAGES.clock);

/** SPEC §3 schedule entry: a weekly window with dayOfWeek, lawType and jurisdiction. */
export const scheduleEntrySchema = z
  .object({
    dayOfWeek: z.number({ error: SCHEDULE_MESSAGES.dayOfWeek }).int().min(0).max(6, SCHEDULE_MESSAGES.dayOfWeek),
    startTime: clock,
    endTime: endClock,
    lawType: z.string().trim().max(100).nullable().default(null),
    jurisdiction: z.string().trim().max(100).nullable().default(null),
  })
  .refine((e) => minutesOfClock(e.endTime) > minutesOfClock(e.startTime), {
    message: SCHEDULE_MESSAGES.order,
    path: ['endTime'],
  });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

function overlapsOnSameDay(entries: ScheduleEntry[]): boolean {
  const sorted = [...entries].sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek || minutesOfClock(a.startTime) - minutesOfClock(b.startTime),
  );
  return sorted.some(
    (e, i) =>
      i > 0 &&
      sorted[i - 1]!.dayOfWeek === e.dayOfWeek &&
      minutesOfClock(e.startTime) < minutesOfClock(sorted[i - 1]!.endTime),
  );
}

export const attorneyScheduleWriteSchema = z.object({
  entries: z
    .array(scheduleEntrySchema)
    .max(70)
    .refine((entries) => !overlapsOnSameDay(entries), SCHEDULE_MESSAGES.overlap),
});

export const attorneyScheduleSchema = z.object({
  attorneyId: z.uuid(),
  attorneyName: z.string(),
  timeZone: z.string(),
  entries: z.array(
    z.object({
      dayOfWeek: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
      lawType: z.string().nullable(),
      jurisdiction: z.string().nullable(),
    }),
  ),
});
export type AttorneySchedule = z.infer<typeof attorneyScheduleSchema>;

export const attorneyIdParamSchema = z.object({ attorneyId: z.uuid() });

const date = isoDateSchema();

/**
 * SPEC §7 availability of all attorneys (startDate, endDate, offset) and attorneyAvailability (lawType,
 * jurisdiction): the same question, the second one filtered. Dates are the office's calendar days.
 */
export const availabilityQuerySchema = z
  .object({
    startDate: date,
    endDate: date,
    offset: z.coerce.number().min(-14).max(14).optional(),
    lawType: z.string().trim().max(100).optional(),
    jurisdiction: z.string().trim().max(100).optional(),
    attorneyId: z.uuid().optional(),
    appointmentLength: z.coerce
      .number()
      .refine((n) => (APPOINTMENT_LENGTHS as readonly number[]).includes(n))
      .default(30),
    schedulePast: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((q) => q.endDate >= q.startDate, { message: SCHEDULE_MESSAGES.range, path: ['endDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 31 * 86_400_000, {
    message: SCHEDULE_MESSAGES.rangeTooLong,
    path: ['endDate'],
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

const slotSchema = z.object({ start: z.string(), end: z.string(), label: z.string() });
export type AvailabilitySlot = z.infer<typeof slotSchema>;

/** SPEC §3 availability record: attorney, attorneyId, defaultCalendar, availableSlots per day. */
export const availabilityRecordSchema = z.object({
  attorneyId: z.uuid(),
  attorney: z.string(),
  userId: z.uuid(),
  officeId: z.uuid(),
  officeName: z.string(),
  timeZone: z.string(),
  lawType: z.string(),
  jurisdiction: z.string(),
  zoomLink: z.string().nullable(),
  defaultCalendar: z.string(),
  availableSlots: z.array(z.object({ date: z.string(), available: z.boolean(), slots: z.array(slotSchema) })),
});
export type AvailabilityRecord = z.infer<typeof availabilityRecordSchema>;
