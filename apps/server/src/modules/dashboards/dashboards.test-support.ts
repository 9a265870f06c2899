import type { PermissionType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import type { ApptStatus } from '@casedesk/contract/appointments/row-colour';
import type { CallStatus } from '@casedesk/contract/calls/call-status';
import type { Role } from '@casedesk/contract/users/user';
import { setPermissions } from '../access/access.service.ts';
import { cashFlowReconciliations, payments } from '../accounting/accounting.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';

/** Rows written straight to the tables for the dashboard tests (each test owns the rows it counts). */

let serial = 0;
const next = () => (serial += 1);

export async function insertOffice(db: Db, timeZone = 'America/New_York'): Promise<{ id: string; name: string }> {
  const n = next();
  const digits = `${(800 + (n % 90)).toString()}444${String(n % 10_000).padStart(4, '0')}`;
  const [row] = await db
    .insert(offices)
    .values({
      name: `Dashboard Test ${n} ${crypto.randomUUID().slice(0, 8)}`,
      phone: digits,
      smsNumber: digits,
      outboundCallerId: digits,
      timeZone,
    })
    .returning({ id: offices.id, name: offices.name });
  return row!;
}

const inOffices = (officeIds: string[]): Condition[] =>
  officeIds.length ? [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: officeIds }] : [];

/** READ of the given dashboards, limited to `officeIds` (all offices when empty). */
export function dashboardPermissions(types: PermissionType[], officeIds: string[] = []): Permission[] {
  return types.map((permissionType) => ({
    permissionType,
    accessLevelDTO: [{ accessType: 'READ', conditionDTO: inOffices(officeIds) }],
  }));
}

export async function insertUser(
  db: Db,
  officeId: string | null,
  permissions: Permission[],
  role: Role = 'MANAGER',
): Promise<{ id: string; mail: string; displayName: string }> {
  const n = next();
  const displayName = `Dash user ${n}`;
  const [row] = await db
    .insert(users)
    .values({ displayName, mail: `dashboard-${n}-${crypto.randomUUID().slice(0, 8)}@casedesk.local`, role, officeId })
    .returning({ id: users.id, mail: users.mail });
  await setLocalPassword(db, row!.id, DEMO_PASSWORD);
  await setPermissions(db, row!.id, permissions);
  return { ...row!, displayName };
}

export async function insertClient(db: Db, officeId: string): Promise<string> {
  const [row] = await db
    .insert(clients)
    .values({ firstName: 'Casey', lastName: `Dash ${next()}`, officeId })
    .returning({ id: clients.id });
  return row!.id;
}

export async function insertAttorney(db: Db, officeId: string): Promise<string> {
  const user = await insertUser(db, officeId, [], 'ATTORNEY');
  const [row] = await db
    .insert(attorneys)
    .values({ userId: user.id, officeId, lawType: 'PI', jurisdiction: 'NY' })
    .returning({ id: attorneys.id });
  return row!.id;
}

export interface CallSpec {
  officeId: string;
  at: Date;
  direction?: 'INBOUND' | 'OUTBOUND';
  seconds?: number | null;
  status?: CallStatus;
  operatorId?: string | null;
  trackingLineId?: string;
  inquiryId?: string;
  callerId?: string;
}

export async function insertCall(db: Db, spec: CallSpec): Promise<string> {
  const [row] = await db
    .insert(calls)
    .values({
      trackingLineId: spec.trackingLineId ?? null,
      inquiryId: spec.inquiryId ?? null,
      officeId: spec.officeId,
      callStartTime: spec.at,
      direction: spec.direction ?? 'INBOUND',
      durationInSeconds: spec.seconds === undefined ? 60 : spec.seconds,
      status: spec.status ?? 'completed',
      operatorId: spec.operatorId ?? null,
      callerId: spec.callerId ?? '2125550100',
      numberDialed: '2125550199',
    })
    .returning({ id: calls.id });
  return row!.id;
}

export interface TextSpec {
  officeId: string;
  at: Date;
  direction: 'INBOUND' | 'OUTBOUND';
  number: string;
}

