import { addDays } from '@casedesk/contract/appointments/zoned-time';
import type { OFFICE_FIGURES } from '@casedesk/contract/dashboards/dashboard';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { payments } from '../accounting/accounting.tables.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { appointmentRows, apptOffice } from './common-rows.repository.ts';
import type { DashboardOffice } from './dashboard.repository.ts';
import type { DashboardDays } from './dashboard-zone.ts';
import { dayRange, daysOf, namedZone } from './dashboard-zone.ts';
import { accountRows, ledgerDayRows, OPEN_ACCOUNT, paymentRows } from './money-rows.repository.ts';
import type { RowSet } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';
import { all, between, inScope, localDay, officeWallClock } from './row-sql.repository.ts';

export type OfficeFigure = (typeof OFFICE_FIGURES)[number];

/** Booked for the coming days: tomorrow and the six days after, in each office's zone. */
export const COMING_DAYS = 7;
/** Days not reconciled looks back this many office days before today. */
export const RECONCILE_LOOKBACK_DAYS = 30;

/**
 * A predicate per office zone: each office's widgets count on its own today, week and month (DESIGN §3), so the
 * offices are grouped by zone and each group gets its own days.
 */
function perOfficeZone(
  officeColumn: unknown,
  context: RowContext,
  predicate: (days: DashboardDays, zone: ReturnType<typeof namedZone>) => SQL,
): SQL {
  const byZone = new Map<string, DashboardOffice[]>();
  for (const office of context.offices) byZone.set(office.timeZone, [...(byZone.get(office.timeZone) ?? []), office]);
  if (byZone.size === 0) return sql`false`;
  const parts = [...byZone].map(([timeZone, offices]) => {
    const zone = namedZone(timeZone);
    const ids = sql.join(
      offices.map((o) => sql`${o.id}`),
      sql`, `,
    );
    return sql`(${officeColumn} in (${ids}) and ${predicate(daysOf(context.now, zone), zone)})`;
  });
  return sql`(${sql.join(parts, sql` or `)}) and ${inScope(officeColumn, context)}`;
}

/** Appointments of office days in each office's zone, with the office-local day as a dimension. */
function appointmentsOn(
  title: string,
  context: RowContext,
  days: (d: DashboardDays) => { first: string; last: string },
  extra?: SQL,
): RowSet {
  const where = perOfficeZone(appointments.officeId, context, (d, zone) => {
    const { first, last } = days(d);
    return between(appointments.appointmentDateTime, dayRange(first, last, zone));
  });
  const set = appointmentRows(title, all(where, extra));
  return {
    ...set,
    dimensions: {
      ...set.dimensions,
      day: localDay(officeWallClock(appointments.appointmentDateTime, apptOffice.timeZone)),
    },
  };
}

/** What the timeline needs beside the drill-down's columns. */
export const TIMELINE_COLUMNS = {
  officeId: sql`${appointments.officeId}::text`,
  stageId: sql`${appointments.stageId}`,
  length: sql`${appointments.appointmentLength}`,
};

/** A row set counted rather than summed (the follow-ups are accounts to call, whatever they owe). */
const countOf = (set: RowSet): RowSet => ({ ...set, measure: { kind: 'count' } });

const STAGE = (id: number) => sql`${appointments.stageId} = ${sql.raw(String(id))}`;

/** The office dashboard's figures, each as the rows behind it (docs/dashboards.md). */
export function officeRows(figure: OfficeFigure, context: RowContext): RowSet {
  const week = (d: DashboardDays) => ({ first: d.weekFrom, last: d.weekTo });
  switch (figure) {
    case 'appointmentsToday':
      return appointmentsOn("Today's appointments", context, (d) => ({ first: d.today, last: d.today }));
    case 'showedThisWeek':
      return appointmentsOn('Showed this week', context, week, STAGE(122));
    case 'noShowThisWeek':
      return appointmentsOn('No show this week', context, week, STAGE(121));
    case 'signedThisWeek':
      return appointmentsOn('Signed this week', context, week, STAGE(118));
    case 'bookedComingDays':
      return appointmentsOn('Appointments booked for the coming days', context, (d) => ({
        first: addDays(d.today, 1),
        last: addDays(d.today, COMING_DAYS),
      }));
    case 'cashToday':
      return paymentRows(
        'Cash received today',
        perOfficeZone(payments.officeId, context, (d) => sql`${payments.paymentDate} = ${d.today}::date`),
      );
    case 'cashThisMonth':
      return paymentRows(
        'Cash received this month',
        perOfficeZone(
          payments.officeId,
          context,
          (d) => sql`${payments.paymentDate} >= ${d.monthFrom}::date and ${payments.paymentDate} <= ${d.monthTo}::date`,
        ),
      );
    case 'unreconciledDays': {
      // The window covers every office's days; each office's own 30 days before its today are kept by `where`.
      const todays = context.offices.map((o) => daysOf(context.now, namedZone(o.timeZone)).today).sort();
      const window = {
        from: addDays(todays[0] ?? '1970-01-01', -RECONCILE_LOOKBACK_DAYS),
        to: addDays(todays.at(-1) ?? '1970-01-01', -1),
      };
      const officeIds = sql.join([sql`null::uuid`, ...context.offices.map((o) => sql`${o.id}::uuid`)], sql`, `);
      return ledgerDayRows(
        'Days not reconciled (the 30 days before today)',
        window,
        sql`t.office_id in (${officeIds})`,
        all(
          sql`ledger_day.status is distinct from 'RECONCILED'`,
          perOfficeZone(
            sql`ledger_day.office_id`,
            context,
            (d) =>
              sql`ledger_day.day >= ${addDays(d.today, -RECONCILE_LOOKBACK_DAYS)}::date and ledger_day.day < ${d.today}::date`,
          ),
        ),
      );
    }
    case 'collectionFollowUpsDue':
      return countOf(
        accountRows(
          'Collection follow-ups due',
          all(
            OPEN_ACCOUNT,
            perOfficeZone(
              collectionAccounts.officeId,
              context,
              (d) => sql`${collectionAccounts.followUpDate} <= ${d.today}::date`,
            ),
          ),
        ),
      );
  }
}
