import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { SEEDED_TERMS } from '@casedesk/contract/collections/term';
import { formatDateInput } from '@casedesk/contract/common/text';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { officeToday } from '@casedesk/contract/common/dates';
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
import { collectionContactAttempts } from '../modules/collections/contact-rules.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

/*
 * Collections demo data, so the collector's first sign-in shows real work. In two steps around the cash-flow
 * seed: the accounts are opened first (one per client, on one of the client's matters), so the accounting seed's
 * operating payments of those clients carry their account (the payments trigger keeps paid_cents, as in use);
 * once the money is in, each account gets its status, what it was owed, its collector, follow-up, history,
 * write-offs, calls, texts and the collector's notifications. A faker of its own, so the other seeds' draws stay
 * as they were. Straight inserts: about 60 accounts and a few hundred rows.
 */

/** How many accounts of each status the demo has (about 60, over the branch offices). */
const STATUS_MIX: [CollectionStatus, number][] = [
  ['ACTIVE', 20],
  ['REVIEW', 8],
  ['ESCALATION', 8],
  ['PAYMENT_PLAN', 10],
  ['PAID', 7],
  ['CLOSED', 7],
];
const ACCOUNTS = STATUS_MIX.reduce((n, [, count]) => n + count, 0);
/** Most accounts are the seeded collector's; the rest wait for someone to assign them. */
const ASSIGNED_SHARE = 0.8;
const CALL_RESOLUTIONS = ['Promised to pay', 'Left voicemail', 'No answer', 'Disputed balance', 'Asked for a plan'];
const OUTBOUND_TEXTS = [
  'Hi, this is your collections specialist at the firm. Please call us back about your account balance.',
  'A reminder that a payment on your account is due this week. Reply here with any questions.',
  'Thank you for your payment. Your remaining balance is on your next statement.',
];
const INBOUND_TEXTS = [
  'I can pay on Friday.',
  'Can we set up a payment plan?',
  'I already paid this.',
  'Call me after 5.',
];
const STATUS_NOTES: Partial<Record<CollectionStatus, string>> = {
  REVIEW: 'Client disputes part of the balance; checking the fee agreement.',
  ESCALATION: 'No response after repeated calls and texts.',
  PAID: 'Paid in full.',
  CLOSED: 'Settled; the rest written off.',
};
const DAY_MS = 86_400_000;

function collectionsFaker(): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(20_261_126);
  return faker;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Step one, before the cash flow: the terms, and an account for each of about 60 clients with a matter, spread
 * over the branch offices, opened four to eight months ago. What they owe and their status come in step two.
 */
export async function openCollectionAccounts(db: Db, now = new Date()): Promise<void> {
  const faker = collectionsFaker();
  await db.insert(collectionTerms).values(SEEDED_TERMS.map((t) => ({ name: t.name, isPaymentPlan: t.isPaymentPlan })));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
  const branches = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.status, 'ACTIVE'), eq(offices.officeType, 'OFFICE')))
    .orderBy(offices.name);
  const matters = await db
    .select({ clientId: inquiries.clientId, inquiryId: inquiries.id, officeId: inquiries.officeId })
    .from(inquiries)
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .where(and(isNotNull(inquiries.officeId), sql`${clients.mergedIntoId} is null`))
    .orderBy(asc(inquiries.createdAt), asc(inquiries.id));
  const taken = new Set<string>();
  const accounts: (typeof collectionAccounts.$inferInsert)[] = [];
  for (let i = 0; accounts.length < ACCOUNTS && i < ACCOUNTS * 3; i += 1) {
    const office = branches[i % branches.length]!;
    const matter = matters.find((m) => m.officeId === office.id && !taken.has(m.clientId));
    if (!matter) continue;
    taken.add(matter.clientId);
    accounts.push({
      officeId: office.id,
      clientId: matter.clientId,
      inquiryId: matter.inquiryId,
      // What is owed is set once the payments are in (step two); until then a placeholder.
      originalCents: 1,
      openedById: admin?.id ?? null,
      openedAt: new Date(now.getTime() - faker.number.int({ min: 120, max: 240 }) * DAY_MS),
    });
  }
  if (accounts.length) await db.insert(collectionAccounts).values(accounts);
}

interface Account {
  id: string;
  accountNumber: number;
  officeId: string;
  clientId: string;
  inquiryId: string | null;
  paidCents: number;
  openedAt: Date;
}

/**
 * Step two, after the cash flow: accounts that were paid the most are the paid ones, then the settled (closed,
 * with the rest written off), then the plans; the others are active, in review or escalated, owing more than
 * they paid. Then their history, calls, texts and the collector's bell.
 */
