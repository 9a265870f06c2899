import type { PaymentType } from '@casedesk/contract/accounting/payment';
import type { Faker } from '@faker-js/faker';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  bankDeposits,
  cashFlowReconciliations,
  officeReceiptCounters,
  payments,
} from '../modules/accounting/accounting.tables.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { clients } from '../modules/clients/clients.tables.ts';
import { collectionAccounts } from '../modules/collections/collections.tables.ts';
import { inquiries } from '../modules/inquiries/inquiries.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';
import { seedTrust } from './trust.seed.ts';

/** Weekdays of cash flow the demo has, before today; days older than SIGNED_AFTER_DAYS are reconciled. */
const DAYS_BACK = 91;
const SIGNED_AFTER_DAYS = 4;
const DESK_TYPES: PaymentType[] = ['CASH', 'CHECK', 'CHECK', 'MONEY_ORDER', 'CARD'];
const POSTED_TYPES: PaymentType[] = ['ACH', 'WIRE'];

type NewPayment = typeof payments.$inferInsert & { id: string };

/** The instant of a wall-clock time on a day in a zone (the zone's offset that day). */
export function zonedInstant(day: string, hour: number, minute: number, timeZone: string): Date {
  const guess = new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const inZone = new Date(guess.toLocaleString('en-US', { timeZone }));
  const inUtc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (inZone.getTime() - inUtc.getTime()));
}

