import { z } from 'zod';

/**
 * SPEC §7 GET /user/allCalendars (userId): the calendars of a user. An attorney has one default
 * calendar (in the database, or at Microsoft Graph when configured); other users have none.
 */
export const userCalendarsQuerySchema = z.object({ userId: z.uuid() });

export const userCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  owner: z.object({ name: z.string(), address: z.string() }),
});
export type UserCalendar = z.infer<typeof userCalendarSchema>;

export const userCalendarsResponseSchema = z.object({ items: z.array(userCalendarSchema) });
export type UserCalendarsResponse = z.infer<typeof userCalendarsResponseSchema>;