export async function workCollectionAccounts(db: Db, now = new Date()): Promise<void> {
  const faker = collectionsFaker();
  const [collector] = await db.select().from(users).where(eq(users.role, 'COLLECTOR'));
  const [admin] = await db.select().from(users).where(eq(users.role, 'ADMIN'));
  if (!collector || !admin) return;
  const terms = await db.select().from(collectionTerms);
  const planTerm = terms.find((t) => t.isPaymentPlan)!;
  const officeRows = await db.select().from(offices);
  const accounts: Account[] = await db
    .select({
      id: collectionAccounts.id,
      accountNumber: collectionAccounts.accountNumber,
      officeId: collectionAccounts.officeId,
      clientId: collectionAccounts.clientId,
      inquiryId: collectionAccounts.inquiryId,
      paidCents: collectionAccounts.paidCents,
      openedAt: collectionAccounts.openedAt,
    })
    .from(collectionAccounts)
    .orderBy(sql`${collectionAccounts.paidCents} desc`, collectionAccounts.accountNumber);
  const people = new Map(
    (
      await db
        .select({
          id: clients.id,
          name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
          phone: sql<string | null>`coalesce(${clients.mobileNumber}, ${clients.primaryNumber})`,
        })
        .from(clients)
        .where(sql`${clients.id} in (select client_id from collection_accounts)`)
    ).map((c) => [c.id, c]),
  );
  const [category] = await db
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.dropdownType, 'SMS_CATEGORY'), eq(dropdownOptions.value, 'Collections')));
  const [reason] = await db
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.dropdownType, 'SMS_REASON'), eq(dropdownOptions.value, 'Payment Reminder')));

  // The best-paid first: PAID, CLOSED (settled), PAYMENT_PLAN; the rest shuffled among the others.
  const ordered: CollectionStatus[] = ['PAID', 'CLOSED', 'PAYMENT_PLAN'].flatMap((status) =>
    Array.from({ length: STATUS_MIX.find(([s]) => s === status)![1] }, () => status as CollectionStatus),
  );
  const others = faker.helpers.shuffle(
    STATUS_MIX.filter(([s]) => !ordered.includes(s)).flatMap(([s, n]) => Array.from({ length: n }, () => s)),
  );
  const statuses = [...ordered, ...others];

  const events: (typeof collectionAccountEvents.$inferInsert)[] = [];
  const adjustments: (typeof collectionAdjustments.$inferInsert)[] = [];
  const callRows: (typeof calls.$inferInsert)[] = [];
  const textRows: (typeof smsMessages.$inferInsert)[] = [];
  const bell: (typeof notifications.$inferInsert)[] = [];
  let accountNotices = 0;

  for (const [i, account] of accounts.entries()) {
    const status = statuses[i] ?? 'ACTIVE';
    const office = officeRows.find((o) => o.id === account.officeId)!;
    const client = people.get(account.clientId)!;
    const open = status !== 'PAID' && status !== 'CLOSED';
    const assigned = status === 'PAYMENT_PLAN' || faker.datatype.boolean(ASSIGNED_SHARE);
    const paid = status === 'PAID' && account.paidCents <= 0 ? 0 : account.paidCents;
    const writtenOff = status === 'CLOSED' ? faker.number.int({ min: 4, max: 40 }) * 2_500 : 0;
    // Owed: a paid account exactly what it paid; a settled one that and the write-off; the rest more than paid.
    const originalCents =
      status === 'PAID' && paid > 0
        ? paid
        : Math.max(paid, 0) + (writtenOff || faker.number.int({ min: 20, max: 600 }) * 2_500);
    const today = officeToday(office.timeZone, now);
    const followUpDate = open
      ? addDays(
          today,
          faker.helpers.weightedArrayElement([
            { weight: 4, value: -faker.number.int({ min: 1, max: 12 }) },
            { weight: 2, value: 0 },
            { weight: 6, value: faker.number.int({ min: 1, max: 21 }) },
          ]),
        )
      : null;
    await db
      .update(collectionAccounts)
      .set({
        status: status === 'PAID' && paid <= 0 ? 'ACTIVE' : status,
        originalCents,
        termId: status === 'PAYMENT_PLAN' ? planTerm.id : faker.helpers.arrayElement([...terms.map((t) => t.id), null]),
        collectorId: assigned ? collector.id : null,
        followUpDate,
      })
      .where(eq(collectionAccounts.id, account.id));
    if (writtenOff) {
      adjustments.push({
        accountId: account.id,
        amountCents: -writtenOff,
        reason: 'Settlement: the rest written off',
        byId: admin.id,
        at: new Date(now.getTime() - faker.number.int({ min: 2, max: 20 }) * DAY_MS),
      });
    }

    const at = (days: number) => new Date(account.openedAt.getTime() + days * DAY_MS);
    events.push({
      accountId: account.id,
      kind: 'STATUS',
      toStatus: 'ACTIVE',
      title: 'Account opened',
      byId: admin.id,
      at: at(0),
    });
    if (assigned) {
      events.push({
        accountId: account.id,
        kind: 'ASSIGNMENT',
        title: `Assigned to ${collector.displayName}`,
        byId: admin.id,
        at: at(1),
      });
    }
    if (status !== 'ACTIVE' && !(status === 'PAID' && paid <= 0)) {
      const changedAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 30 }) * DAY_MS);
      // An account goes on a plan when its plan is made: payment-plans.seed.ts writes that change with the plan.
      if (status !== 'PAYMENT_PLAN') {
        events.push({
          accountId: account.id,
          kind: 'STATUS',
          fromStatus: 'ACTIVE',
          toStatus: status,
          title: `Status changed from Active to ${COLLECTION_STATUS_LABELS[status]}`,
          detail: STATUS_NOTES[status] ?? null,
          byId: assigned ? collector.id : admin.id,
          at: changedAt,
        });
      }
    }
    if (followUpDate) {
      events.push({
        accountId: account.id,
        kind: 'FOLLOW_UP',
        title: `Follow-up date set to ${formatDateInput(followUpDate)}`,
        byId: assigned ? collector.id : admin.id,
        at: new Date(now.getTime() - faker.number.int({ min: 0, max: 12 }) * DAY_MS - 3_600_000),
      });
    }
    if (assigned && open && accountNotices < 3) {
      accountNotices += 1;
      bell.push({
        userId: collector.id,
        notificationType: 'ACCOUNT',
        notificationId: account.id,
        description: `Account ${account.accountNumber} was assigned to you by ${admin.displayName}`,
        createdAt: new Date(now.getTime() - accountNotices * 3 * 3_600_000),
      });
    }

    // Collection calls and texts on the collector's open accounts (and a few of the others').
    if (!client.phone || !(assigned ? open : faker.datatype.boolean(0.2))) continue;
    const worker = assigned ? collector : admin;
    for (let c = 0; c < faker.number.int({ min: 1, max: 3 }); c += 1) {
      callRows.push({
        direction: 'OUTBOUND',
        durationInSeconds: faker.number.int({ min: 15, max: 600 }),
        callStartTime: new Date(now.getTime() - faker.number.int({ min: 1, max: 40 }) * DAY_MS - c * 3_600_000),
        callerId: office.outboundCallerId,
        numberDialed: client.phone,
        operatorNumber: worker.clickToCall,
        clientId: account.clientId,
        inquiryId: account.inquiryId,
        operatorId: worker.id,
        officeId: office.id,
        collectionAccountId: account.id,
        title: client.name,
        callResolution: faker.helpers.arrayElement(CALL_RESOLUTIONS),
        status: 'completed',
      });
    }
    for (let s = 0; s < faker.number.int({ min: 0, max: 3 }); s += 1) {
      const sentAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 30 }) * DAY_MS - s * 7_200_000);
      const inbound = s > 0 && faker.datatype.boolean(0.5);
      textRows.push({
        direction: inbound ? 'INBOUND' : 'OUTBOUND',
        fromNumber: inbound ? client.phone : office.smsNumber,
        toNumber: inbound ? office.smsNumber : client.phone,
        body: faker.helpers.arrayElement(inbound ? INBOUND_TEXTS : OUTBOUND_TEXTS),
        clientId: account.clientId,
        inquiryId: account.inquiryId,
        operatorId: inbound ? null : worker.id,
        officeId: office.id,
        collectionAccountId: account.id,
        collectorId: assigned ? collector.id : null,
        categoryId: inbound ? null : (category?.id ?? null),
        reasonId: inbound ? null : (reason?.id ?? null),
        status: inbound ? 'received' : 'delivered',
        createdDate: sentAt,
      });
      if (inbound && assigned) {
        bell.push({
          userId: collector.id,
          notificationType: 'COLLECTION_SMS',
          notificationId: account.id,
          description: `New text from ${client.name} on account ${account.accountNumber}`,
          createdAt: sentAt,
        });
      }
    }
  }
  if (events.length) await db.insert(collectionAccountEvents).values(events);
  if (adjustments.length) await db.insert(collectionAdjustments).values(adjustments);
  if (callRows.length) await db.insert(calls).values(callRows);
  if (textRows.length) await db.insert(smsMessages).values(textRows);
  // Each seeded collection call and outbound text asked the contact guard first: the contact log's rows.
  const zoneOf = (officeId: string | null | undefined) =>
    officeRows.find((o) => o.id === officeId)?.timeZone ?? 'America/New_York';
  const attempts: (typeof collectionContactAttempts.$inferInsert)[] = [
    ...callRows.map((c) => ({
      accountId: c.collectionAccountId!,
      channel: 'CALL' as const,
      toNumber: c.numberDialed ?? '',
      at: c.callStartTime!,
      allowed: true,
      timeZone: zoneOf(c.officeId),
      byId: c.operatorId ?? null,
    })),
    ...textRows
      .filter((m) => m.direction === 'OUTBOUND')
      .map((m) => ({
        accountId: m.collectionAccountId!,
        channel: 'TEXT' as const,
        toNumber: m.toNumber,
        at: m.createdDate!,
        allowed: true,
        timeZone: zoneOf(m.officeId),
        byId: m.operatorId ?? null,
      })),
  ];
  if (attempts.length) await db.insert(collectionContactAttempts).values(attempts);
  if (bell.length) await db.insert(notifications).values(bell);
}