function daysBefore(today: string, count: number): string[] {
  const days: string[] = [];
  const at = new Date(`${today}T12:00:00Z`);
  for (let back = 1; back <= count; back += 1) {
    const d = new Date(at.getTime() - back * 86_400_000);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days.reverse();
}

/**
 * Accounting demo data: three months of weekday cash flow for every office with clients (office-entered at the
 * desk, card and cash and checks; accounting-posted ACH and wires), a few entries reversed, the bank deposits,
 * every day older than four days reconciled except one left with a one-cent difference to find, and a few
 * entries today for the office-entered view. Receipt numbers run from 1 in each office. Some matter payments go
 * to the trust account, with their ledgers and a signed three-way reconciliation (trust.seed.ts). A client's
 * operating payments pay down their collection account, if they have one (collections.seed.ts).
 */
export async function seedAccounting(db: Db, faker: Faker, now = new Date()): Promise<void> {
  const officeRows = await db
    .select({ id: offices.id, timeZone: offices.timeZone, name: offices.name })
    .from(offices)
    .where(eq(offices.status, 'ACTIVE'))
    .orderBy(offices.name);
  const clientRows = await db
    .select({ id: clients.id, officeId: clients.officeId })
    .from(clients)
    .where(sql`${clients.mergedIntoId} is null`);
  const matterRows = await db
    .select({ id: inquiries.id, clientId: inquiries.clientId, lawTypeId: inquiries.lawTypeId })
    .from(inquiries);
  const staff = await db
    .select({ id: users.id, officeId: users.officeId, role: users.role })
    .from(users)
    .where(inArray(users.role, ['ADMIN', 'MANAGER', 'OPERATOR']));
  const admin = staff.find((u) => u.role === 'ADMIN');
  const matterOf = new Map(matterRows.map((m) => [m.clientId, m]));
  // Clients with a collection account (collections.seed.ts opened them): their fees pay it down.
  const accountOf = new Map(
    (
      await db.select({ id: collectionAccounts.id, clientId: collectionAccounts.clientId }).from(collectionAccounts)
    ).map((a) => [a.clientId, a.id]),
  );
  const entries: NewPayment[] = [];
  const deposits: (typeof bankDeposits.$inferInsert)[] = [];
  const signed: (typeof cashFlowReconciliations.$inferInsert)[] = [];
  const counters: (typeof officeReceiptCounters.$inferInsert)[] = [];

  officeRows.forEach((office, officeIndex) => {
    const officeClients = clientRows.filter((c) => c.officeId === office.id);
    if (officeClients.length === 0) return;
    const desk = staff.find((u) => u.officeId === office.id && u.role !== 'ADMIN') ?? admin;
    const today = officeToday(office.timeZone, now);
    const days = daysBefore(today, DAYS_BACK);
    // The first office's most recent signed-age day is the one left with a one-cent difference.
    const unbalancedDay = officeIndex === 0 ? days[days.length - SIGNED_AFTER_DAYS] : undefined;
    let receipt = 0;
    const enter = (day: string, at: Date, posted: boolean): NewPayment => {
      const client = faker.helpers.arrayElement(officeClients);
      const matter = matterOf.get(client.id);
      receipt += 1;
      const entry: NewPayment = {
        id: faker.string.uuid(),
        officeId: office.id,
        clientId: client.id,
        inquiryId: matter?.id ?? null,
        lawTypeId: matter?.lawTypeId ?? null,
        paymentType: faker.helpers.arrayElement(posted ? POSTED_TYPES : DESK_TYPES),
        // About one matter payment in eight is client money for the trust account (trust.seed.ts).
        account: matter && faker.datatype.boolean({ probability: 0.125 }) ? 'TRUST' : 'OPERATING',
        feesCents: faker.number.int({ min: 2, max: 100 }) * 2_500,
        costCents: faker.datatype.boolean({ probability: 0.25 }) ? faker.number.int({ min: 1, max: 40 }) * 1_250 : 0,
        receiptNumber: receipt,
        paymentDate: day,
        officeEntered: !posted,
        enteredById: (posted ? admin : desk)?.id ?? null,
        enteredAt: at,
      };
      // Operating money only: trust money is the client's, not a payment of what they owe.
      entry.collectionAccountId = entry.account === 'OPERATING' ? (accountOf.get(client.id) ?? null) : null;
      entries.push(entry);
      return entry;
    };
    days.forEach((day, dayIndex) => {
      const dayEntries: NewPayment[] = [];
      const count = faker.number.int({ min: 2, max: 5 });
      for (let i = 0; i < count; i += 1) {
        const at = zonedInstant(day, 9 + i * 2, faker.number.int({ min: 0, max: 59 }), office.timeZone);
        dayEntries.push(enter(day, at, faker.datatype.boolean({ probability: 0.3 })));
      }
      // About one day in twenty has an entry typed twice and reversed the same day.
      if (faker.datatype.boolean({ probability: 0.05 })) {
        const twice = dayEntries[0]!;
        entries.push({
          ...twice,
          id: faker.string.uuid(),
          feesCents: -twice.feesCents,
          costCents: -twice.costCents,
          receiptNumber: null,
          enteredById: admin?.id ?? null,
          enteredAt: new Date(twice.enteredAt!.getTime() + 3_600_000),
          reversesId: twice.id,
          reason: 'Entered twice',
        });
        dayEntries.shift();
      }
      const net = (list: NewPayment[]) => list.reduce((s, p) => s + p.feesCents + p.costCents, 0);
      const deskCents = net(dayEntries.filter((p) => p.officeEntered));
      const postedCents = net(dayEntries.filter((p) => !p.officeEntered));
      const depositCents = deskCents + postedCents + (day === unbalancedDay ? 1 : 0);
      if (depositCents !== 0) {
        deposits.push({
          officeId: office.id,
          depositDate: day,
          amountCents: depositCents,
          reference: `Deposit ${office.name.slice(0, 3).toUpperCase()}-${day.replaceAll('-', '')}`,
          enteredById: admin?.id ?? null,
          enteredAt: zonedInstant(day, 18, 0, office.timeZone),
        });
      }
      if (dayIndex < days.length - SIGNED_AFTER_DAYS + 1 && day !== unbalancedDay) {
        signed.push({
          officeId: office.id,
          day,
          version: 1,
          status: 'RECONCILED',
          officeEnteredCents: deskCents,
          accountingCents: postedCents,
          depositCents,
          note: null,
          byId: admin?.id ?? null,
          at: zonedInstant(day, 19, 30, office.timeZone),
        });
      }
    });
    // Today's desk so far: a few entries in the last hours.
    for (let i = 3; i >= 1; i -= 1) enter(today, new Date(now.getTime() - i * 40 * 60_000), false);
    counters.push({ officeId: office.id, lastNumber: receipt });
  });

  // Originals before their reversals (the foreign key), in batches.
  const ordered = [...entries.filter((p) => !p.reversesId), ...entries.filter((p) => p.reversesId)];
  for (let i = 0; i < ordered.length; i += 500) await db.insert(payments).values(ordered.slice(i, i + 500));
  for (let i = 0; i < deposits.length; i += 500) await db.insert(bankDeposits).values(deposits.slice(i, i + 500));
  for (let i = 0; i < signed.length; i += 500) {
    await db.insert(cashFlowReconciliations).values(signed.slice(i, i + 500));
  }
  if (counters.length) await db.insert(officeReceiptCounters).values(counters);
  await seedTrust(db, faker, officeRows, ordered, admin?.id ?? null, now);
}
