import type { CORPORATE_FIGURES } from '@casedesk/contract/dashboards/dashboard';
import type { SQL } from 'drizzle-orm';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { payments } from '../accounting/accounting.tables.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
// A deviation from the module rule (docs/dashboards.md): the running totals of marketing, appointments and
// inquiries, kept by their triggers, are read here as SQL the figure, its drill-down and its export share; no
// service of theirs returns SQL to compose.
import { appointmentDayTotals, attributionLeads, leadDayTotals } from '../../db/schema.ts';
import { appointmentRows, leadRows } from './common-rows.repository.ts';
import type { DayCountSource } from './day-counts.repository.ts';
import { dayColumn, dayCounts, utcDaysOf } from './day-counts.repository.ts';
import { dayRange, instantOf, lastDayOf, plusMonths } from './dashboard-zone.ts';
import type { PaymentColumns } from './money-rows.repository.ts';
import { accountRows, BALANCE_CENTS, OPEN_ACCOUNT, paymentRows } from './money-rows.repository.ts';
import type { RowSet, RowTotals } from './row-set.repository.ts';
import { isoInstant } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';
import { all, between, inScope } from './row-sql.repository.ts';

export type CorporateFigure = (typeof CORPORATE_FIGURES)[number];

/** The months a corporate figure covers, yyyy-MM: this month, one month of a trend, or the trend's twelve. */
export interface MonthSpan {
  first: string;
  last: string;
}

export const SIGNED_STAGE = 118;
const SHOWED_STAGE = 122;

/**
 * The corporate figures, each as the rows behind it (docs/dashboards.md): months are the caller's, in the
 * caller's zone; payment days are the office days stored with the entries.
 */
export function corporateRows(figure: CorporateFigure, context: RowContext, span: MonthSpan): RowSet {
  const range = dayRange(`${span.first}-01`, lastDayOf(span.last), context.zone);
  const monthOfInstant = (column: unknown) => monthBucket(column, span, context);
  const inMonths = (set: RowSet, column: unknown): RowSet => ({
    ...set,
    dimensions: { ...set.dimensions, month: monthOfInstant(column) },
  });
  const days = utcDaysOf(range, monthStarts(span, context));
  // The running day counts of a source as the figure's totals, under one subquery name.
  const dayTotals = (
    source: DayCountSource,
    name: string,
    predicate?: (column: (c: string) => SQL) => SQL | undefined,
  ): RowTotals => {
    const column = (c: string) => dayColumn(name, c);
    return {
      from: dayCounts(source, days, name),
      where: all(between(column('at'), range), inScope(column('office_id'), context), predicate?.(column)),
      rows: column('n'),
      cents: sql`0`,
      dimensions: { officeId: column('office_id'), month: monthOfInstant(column('at')) },
    };
  };
  const stagesIn = (column: unknown, stages?: number[]) => stages && sql`${column} in (${sql.raw(stages.join(', '))})`;
  const appointmentsIn = (title: string, stages?: number[]): RowSet => ({
    ...inMonths(
      appointmentRows(
        title,
        all(
          between(appointments.appointmentDateTime, range),
          inScope(appointments.officeId, context),
          stagesIn(appointments.stageId, stages),
        ),
      ),
      appointments.appointmentDateTime,
    ),
    totals: dayTotals(APPOINTMENT_DAYS, 'appointment_days', (column) => stagesIn(column('stage_id'), stages)),
  });
  const paymentDays = ({ day, officeId }: PaymentColumns) =>
    sql`${day} >= ${`${span.first}-01`}::date and ${day} <= ${lastDayOf(span.last)}::date and ${inScope(officeId, context)}`;
  switch (figure) {
    case 'leads':
      return {
        ...inMonths(
          leadRows('Leads', all(between(inquiries.createdAt, range), inScope(inquiries.officeId, context))),
          inquiries.createdAt,
        ),
        totals: dayTotals(LEAD_DAYS, 'lead_days'),
      };
    case 'appointments':
      return appointmentsIn('Appointments');
    case 'showed':
      // The funnel is cumulative: a signed client showed too.
      return appointmentsIn('Appointments that showed (showed or signed)', [SHOWED_STAGE, SIGNED_STAGE]);
    case 'signed':
      return appointmentsIn('Appointments signed', [SIGNED_STAGE]);
    case 'cashReceived':
      return paymentRows('Cash received', paymentDays);
    case 'collectionsCollected':
      return paymentRows('Collections collected', paymentDays, sql`${payments.collectionAccountId} is not null`);
    case 'collectionsOutstanding':
      // What open accounts owe now; not bounded by a month.
      return accountRows(
        'Collections outstanding',
        all(OPEN_ACCOUNT, sql`${BALANCE_CENTS} > 0`, inScope(collectionAccounts.officeId, context)),
      );
  }
}

function as(table: PgTable, aliased: PgTable): SQL {
  return sql`${table} ${sql.identifier(getTableName(aliased))}`;
}

