import type { PaymentType } from '@casedesk/contract/accounting/payment';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { SEEDED_TERMS } from '@casedesk/contract/collections/term';
import { formatDateInput } from '@casedesk/contract/common/text';
import type { Faker } from '@faker-js/faker';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  bankDeposits,
  cashFlowReconciliations,
  officeReceiptCounters,
  payments,
} from '../modules/accounting/accounting.tables.ts';
import { officeToday } from '../modules/accounting/office-day.ts';
import { calls } from '../modules/calls/calls.tables.ts';
import { clients } from '../modules/clients/clients.tables.ts';
import {
  collectionAccountEvents,
  collectionAccounts,
  collectionAdjustments,
  collectionTerms,
} from '../modules/collections/collections.tables.ts';
import { dropdownOptions } from '../modules/dropdowns/dropdowns.tables.ts';
import { inquiries } from '../modules/inquiries/inquiries.tables.ts';
import { notifications } from '../modules/notifications/notifications.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import { smsMessages } from '../modules/sms/sms.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';
import { zonedInstant } from './accounting.seed.ts';

/** How many accounts of each status the demo has (about 60), in every branch office. */
const STATUS_MIX: [CollectionStatus, number][] = [
  ['ACTIVE', 20],
  ['REVIEW', 8],
  ['ESCALATION', 8],
  ['PAYMENT_PLAN', 10],
  ['PAID', 7],
  ['CLOSED', 7],
];
/** Most accounts are the seeded collector's; the rest wait for someone to assign them. */
const ASSIGNED_SHARE = 0.8;
/**
 * Collection payments are dated before the cash-flow demo's days (the 91 before today, accounting.seed.ts), on
 * weekdays: an account's first payment this many days back, the next ones PAYMENT_STEP_DAYS apart (at most four,
 * so the last is still more than 91 days back).
 */
const HISTORY_DAYS_BACK = { min: 170, max: 330 };
const PAYMENT_STEP_DAYS = 21;
const CALL_RESOLUTIONS = ['Promised to pay', 'Left voicemail', 'No answer', 'Disputed balance', 'Asked for a plan'];
const OUTBOUND_TEXTS = [
  'Hi, this is your collections specialist at the firm. Please call us back about your account balance.',
  'A reminder that a payment on your account is due this week. Reply here with any questions.',
  'Thank you for your payment. Your remaining balance is on your next statement.',
];
const INBOUND_TEXTS = ['I can pay on Friday.', 'Can we set up a payment plan?', 'I already paid this.', 'Call me after 5.'];
const STATUS_NOTES: Partial<Record<CollectionStatus, string>> = {
  REVIEW: 'Client disputes part of the balance; checking the fee agreement.',
  ESCALATION: 'No response after repeated calls and texts.',
  PAYMENT_PLAN: 'Client agreed to monthly payments.',
  PAID: 'Paid in full.',
  CLOSED: 'Settled; the rest written off.',
};

