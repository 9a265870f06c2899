import { CALL_FINAL_STATUSES } from '@casedesk/contract/calls/call-status';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { getTableName } from 'drizzle-orm';
import { appointments, appointmentStages } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import type { RowColumn, RowSet } from './row-set.repository.ts';
import { isoInstant } from './row-set.repository.ts';

/**
 * The row kinds the dashboards count (calls, texts, leads, appointments) with their drill-down columns; each
 * figure is one of these plus its predicate (call-center-rows, office-rows, corporate-rows).
 */

/** A table under another name in raw SQL: `"users" "operator"` (an alias alone renders as its name). */
function as(table: PgTable, aliased: PgTable): SQL {
  return sql`${table} ${sql.identifier(getTableName(aliased))}`;
}

const operator = alias(users, 'operator');
const callOffice = alias(offices, 'call_office');

export const FINAL_CALL = sql.raw(`(${CALL_FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

const CALL_COLUMNS: RowColumn[] = [
  { id: 'time', header: 'Time', unit: 'instant', expr: isoInstant(calls.callStartTime) },
  { id: 'direction', header: 'Direction', unit: 'text', expr: sql`${calls.direction}` },
  { id: 'callerId', header: 'Caller Id', unit: 'text', expr: sql`${calls.callerId}` },
  { id: 'numberDialed', header: 'Number Dialed', unit: 'text', expr: sql`${calls.numberDialed}` },
  { id: 'operator', header: 'Op Name', unit: 'text', expr: sql`${operator.displayName}` },
  { id: 'office', header: 'Office', unit: 'text', expr: sql`${callOffice.name}` },
  { id: 'status', header: 'Status', unit: 'text', expr: sql`${calls.status}` },
  { id: 'talkSeconds', header: 'Talk Seconds', unit: 'seconds', expr: sql`${calls.durationInSeconds}` },
];

/** Calls: the predicate, title and measure come from the figure. */
export function callRows(
  title: string,
  where: SQL,
  extra: Pick<RowSet, 'measure'> & { columns?: RowColumn[] },
): RowSet {
  return {
    title,
    from: sql`${calls}`,
    display: sql`left join ${as(users, operator)} on ${operator.id} = ${calls.operatorId} left join ${as(offices, callOffice)} on ${callOffice.id} = ${calls.officeId}`,
    where,
    columns: [...CALL_COLUMNS, ...(extra.columns ?? [])],
    order: sql`${calls.callStartTime} desc, ${calls.id}`,
    id: sql`${calls.id}`,
    measure: extra.measure,
    dimensions: { officeId: sql`${calls.officeId}`, userId: sql`${calls.operatorId}` },
  };
}

const textOperator = alias(users, 'text_operator');
const textOffice = alias(offices, 'text_office');
const textClient = alias(clients, 'text_client');

export function textRows(title: string, where: SQL): RowSet {
  return {
    title,
    from: sql`${smsMessages}`,
    display: sql`left join ${as(users, textOperator)} on ${textOperator.id} = ${smsMessages.operatorId} left join ${as(offices, textOffice)} on ${textOffice.id} = ${smsMessages.officeId} left join ${as(clients, textClient)} on ${textClient.id} = ${smsMessages.clientId}`,
    where,
    columns: [
      { id: 'time', header: 'Time', unit: 'instant', expr: isoInstant(smsMessages.createdDate) },
      { id: 'direction', header: 'Direction', unit: 'text', expr: sql`${smsMessages.direction}` },
      { id: 'number', header: 'Phone Number', unit: 'text', expr: sql`${smsMessages.participantNumber}` },
      {
        id: 'client',
        header: 'Client',
        unit: 'text',
        expr: sql`nullif(trim(concat_ws(' ', ${textClient.firstName}, ${textClient.lastName})), '')`,
      },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${textOffice.name}` },
      { id: 'operator', header: 'Operator', unit: 'text', expr: sql`${textOperator.displayName}` },
    ],
    order: sql`${smsMessages.createdDate} desc, ${smsMessages.id}`,
    id: sql`${smsMessages.id}`,
    measure: { kind: 'count' },
    dimensions: { officeId: sql`${smsMessages.officeId}`, userId: sql`${smsMessages.operatorId}` },
  };
}

const later = alias(smsMessages, 'later_text');

/** An inbound text no outbound text to the same number followed (from any office, by anyone). */
export const UNANSWERED_TEXT = sql`${smsMessages.direction} = 'INBOUND' and not exists (select 1 from ${as(smsMessages, later)} where ${later.participantNumber} = ${smsMessages.participantNumber} and ${later.direction} = 'OUTBOUND' and ${later.createdDate} > ${smsMessages.createdDate})`;