/** Live appointments per office, UTC day and stage: the running counts and the rows they count. */
const APPOINTMENT_DAYS: DayCountSource = {
  totals: {
    table: sql`${appointmentDayTotals}`,
    officeId: sql`${appointmentDayTotals.officeId}`,
    day: sql`${appointmentDayTotals.day}`,
    count: sql`${appointmentDayTotals.appointments}`,
  },
  rows: {
    table: sql`${appointments}`,
    officeId: sql`${appointments.officeId}`,
    instant: sql`${appointments.appointmentDateTime}`,
    where: sql`${appointments.deletedAt} is null`,
  },
  extra: { stage_id: { totals: sql`${appointmentDayTotals.stageId}`, rows: sql`${appointments.stageId}` } },
};

/** Leads per office and UTC day of their creation. */
const LEAD_DAYS: DayCountSource = {
  totals: {
    table: sql`${leadDayTotals}`,
    officeId: sql`${leadDayTotals.officeId}`,
    day: sql`${leadDayTotals.day}`,
    count: sql`${leadDayTotals.leads}`,
  },
  rows: { table: sql`${inquiries}`, officeId: sql`${inquiries.officeId}`, instant: sql`${inquiries.createdAt}` },
};

const leadClient = alias(clients, 'signed_lead_client');
const leadOffice = alias(offices, 'signed_lead_office');
const leadInquiry = alias(inquiries, 'signed_lead_inquiry');

function monthsOf(span: MonthSpan): string[] {
  const months: string[] = [];
  for (let month = span.first; month <= span.last; month = plusMonths(`${month}-01`, 1)) months.push(month);
  return months;
}

/** The first instant of each month of the span, in the caller's zone, and of the month after it. */
function monthStarts(span: MonthSpan, context: RowContext): Date[] {
  return [...monthsOf(span), plusMonths(`${span.last}-01`, 1)].map((m) => instantOf(`${m}-01`, 0, context.zone));
}

/**
 * The caller's month of an instant as a bucket between the months' first instants (computed in the zone, so a
 * change day counts right): one comparison per row instead of a zone conversion, which a year of rows feels.
 */
function monthBucket(column: unknown, span: MonthSpan, context: RowContext): SQL {
  const months = monthsOf(span);
  const starts = monthStarts(span, context);
  const labels = sql.join(
    months.map((m) => sql`${m}`),
    sql`, `,
  );
  const bounds = sql.join(
    starts.map((at) => sql`${at.toISOString()}::timestamptz`),
    sql`, `,
  );
  return sql`(array[${labels}]::text[])[width_bucket(${column}, array[${bounds}])]`;
}

/**
 * The signed cases of a marketing source in a month as the attribution report counts them (the denominator of
 * its cost per signed case): leads whose first tracked call came through the source in the month (in the
 * office's zone), whose matter has a signed appointment.
 */
export function signedBySourceRows(source: string, month: string, context: RowContext): RowSet {
  const signed = sql`exists (select 1 from ${appointments} where ${appointments.inquiryId} = ${attributionLeads.inquiryId} and ${appointments.deletedAt} is null and ${appointments.stageId} = ${sql.raw(String(SIGNED_STAGE))})`;
  return {
    title: `Signed cases first reached through ${source}`,
    from: sql`${attributionLeads}`,
    display: sql`join ${as(inquiries, leadInquiry)} on ${leadInquiry.id} = ${attributionLeads.inquiryId} join ${as(clients, leadClient)} on ${leadClient.id} = ${leadInquiry.clientId} join ${as(offices, leadOffice)} on ${leadOffice.id} = ${attributionLeads.officeId}`,
    where: all(
      sql`${attributionLeads.firstMonth} = ${month} and ${attributionLeads.firstSource} = ${source}`,
      inScope(attributionLeads.officeId, context),
      signed,
    ),
    columns: [
      { id: 'firstCall', header: 'First Call', unit: 'instant', expr: isoInstant(attributionLeads.firstCallTime) },
      {
        id: 'client',
        header: 'Client',
        unit: 'text',
        expr: sql`trim(concat_ws(' ', ${leadClient.firstName}, ${leadClient.lastName}))`,
      },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${leadOffice.name}` },
      { id: 'source', header: 'First Touch', unit: 'text', expr: sql`${attributionLeads.firstSource}` },
      { id: 'lastSource', header: 'Last Touch', unit: 'text', expr: sql`${attributionLeads.lastSource}` },
    ],
    order: sql`${attributionLeads.firstCallTime}, ${attributionLeads.inquiryId}`,
    id: sql`${attributionLeads.inquiryId}`,
    measure: { kind: 'count' },
    dimensions: {
      officeId: sql`${attributionLeads.officeId}`,
      source: sql`${attributionLeads.firstSource}`,
      month: sql`${attributionLeads.firstMonth}`,
    },
  };
}