type NewPayment = typeof payments.$inferInsert;
type NewEvent = typeof collectionAccountEvents.$inferInsert;

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const isWeekday = (day: string) => ![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/**
 * Collections demo data, so the collector's first sign-in shows real work: the terms, about 60 accounts in every
 * status across the branch offices, most assigned to the seeded collector, follow-ups past, today and ahead; their
 * history (opening, status changes with reasons, assignments, notes, write-offs); collection calls and texts
 * carrying the account; and payments through the cash-flow ledger (so paid_cents is the trigger's, as in use),
 * dated before the cash-flow demo's months, each such office day deposited and reconciled like the seed's others.
 * Straight inserts: about 60 accounts and a few hundred rows in all.
 */
export async function seedCollections(db: Db, faker: Faker, now = new Date()): Promise<void> {
  const terms = await db
    .insert(collectionTerms)
    .values(SEEDED_TERMS.map((t) => ({ name: t.name, isPaymentPlan: t.isPaymentPlan })))
    .returning({ id: collectionTerms.id, name: collectionTerms.name, isPaymentPlan: collectionTerms.isPaymentPlan });
  const planTerm = terms.find((t) => t.isPaymentPlan)!;
  const [collector] = await db.select().from(users).where(eq(users.role, 'COLLECTOR'));
  const [admin] = await db.select().from(users).where(eq(users.role, 'ADMIN'));
  if (!collector || !admin) return;
  const officeRows = await db
    .select()
    .from(offices)
    .where(and(eq(offices.status, 'ACTIVE'), eq(offices.officeType, 'OFFICE')))
    .orderBy(offices.name);
  // Clients with a matter in the office and a phone to call and text.
  const candidates = await db
    .select({
      clientId: clients.id,
      inquiryId: inquiries.id,
      officeId: inquiries.officeId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: sql<string | null>`coalesce(${clients.mobileNumber}, ${clients.primaryNumber})`,
    })
    .from(inquiries)
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .where(and(isNotNull(inquiries.officeId), sql`${clients.mergedIntoId} is null`))
    .orderBy(inquiries.createdAt, inquiries.id);
  const [collectionsCategory] = await db
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.dropdownType, 'SMS_CATEGORY'), eq(dropdownOptions.value, 'Collections')));
  const [reminderReason] = await db
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.dropdownType, 'SMS_REASON'), eq(dropdownOptions.value, 'Payment Reminder')));

  const used = new Set<string>();
  const statuses = STATUS_MIX.flatMap(([status, count]) => Array.from({ length: count }, () => status));
  const accounts: (typeof collectionAccounts.$inferInsert & { id: string })[] = [];
  const events: NewEvent[] = [];
  const plannedPayments: { accountId: string; officeId: string; clientId: string; inquiryId: string; cents: number }[] = [];
  const adjustments: (typeof collectionAdjustments.$inferInsert)[] = [];
  const callRows: (typeof calls.$inferInsert)[] = [];
  const textRows: (typeof smsMessages.$inferInsert)[] = [];
  const bell: (typeof notifications.$inferInsert)[] = [];

  statuses.forEach((status, i) => {
    const office = officeRows[i % officeRows.length]!;
    const client = candidates.find((c) => c.officeId === office.id && !used.has(c.clientId));
    if (!client) return;
    used.add(client.clientId);
    const today = officeToday(office.timeZone, now);
    const id = faker.string.uuid();
    const open = !['PAID', 'CLOSED'].includes(status);
    const assigned = faker.datatype.boolean(ASSIGNED_SHARE) || status === 'PAYMENT_PLAN';
    const originalCents = faker.number.int({ min: 20, max: 600 }) * 2_500;
    const openedAt = new Date(now.getTime() - faker.number.int({ min: 200, max: 360 }) * DAY_MS);
    // Open accounts: a third overdue, some due today, the rest ahead; paid and closed ones have none.
    const followUpDate = open
      ? addDays(today, faker.helpers.weightedArrayElement([
          { weight: 4, value: -faker.number.int({ min: 1, max: 12 }) },
          { weight: 2, value: 0 },
          { weight: 6, value: faker.number.int({ min: 1, max: 21 }) },
        ]))
      : null;
    accounts.push({
      id,
      officeId: office.id,
      clientId: client.clientId,
      inquiryId: client.inquiryId,
      status,
      termId: status === 'PAYMENT_PLAN' ? planTerm.id : faker.helpers.arrayElement([...terms.map((t) => t.id), null]),
      collectorId: assigned ? collector.id : null,
      followUpDate,
      originalCents,
      openedById: admin.id,
      openedAt,
    });
    const at = (daysAfterOpening: number) => new Date(openedAt.getTime() + daysAfterOpening * DAY_MS);
    events.push({ accountId: id, kind: 'STATUS', toStatus: 'ACTIVE', title: 'Account opened', byId: admin.id, at: at(0) });
    if (assigned) {
      events.push({
        accountId: id,
        kind: 'ASSIGNMENT',
        title: `Assigned to ${collector.displayName}`,
        byId: admin.id,
        at: at(1),
      });
    }
    if (status !== 'ACTIVE') {
      events.push({
        accountId: id,
        kind: 'STATUS',
        fromStatus: 'ACTIVE',
        toStatus: status,
        title: `Status changed from Active to ${COLLECTION_STATUS_LABELS[status]}`,
        detail: STATUS_NOTES[status] ?? null,
        byId: assigned ? collector.id : admin.id,
        at: at(faker.number.int({ min: 20, max: 120 })),
      });
    }
    if (followUpDate) {
      events.push({
        accountId: id,
        kind: 'FOLLOW_UP',
        title: `Follow-up date set to ${formatDateInput(followUpDate)}`,
        byId: assigned ? collector.id : admin.id,
        at: new Date(now.getTime() - faker.number.int({ min: 1, max: 14 }) * DAY_MS),
      });
    }

    // Payments: paid and closed accounts in full (closed: part paid, the rest written off), plans and some
    // active ones in part.
    const paidCents =
      status === 'PAID'
        ? originalCents
        : status === 'CLOSED'
          ? Math.round((originalCents * faker.number.int({ min: 3, max: 7 })) / 10 / 100) * 100
          : status === 'PAYMENT_PLAN' || faker.datatype.boolean(0.4)
            ? Math.round((originalCents * faker.number.int({ min: 1, max: 5 })) / 10 / 100) * 100
            : 0;
    const parts = paidCents === 0 ? 0 : Math.min(4, Math.max(1, Math.floor(paidCents / 25_000)));
    let left = paidCents;
    for (let p = 0; p < parts; p += 1) {
      const cents = p === parts - 1 ? left : Math.floor(paidCents / parts / 100) * 100;
      left -= cents;
      plannedPayments.push({ accountId: id, officeId: office.id, clientId: client.clientId, inquiryId: client.inquiryId, cents });
    }
    if (status === 'CLOSED') {
      adjustments.push({
        accountId: id,
        amountCents: -(originalCents - paidCents),
        reason: 'Settlement: balance written off',
        byId: admin.id,
        at: at(130),
      });
    }

    // Collection calls and texts of the assigned, open accounts (and some of the others').
    if (!client.phone || !(assigned || faker.datatype.boolean(0.3))) return;
    const worker = assigned ? collector : admin;
    for (let c = 0; c < faker.number.int({ min: 1, max: 3 }); c += 1) {
      const startedAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 40 }) * DAY_MS - c * 3_600_000);
      callRows.push({
        direction: 'OUTBOUND',
        durationInSeconds: faker.number.int({ min: 15, max: 600 }),
        callStartTime: startedAt,
        callerId: office.outboundCallerId,
        numberDialed: client.phone,
        operatorNumber: worker.clickToCall,
        clientId: client.clientId,
        inquiryId: client.inquiryId,
        operatorId: worker.id,
        officeId: office.id,
        collectionAccountId: id,
        title: `${client.firstName} ${client.lastName}`,
        callResolution: faker.helpers.arrayElement(CALL_RESOLUTIONS),
        status: 'completed',
      });
    }
    const textCount = faker.number.int({ min: 0, max: 3 });
    for (let s = 0; s < textCount; s += 1) {
      const sentAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 30 }) * DAY_MS - s * 7_200_000);
      const inbound = s > 0 && faker.datatype.boolean(0.5);
      textRows.push({
        direction: inbound ? 'INBOUND' : 'OUTBOUND',
        fromNumber: inbound ? client.phone : office.smsNumber,
        toNumber: inbound ? office.smsNumber : client.phone,
        body: faker.helpers.arrayElement(inbound ? INBOUND_TEXTS : OUTBOUND_TEXTS),
        clientId: client.clientId,
        inquiryId: client.inquiryId,
        operatorId: inbound ? null : worker.id,
        officeId: office.id,
        collectionAccountId: id,
        collectorId: assigned ? collector.id : null,
        categoryId: inbound ? null : (collectionsCategory?.id ?? null),
        reasonId: inbound ? null : (reminderReason?.id ?? null),
        status: inbound ? 'received' : 'delivered',
        createdDate: sentAt,
      });
      if (inbound && assigned && open) {
        bell.push({
          userId: collector.id,
          notificationType: 'COLLECTION_SMS',
          notificationId: id,
          description: `New text from ${client.firstName} ${client.lastName} on account (demo)`,
          createdAt: sentAt,
        });
      }
    }
    if (assigned && open && bell.filter((b) => b.notificationType === 'ACCOUNT').length < 3) {
      bell.push({
        userId: collector.id,
        notificationType: 'ACCOUNT',
        notificationId: id,
        description: `An account of ${client.firstName} ${client.lastName} was assigned to you by ${admin.displayName}`,
        createdAt: at(1),
      });
    }
  });

  await db.insert(collectionAccounts).values(accounts);
  await db.insert(collectionAccountEvents).values(events);
  if (adjustments.length) await db.insert(collectionAdjustments).values(adjustments);
  if (callRows.length) await db.insert(calls).values(callRows);
  if (textRows.length) await db.insert(smsMessages).values(textRows);
  await enterPayments(db, faker, plannedPayments, officeRows, admin.id, now);
  if (bell.length) await db.insert(notifications).values(bell);
  // Account numbers are the sequence's: name them in the notifications now that they are known.
  await db.execute(sql`update notifications n set description = replace(n.description, 'on account (demo)',
      'on account ' || a.account_number) from collection_accounts a
    where n.notification_id = a.id and n.description like '%(demo)'`);
}