export async function insertText(db: Db, spec: TextSpec): Promise<string> {
  const office = '2125550000';
  const [row] = await db
    .insert(smsMessages)
    .values({
      officeId: spec.officeId,
      createdDate: spec.at,
      direction: spec.direction,
      fromNumber: spec.direction === 'INBOUND' ? spec.number : office,
      toNumber: spec.direction === 'INBOUND' ? office : spec.number,
      body: 'hello',
      status: spec.direction === 'INBOUND' ? 'received' : 'delivered',
    })
    .returning({ id: smsMessages.id });
  return row!.id;
}

export async function insertLead(
  db: Db,
  spec: { officeId: string; clientId: string; at: Date; source?: string; createdById?: string },
): Promise<string> {
  const [row] = await db
    .insert(inquiries)
    .values({
      officeId: spec.officeId,
      clientId: spec.clientId,
      createdAt: spec.at,
      source: spec.source ?? null,
      createdById: spec.createdById ?? null,
    })
    .returning({ id: inquiries.id });
  return row!.id;
}

export interface AppointmentSpec {
  officeId: string;
  clientId: string;
  attorneyId: string;
  at: Date;
  bookedAt?: Date;
  bookedById?: string | null;
  stageId?: number;
  apptStatus?: ApptStatus;
  inquiryId?: string | null;
  deleted?: boolean;
}

export async function insertAppointment(db: Db, spec: AppointmentSpec): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({
      officeId: spec.officeId,
      clientId: spec.clientId,
      attorneyId: spec.attorneyId,
      appointmentDateTime: spec.at,
      createdAt: spec.bookedAt ?? spec.at,
      bookedById: spec.bookedById ?? null,
      stageId: spec.stageId ?? 117,
      apptStatus: spec.apptStatus ?? 'NOT_CALLED',
      inquiryId: spec.inquiryId ?? null,
      deletedAt: spec.deleted ? spec.at : null,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

let receipt = 900_000;

export async function insertPayment(
  db: Db,
  spec: {
    officeId: string;
    clientId: string;
    day: string;
    feesCents: number;
    costCents?: number;
    collectionAccountId?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      collectionAccountId: spec.collectionAccountId ?? null,
      officeId: spec.officeId,
      clientId: spec.clientId,
      paymentType: 'CHECK',
      feesCents: spec.feesCents,
      costCents: spec.costCents ?? 0,
      receiptNumber: (receipt += 1),
      paymentDate: spec.day,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** A reversal of part of an entry (negative amounts), on a day of its own. */
export async function insertReversal(
  db: Db,
  spec: { officeId: string; clientId: string; day: string; reversesId: string; feesCents: number },
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      officeId: spec.officeId,
      clientId: spec.clientId,
      paymentType: 'CHECK',
      feesCents: -spec.feesCents,
      costCents: 0,
      paymentDate: spec.day,
      reversesId: spec.reversesId,
      reason: 'Entered twice',
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function reconcile(db: Db, officeId: string, day: string): Promise<void> {
  await db.insert(cashFlowReconciliations).values({
    officeId,
    day,
    version: 1,
    status: 'RECONCILED',
    officeEnteredCents: 0,
    accountingCents: 0,
    depositCents: 0,
  });
}

export async function insertAccount(
  db: Db,
  spec: {
    officeId: string;
    clientId: string;
    followUpDate: string | null;
    status?: CollectionStatus;
    originalCents?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(collectionAccounts)
    .values({
      officeId: spec.officeId,
      clientId: spec.clientId,
      followUpDate: spec.followUpDate,
      status: spec.status ?? 'ACTIVE',
      originalCents: spec.originalCents ?? 10_000,
    })
    .returning({ id: collectionAccounts.id });
  return row!.id;
}

/** A CSV export's data rows (after the heading, the blank line and the header line). */
export function csvDataRows(csv: string): string[] {
  const lines = csv.replace(/^\ufeff/, '').split('\r\n');
  const blank = lines.indexOf('');
  return lines.slice(blank + 2).filter((line) => line !== '');
}
