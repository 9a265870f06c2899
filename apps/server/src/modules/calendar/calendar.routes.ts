import {
  attorneyIdParamSchema,
  attorneyScheduleSchema,
  attorneyScheduleWriteSchema,
  availabilityQuerySchema,
  availabilityRecordSchema,
} from '@casedesk/contract/attorneys/attorney-schedule';
import {
  calendarEventSchema,
  calendarEventsQuerySchema,
  holidayListRequestSchema,
  holidaySchema,
  holidayWriteSchema,
} from '@casedesk/contract/calendar/calendar-event';
import { z } from 'zod';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { startCalendarSync } from './calendar-sync-job.ts';
import { attorneyAvailability, attorneyCalendar, getSchedule, saveSchedule } from './calendar.service.ts';
import { changeHoliday, createHoliday, listHolidays, removeHoliday } from './holidays.service.ts';

const availability = {
  config: {
    permission: ['ATTORNEY_AVAILABILITY', 'READ'] as const,
    unscopedIds: {
      attorneyId: 'only narrows the list, already cut to the attorneys of the offices ATTORNEY_AVAILABILITY reaches',
    },
  },
  schema: {
    tags: ['attorneys', 'appointments'],
    summary:
      'Open slots of each attorney per day (office time zone), from the weekly schedule minus appointments, events and ' +
      'holidays; lawType and jurisdiction narrow the attorneys and their hours; at most 31 days',
    querystring: availabilityQuerySchema,
    response: { 200: z.array(availabilityRecordSchema) },
  },
};

export async function calendarRoutes(app: AppInstance): Promise<void> {
  // DESIGN §1 attorney calendars: with CALENDAR_PROVIDER=graph, written events are pushed to Microsoft Graph.
  const calendarSync = await startCalendarSync({ db: app.db, jobs: app.jobs, config: app.config, log: app.log });
  app.addHook('onClose', async () => calendarSync.stop());

  app.get('/api/v1/appointment/attorneyAvailability', availability, async (request) =>
    attorneyAvailability(app.db, request.actor!, request.query),
  );
  app.get('/api/v1/attorney/availability', availability, async (request) =>
    attorneyAvailability(app.db, request.actor!, request.query),
  );
  app.get('/api/v1/attorney/availableSlots', availability, async (request) =>
    attorneyAvailability(app.db, request.actor!, request.query),
  );

  app.get(
    '/api/v1/attorney/:attorneyId/availability',
    {
      config: { permission: ['ATTORNEY_SCHEDULE', 'READ'], records: { attorneyId: 'attorney' } },
      schema: {
        tags: ['attorneys'],
        summary: 'The attorney’s weekly schedule (wall-clock hours in the office’s time zone)',
        params: attorneyIdParamSchema,
        response: { 200: attorneyScheduleSchema },
      },
    },
    async (request) => getSchedule(app.db, request.actor!, request.params.attorneyId),
  );

  app.put(
    '/api/v1/attorney/:attorneyId/availability',
    {
      config: { permission: ['ATTORNEY_SCHEDULE', 'UPDATE'], records: { attorneyId: 'attorney' } },
      schema: {
        tags: ['attorneys'],
        summary: 'Replaces the attorney’s weekly schedule: their own, or one in an office the caller may manage',
        params: attorneyIdParamSchema,
        body: attorneyScheduleWriteSchema,
        response: { 200: attorneyScheduleSchema },
      },
    },
    async (request) => saveSchedule(app.db, request.actor!, request.params.attorneyId, request.body.entries),
  );

  app.get(
    '/api/v1/appointment/calendarEvents',
    {
      config: { permission: ['ATTORNEY_AVAILABILITY', 'READ'], records: { userId: 'user' } },
      schema: {
        tags: ['appointments'],
        summary:
          'Events of an attorney’s calendar in the caller’s ATTORNEY_AVAILABILITY scope between two instants (at most ' +
          '31 days): appointments, events, litigation; with Microsoft Graph also the events only in their Outlook ' +
          'calendar, as busy blocks unless the caller is the attorney or manages their schedule; 404 outside the scope',
        querystring: calendarEventsQuerySchema,
        response: { 200: z.array(calendarEventSchema) },
      },
    },
    async (request) => {
      const query = {
        userId: request.query.userId,
        from: new Date(request.query.startDateTime),
        to: new Date(request.query.endDateTime),
      };
      return attorneyCalendar(app.db, request.actor!, query, calendarSync.provider, request.log);
    },
  );

  app.post(
    '/api/v1/holiday/all',
    {
      config: {
        signedIn: true,
        unscopedIds: { officeId: 'holidays block booking in every office, so every signed-in user may list them' },
      },
      schema: {
        tags: ['holidays'],
        summary: 'Holidays between two dates (firm-wide and, with officeId, that office’s)',
        body: holidayListRequestSchema,
        response: { 200: z.array(holidaySchema) },
      },
    },
    async (request) => listHolidays(app.db, request.body),
  );

  app.post(
    '/api/v1/holiday',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { officeId: 'office' } },
      schema: {
        tags: ['holidays'],
        summary:
          'Adds a holiday: the whole day is blocked for booking (409 if one exists that day); an office’s needs ' +
          'OFFICE UPDATE reaching that office, a firm-wide one OFFICE UPDATE without an office condition',
        body: holidayWriteSchema,
        response: { 200: holidaySchema },
      },
    },
    async (request) => createHoliday(app.db, request.actor!, request.body),
  );

  const holidayId = z.object({ id: z.uuid() });
  app.put(
    '/api/v1/holiday/:id',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { id: 'holiday', officeId: 'office' } },
      schema: {
        tags: ['holidays'],
        summary: 'Changes a holiday',
        params: holidayId,
        body: holidayWriteSchema,
        response: { 200: holidaySchema },
      },
    },
    async (request) => changeHoliday(app.db, request.actor!, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/holiday/:id',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { id: 'holiday' } },
      schema: { tags: ['holidays'], summary: 'Removes a holiday', params: holidayId, response: { 200: holidaySchema } },
    },
    async (request) => removeHoliday(app.db, request.actor!, request.params.id),
  );
}
