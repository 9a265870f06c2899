import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { and, eq, sql } from 'drizzle-orm';
import { buildClient } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { setPermissions } from '../access/access.service.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages, smsOptOuts } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccountEvents, collectionAccounts } from './collections.tables.ts';
import { paymentPlanInstalments, paymentPlans } from './payment-plans.tables.ts';
import { officeToday } from '@casedesk/contract/common/dates';

/**
 * Accounts, payments and users for the payment plan tests, inserted directly (the accounts' own routes and
 * factory belong to the accounts module).
 */

type Db = ReturnType<TestApp['db']>;
let serial = 0;
const faker = new Faker({ locale: [en_US, en, base] });
faker.seed(7_301);

export interface OfficeRow {
  id: string;
  name: string;
  timeZone: string;
  smsNumber: string;
}

export async function officeNamed(db: Db, name: string): Promise<OfficeRow> {
  const [row] = await db
    .select({ id: offices.id, name: offices.name, timeZone: offices.timeZone, smsNumber: offices.smsNumber })
    .from(offices)
    .where(eq(offices.name, name));
  return row!;
}

export const todayAt = (office: OfficeRow, now = new Date()) => officeToday(office.timeZone, now);

/** A ten-digit number no other test row has (a 555 exchange that reaches nobody). */
function uniquePhone(): string {
  serial += 1;
  return `60955${String(process.pid % 100).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
}

export interface TestAccount {
  id: string;
  accountNumber: number;
  officeId: string;
  clientId: string;
  phone: string;
}

/** A client of the office and an account on their matter owing `originalCents`. */
export async function insertAccount(
  db: Db,
  officeId: string,
  values: {
    originalCents?: number;
    collectorId?: string | null;
    status?: CollectionStatus;
    phone?: string | null;
  } = {},
): Promise<TestAccount> {
  const phone = values.phone === undefined ? uniquePhone() : values.phone;
  const [client] = await db
    .insert(clients)
    .values(
      buildClient(faker, {
        officeId,
        mobileNumber: phone,
        primaryNumber: null,
        homeNumber: null,
        secondaryNumber: null,
      }),
    )
    .returning({ id: clients.id });
  const [account] = await db
    .insert(collectionAccounts)
    .values({
      officeId,
      clientId: client!.id,
      originalCents: values.originalCents ?? 30_000,
      collectorId: values.collectorId ?? null,
      status: values.status ?? 'ACTIVE',
    })
    .returning({ id: collectionAccounts.id, accountNumber: collectionAccounts.accountNumber });
  return { id: account!.id, accountNumber: account!.accountNumber, officeId, clientId: client!.id, phone: phone ?? '' };
}

/** A cash-flow payment carrying the account (its trigger adds it to what the account was paid). */
export async function insertPayment(db: Db, account: TestAccount, cents: number, paymentDate: string): Promise<void> {
  serial += 1;
  await db.insert(payments).values({
    receiptNumber: 7_000_000 + serial,
    officeId: account.officeId,
    clientId: account.clientId,
    paymentType: 'CHECK',
    feesCents: cents,
    costCents: 0,
    paymentDate,
    collectionAccountId: account.id,
  });
}

export async function optOut(db: Db, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ phoneNumber: phone, optedOut: true });
}

/** A user whose ALL_ACCOUNTS (READ and UPDATE) reaches only the offices given, signed in with the demo password. */
export async function accountsUserIn(t: TestApp, officeIds: string[]): Promise<{ id: string; mail: string }> {
  serial += 1;
  const mail = `plans-${process.pid}-${serial}@casedesk.local`;
  const [row] = await t
    .db()
    .insert(users)
    .values({ displayName: `Collector ${serial}`, mail, role: 'COLLECTOR', officeId: officeIds[0] })
    .returning({ id: users.id });
  await setLocalPassword(t.db(), row!.id, DEMO_PASSWORD);
  const inOffices = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }];
  const permission: Permission = {
    permissionType: 'ALL_ACCOUNTS',
    accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: inOffices })),
  };
  await setPermissions(t.db(), row!.id, [permission]);
  return { id: row!.id, mail };
}

export async function instalmentsOf(db: Db, planId: string) {
  return db
    .select()
    .from(paymentPlanInstalments)
    .where(eq(paymentPlanInstalments.planId, planId))
    .orderBy(paymentPlanInstalments.seq);
}

export async function planOf(db: Db, accountId: string) {
  const [row] = await db.select().from(paymentPlans).where(eq(paymentPlans.accountId, accountId));
  return row!;
}

export async function accountRow(db: Db, accountId: string) {
  const [row] = await db.select().from(collectionAccounts).where(eq(collectionAccounts.id, accountId));
  return row!;
}

export async function eventsOf(db: Db, accountId: string) {
  return db
    .select()
    .from(collectionAccountEvents)
    .where(eq(collectionAccountEvents.accountId, accountId))
    .orderBy(collectionAccountEvents.at);
}

export async function textsOf(db: Db, accountId: string) {
  return db.select().from(smsMessages).where(eq(smsMessages.collectionAccountId, accountId));
}

export async function accountNotifications(db: Db, accountId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.notificationId, accountId), eq(notifications.notificationType, 'ACCOUNT')));
}

/** Moves a plan's version start back (as if it were made on an earlier day), for payments entered "before" it. */
export async function startVersionAt(db: Db, planId: string, at: Date): Promise<void> {
  await db.execute(
    sql`update payment_plan_versions set at = ${at.toISOString()}::timestamptz where plan_id = ${planId}::uuid`,
  );
}
