import { ONGOING_CALL_WINDOW_MS } from '@casedesk/contract/calls/call';
import type { CALL_CENTER_FIGURES } from '@casedesk/contract/dashboards/dashboard';
import { sql } from 'drizzle-orm';
import { appointments } from '../appointments/appointments.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { dayRange, daysOf } from './dashboard-zone.ts';
import {
  appointmentRows,
  callRows,
  FINAL_CALL,
  leadRows,
  textRows,
  UNANSWERED_TEXT,
} from './common-rows.repository.ts';
import type { RowSet } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';
import { all, between, inScope, localDay, localHour, wallClock } from './row-sql.repository.ts';

export type CallCenterFigure = (typeof CALL_CENTER_FIGURES)[number];

/**
 * The call centre's figures, each as the rows behind it (docs/dashboards.md): today is the caller's day in
 * the caller's zone; the office scope is DASHBOARD_CALL_CENTER READ's office condition.
 */
export function callCenterRows(figure: CallCenterFigure, context: RowContext): RowSet {
  const { now, zone } = context;
  const today = dayRange(daysOf(now, zone).today, daysOf(now, zone).today, zone);
  // Every figure here lies in today (ongoing calls: the last hour) on its instant column, which it says as its span.
  const withTime = (set: RowSet, column: unknown, span: { from: Date; to?: Date } = today): RowSet => ({
    ...set,
    span: { column: sql`${column}`, ...span },
    dimensions: {
      ...set.dimensions,
      hour: localHour(wallClock(column, zone)),
      day: localDay(wallClock(column, zone)),
    },
  });
  const callsToday = (
    title: string,
    predicate: ReturnType<typeof sql>,
    measure: RowSet['measure'] = { kind: 'count' },
  ) =>
    withTime(
      callRows(title, all(between(calls.callStartTime, today), inScope(calls.officeId, context), predicate), {
        measure,
        ...(measure.kind === 'rate'
          ? {
              columns: [
                {
                  id: 'answered',
                  header: 'Answered',
                  unit: 'text' as const,
                  expr: sql`case when ${calls.durationInSeconds} > 0 then 'Yes' else 'No' end`,
                },
              ],
            }
          : {}),
      }),
      calls.callStartTime,
    );
  const textsToday = (title: string, predicate: ReturnType<typeof sql>) =>
    withTime(
      textRows(title, all(between(smsMessages.createdDate, today), inScope(smsMessages.officeId, context), predicate)),
      smsMessages.createdDate,
    );

  switch (figure) {
    case 'inboundCalls':
      return callsToday('Inbound calls today', sql`${calls.direction} = 'INBOUND'`);
    case 'outboundCalls':
      return callsToday('Outbound calls today', sql`${calls.direction} = 'OUTBOUND'`);
    case 'ongoingCalls': {
      // SPEC §4: inbound, no duration, not older than an hour (isOngoingCall); not bounded by the day.
      const since = new Date(now.getTime() - ONGOING_CALL_WINDOW_MS);
      return withTime(
        callRows(
          'Ongoing calls',
          all(
            sql`${calls.direction} = 'INBOUND' and ${calls.durationInSeconds} is null`,
            sql`${calls.callStartTime} >= ${since.toISOString()}::timestamptz`,
            inScope(calls.officeId, context),
          ),
          { measure: { kind: 'count' } },
        ),
        calls.callStartTime,
        { from: since },
      );
    }
    case 'missedCalls':
      // The call summary's "missed": an inbound call that ended (a final status) with no talk time.
      return callsToday(
        'Missed calls today',
        sql`${calls.direction} = 'INBOUND' and ${calls.status} in ${FINAL_CALL} and coalesce(${calls.durationInSeconds}, 0) = 0`,
      );
    case 'answerRate':
      // Of today's inbound calls that ended, the share with talk time: answered / (answered + missed).
      return callsToday(
        'Answer rate today: inbound calls that ended',
        sql`${calls.direction} = 'INBOUND' and ${calls.status} in ${FINAL_CALL}`,
        { kind: 'rate', yes: sql`${calls.durationInSeconds} > 0` },
      );
    case 'averageTalkSeconds':
      return callsToday('Average talk time today: calls with talk time', sql`${calls.durationInSeconds} > 0`, {
        kind: 'average',
        seconds: sql`${calls.durationInSeconds}`,
      });
    case 'leadsCreated':
      return withTime(
        leadRows('Leads created today', all(between(inquiries.createdAt, today), inScope(inquiries.officeId, context))),
        inquiries.createdAt,
      );
    case 'appointmentsSet':
      return withTime(
        appointmentRows(
          'Appointments set today',
          all(between(appointments.createdAt, today), inScope(appointments.officeId, context)),
        ),
        appointments.createdAt,
      );
    case 'textsIn':
      return textsToday('Texts in today', sql`${smsMessages.direction} = 'INBOUND'`);
    case 'textsOut':
      return textsToday('Texts out today', sql`${smsMessages.direction} = 'OUTBOUND'`);
    case 'unansweredTexts':
      return textsToday('Inbound texts today not answered yet', UNANSWERED_TEXT);
  }
}