const leadClient = alias(clients, 'lead_client');
const leadOffice = alias(offices, 'lead_office');
const leadOwner = alias(users, 'lead_owner');
const leadCreator = alias(users, 'lead_creator');

export function leadRows(title: string, where: SQL): RowSet {
  return {
    title,
    from: sql`${inquiries}`,
    display: sql`left join ${as(clients, leadClient)} on ${leadClient.id} = ${inquiries.clientId} left join ${as(offices, leadOffice)} on ${leadOffice.id} = ${inquiries.officeId} left join ${as(users, leadOwner)} on ${leadOwner.id} = ${inquiries.leadOwnerId} left join ${as(users, leadCreator)} on ${leadCreator.id} = ${inquiries.createdById}`,
    where,
    columns: [
      { id: 'time', header: 'Created', unit: 'instant', expr: isoInstant(inquiries.createdAt) },
      {
        id: 'client',
        header: 'Name',
        unit: 'text',
        expr: sql`trim(concat_ws(' ', ${leadClient.firstName}, ${leadClient.lastName}))`,
      },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${leadOffice.name}` },
      { id: 'source', header: 'Source', unit: 'text', expr: sql`${inquiries.source}` },
      { id: 'leadOwner', header: 'Lead Owner', unit: 'text', expr: sql`${leadOwner.displayName}` },
      { id: 'createdBy', header: 'Created By', unit: 'text', expr: sql`${leadCreator.displayName}` },
    ],
    order: sql`${inquiries.createdAt} desc, ${inquiries.id}`,
    id: sql`${inquiries.id}`,
    measure: { kind: 'count' },
    dimensions: { officeId: sql`${inquiries.officeId}`, userId: sql`${inquiries.createdById}` },
  };
}

export const apptOffice = alias(offices, 'appt_office');
const apptClient = alias(clients, 'appt_client');
const apptAttorney = alias(attorneys, 'appt_attorney');
const apptAttorneyUser = alias(users, 'appt_attorney_user');
const apptBooker = alias(users, 'appt_booker');
const apptStage = alias(appointmentStages, 'appt_stage');

/**
 * Appointments that are not deleted. `from` joins the appointment's office (its zone decides the office
 * widgets' days); the names are joined only for the drill-down.
 */
export function appointmentRows(title: string, where: SQL): RowSet {
  return {
    title,
    from: sql`${appointments} join ${as(offices, apptOffice)} on ${apptOffice.id} = ${appointments.officeId}`,
    display: sql`join ${as(clients, apptClient)} on ${apptClient.id} = ${appointments.clientId} left join ${as(attorneys, apptAttorney)} on ${apptAttorney.id} = ${appointments.attorneyId} left join ${as(users, apptAttorneyUser)} on ${apptAttorneyUser.id} = ${apptAttorney.userId} left join ${as(users, apptBooker)} on ${apptBooker.id} = ${appointments.bookedById} left join ${as(appointmentStages, apptStage)} on ${apptStage.id} = ${appointments.stageId}`,
    where: sql`${appointments.deletedAt} is null and ${where}`,
    columns: [
      {
        id: 'appointmentTime',
        header: 'Appointment',
        unit: 'instant',
        expr: isoInstant(appointments.appointmentDateTime),
      },
      {
        id: 'client',
        header: 'Client',
        unit: 'text',
        expr: sql`trim(concat_ws(' ', ${apptClient.firstName}, ${apptClient.lastName}))`,
      },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${apptOffice.name}` },
      { id: 'attorney', header: 'Attorney', unit: 'text', expr: sql`${apptAttorneyUser.displayName}` },
      { id: 'stage', header: 'Stage', unit: 'text', expr: sql`${apptStage.name}` },
      { id: 'apptStatus', header: 'Appt Status', unit: 'text', expr: sql`${appointments.apptStatus}` },
      { id: 'bookedBy', header: 'Booked By', unit: 'text', expr: sql`${apptBooker.displayName}` },
      { id: 'bookedAt', header: 'Booked', unit: 'instant', expr: isoInstant(appointments.createdAt) },
    ],
    order: sql`${appointments.appointmentDateTime}, ${appointments.id}`,
    id: sql`${appointments.id}`,
    measure: { kind: 'count' },
    dimensions: { officeId: sql`${appointments.officeId}`, userId: sql`${appointments.bookedById}` },
  };
}