/**
 * The collection payments as cash-flow entries on weekdays before the cash-flow demo's months, with the office's
 * next receipt numbers; each office day they fall on gets its bank deposit and is reconciled (as every day the
 * accounting seed made older than a few days), so the ledger's days keep balancing.
 */
async function enterPayments(
  db: Db,
  faker: Faker,
  planned: { accountId: string; officeId: string; clientId: string; inquiryId: string; cents: number }[],
  officeRows: { id: string; name: string; timeZone: string }[],
  adminId: string,
  now: Date,
): Promise<void> {
  if (planned.length === 0) return;
  const counters = await db
    .select()
    .from(officeReceiptCounters)
    .where(inArray(officeReceiptCounters.officeId, officeRows.map((o) => o.id)));
  const lastNumber = new Map(counters.map((c) => [c.officeId, c.lastNumber]));
  const rows: NewPayment[] = [];
  // Each account's payments three weeks apart, oldest first.
  const byAccount = new Map<string, typeof planned>();
  for (const p of planned) byAccount.set(p.accountId, [...(byAccount.get(p.accountId) ?? []), p]);
  for (const list of byAccount.values()) {
    const office = officeRows.find((o) => o.id === list[0]!.officeId)!;
    const today = officeToday(office.timeZone, now);
    let day = addDays(today, -faker.number.int(HISTORY_DAYS_BACK));
    for (const p of list) {
      while (!isWeekday(day)) day = addDays(day, -1);
      const receipt = (lastNumber.get(office.id) ?? 0) + 1;
      lastNumber.set(office.id, receipt);
      const desk = faker.datatype.boolean(0.7);
      rows.push({
        officeId: office.id,
        clientId: p.clientId,
        inquiryId: p.inquiryId,
        paymentType: faker.helpers.arrayElement<PaymentType>(desk ? ['CHECK', 'CARD', 'CASH'] : ['ACH']),
        feesCents: p.cents,
        costCents: 0,
        receiptNumber: receipt,
        paymentDate: day,
        officeEntered: desk,
        enteredById: adminId,
        enteredAt: zonedInstant(day, 11, faker.number.int({ min: 0, max: 59 }), office.timeZone),
        collectionAccountId: p.accountId,
      });
      day = addDays(day, PAYMENT_STEP_DAYS);
    }
  }
  await db.insert(payments).values(rows);
  for (const [officeId, last] of lastNumber) {
    await db
      .insert(officeReceiptCounters)
      .values({ officeId, lastNumber: last })
      .onConflictDoUpdate({ target: officeReceiptCounters.officeId, set: { lastNumber: last } });
  }
  const days = new Map<string, { officeId: string; day: string; desk: number; posted: number }>();
  for (const r of rows) {
    const key = `${r.officeId} ${r.paymentDate}`;
    const sums = days.get(key) ?? { officeId: r.officeId, day: r.paymentDate, desk: 0, posted: 0 };
    if (r.officeEntered) sums.desk += r.feesCents;
    else sums.posted += r.feesCents;
    days.set(key, sums);
  }
  const office = (id: string) => officeRows.find((o) => o.id === id)!;
  await db.insert(bankDeposits).values(
    [...days.values()].map((d) => ({
      officeId: d.officeId,
      depositDate: d.day,
      amountCents: d.desk + d.posted,
      reference: `Deposit ${office(d.officeId).name.slice(0, 3).toUpperCase()}-${d.day.replaceAll('-', '')}`,
      enteredById: adminId,
      enteredAt: zonedInstant(d.day, 18, 0, office(d.officeId).timeZone),
    })),
  );
  await db.insert(cashFlowReconciliations).values(
    [...days.values()].map((d) => ({
      officeId: d.officeId,
      day: d.day,
      version: 1,
      status: 'RECONCILED' as const,
      officeEnteredCents: d.desk,
      accountingCents: d.posted,
      depositCents: d.desk + d.posted,
      byId: adminId,
      at: zonedInstant(d.day, 19, 30, office(d.officeId).timeZone),
    })),
  );
}
