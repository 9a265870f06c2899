import {
  attorneyListResponseSchema,
  attorneyScheduleQuerySchema,
  attorneySummarySchema,
} from '@casedesk/contract/attorneys/attorney-list';
import { attorneyScheduleSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import {
  litigationAttorneyBodySchema,
  litigationAttorneyOptionSchema,
  litigationCalendarQuerySchema,
  litigationEventSchema,
} from '@casedesk/contract/calendar/litigation';
import { userCalendarsQuerySchema, userCalendarsResponseSchema } from '@casedesk/contract/calendar/user-calendars';
import { z } from 'zod';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { attorneySchedule, listAttorneys, userCalendars } from './attorneys.service.ts';
import { litigationAttorneyOptions, litigationCalendar, markLitigationAttorney } from './litigation.service.ts';

const tags = ['attorneys'];

/** SPEC §7 Attorney (schedule, allSchedule, litigation calendar), /user/allCalendars, /dropdown/litigationAttorneys. */
export async function attorneysRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/attorney/allSchedule',
    {
      config: { permission: ['ATTORNEY_SCHEDULE', 'READ'] },
      schema: {
        tags,
        summary: 'Attorneys of the offices the caller’s ATTORNEY_SCHEDULE reaches, by name, with their schedule size',
        response: { 200: attorneyListResponseSchema },
      },
    },
    async (request) => listAttorneys(app.db, request.actor!),
  );

  app.get(
    '/api/v1/attorney/schedule',
    {
      config: { permission: ['ATTORNEY_SCHEDULE', 'READ'], records: { attorneyId: 'attorney' } },
      schema: {
        tags,
        summary: 'One attorney’s weekly schedule (as GET /attorney/{attorneyId}/availability); 404 outside the scope',
        querystring: attorneyScheduleQuerySchema,
        response: { 200: attorneyScheduleSchema },
      },
    },
    async (request) => attorneySchedule(app.db, request.actor!, request.query.attorneyId),
  );

  app.get(
    '/api/v1/user/allCalendars',
    {
      config: { permission: ['ATTORNEY_AVAILABILITY', 'READ'], records: { userId: 'user' } },
      schema: {
        tags: ['users', 'attorneys'],
        summary:
          'The calendars of a user: an attorney’s one default calendar, none for other users; 404 for an unknown ' +
          'user or one outside the caller’s ATTORNEY_AVAILABILITY scope',
        querystring: userCalendarsQuerySchema,
        response: { 200: userCalendarsResponseSchema },
      },
    },
    async (request) => userCalendars(app.db, request.actor!, request.query.userId),
  );

  app.get(
    '/api/v1/attorney/litigationCalendar',
    {
      config: {
        permission: ['LITIGATION_CALENDAR', 'READ'],
        unscopedIds: {
          attorneyId: 'only narrows the events, already cut to the litigation attorneys LITIGATION_CALENDAR reaches',
        },
      },
      schema: {
        tags,
        summary:
          'Arbitration, mediation and trial events of the litigation attorneys in the caller’s offices between two instants',
        querystring: litigationCalendarQuerySchema,
        response: { 200: z.array(litigationEventSchema) },
      },
    },
    async (request) => litigationCalendar(app.db, request.actor!, request.query),
  );

  app.get(
    '/api/v1/dropdown/litigationAttorneys',
    {
      config: { permission: ['LITIGATION_CALENDAR', 'READ'] },
      schema: {
        tags: ['dropdowns', 'attorneys'],
        summary: 'Litigation attorneys of the caller’s offices, by name',
        response: { 200: z.array(litigationAttorneyOptionSchema) },
      },
    },
    async (request) => litigationAttorneyOptions(app.db, request.actor!),
  );

  for (const [path, isLitigation] of [
    ['/api/v1/attorney/saveLitigationAttorney', true],
    ['/api/v1/attorney/removeLitigationAttorney', false],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: ['LITIGATION_CALENDAR', 'UPDATE'], records: { attorneyId: 'attorney' } },
        schema: {
          tags,
          summary: isLitigation
            ? 'Shows the attorney on the litigation calendar (idempotent; 404 unknown or out of scope)'
            : 'Takes the attorney off the litigation calendar (idempotent; 404 unknown or out of scope)',
          body: litigationAttorneyBodySchema,
          response: { 200: attorneySummarySchema },
        },
      },
      async (request) => markLitigationAttorney(app.db, request.actor!, request.body.attorneyId, isLitigation),
    );
  }
}
