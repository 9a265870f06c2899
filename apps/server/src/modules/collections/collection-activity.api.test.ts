import { paymentDetailSchema } from '@casedesk/contract/accounting/payment';
import { collectionAccountDetailSchema, timelineSchema } from '@casedesk/contract/collections/account';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { postSignedWebhook, waitForWebhooks } from '../../../test/support/webhooks.ts';
import { WEBHOOK_PATHS } from '../../platform/providers/webhook-signing.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { mailOutbox } from '../mail/mail.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import type { requester } from './collections.test-support.ts';
import {
  allAccounts,
  clientWithMatter,
  officeIds,
  READS_CLIENTS,
  requester as makeRequester,
  SEEDED,
  seededUserId,
  userWith,
} from './collections.test-support.ts';

/*
 * What happens on an account from other modules: payments through the cash-flow ledger that carry it (the trigger
 * keeps paid and the last payment day), the calls and texts made about it, an inbound text from its client (its
 * collector is told), and the account's timeline that gathers them all, newest first.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;
let office: Record<string, string>;
let collectorId: string;

beforeAll(async () => {
  t = await createTestApp();
  send = makeRequester(t);
  office = await officeIds(t);
  collectorId = await seededUserId(t, SEEDED.collector);
});
afterAll(async () => t?.close());

async function ok(method: 'GET' | 'POST', url: string, as: string, body?: unknown) {
  const res = await send(method, url, as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function accountIn(officeName: string, extra: Partial<NewCollectionAccount> = {}) {
  const client = await clientWithMatter(t, office[officeName]!);
  const account = await insertCollectionAccount(t.db(), {
    officeId: office[officeName]!,
    clientId: client.clientId,
    inquiryId: client.inquiryId,
    originalCents: 300_000,
    ...extra,
  });
  return { ...client, account };
}

const detail = async (id: string) =>
  collectionAccountDetailSchema.parse(await ok('GET', `/api/v1/collectionAccount?id=${id}`, SEEDED.admin));
const timeline = async (as: string, accountId: string, extra: object = {}) =>
  timelineSchema.parse(await ok('POST', '/api/v1/collectionAccount/timeline', as, { accountId, ...extra }));

describe('payments carrying an account', () => {
  const pay = (clientId: string, collectionAccountId: string, extra: object = {}, as: string = SEEDED.admin) =>
    send('POST', '/api/v1/cashFlow/payment', as, {
      officeId: office['Los Angeles'],
      clientId,
      paymentType: 'CHECK',
      feesCents: 100_000,
      costCents: 2_500,
      paymentDate: '2026-02-10',
      collectionAccountId,
      ...extra,
    });

  it('pay the account down; a reversal takes it back; the payment page names the account', async () => {
    const { clientId, account } = await accountIn('Los Angeles');
    const res = await pay(clientId, account.id);
    expect(res.statusCode, res.body).toBe(200);
    const payment = paymentDetailSchema.parse(res.json());
    expect(payment).toMatchObject({ collectionAccountId: account.id, collectionAccountNumber: account.accountNumber });
    expect(await detail(account.id)).toMatchObject({
      paidCents: 102_500,
      balanceCents: 197_500,
      lastPaymentDate: '2026-02-10',
    });
    const reversal = await ok('POST', '/api/v1/cashFlow/deletePayment', SEEDED.admin, {
      id: payment.id,
      reason: 'Check bounced',
      reversalDate: '2026-02-12',
    });
    const [stored] = await t.db().select().from(payments).where(eq(payments.id, reversal.reversal.id));
    expect(stored!.collectionAccountId).toBe(account.id);
    expect(await detail(account.id)).toMatchObject({
      paidCents: 0,
      balanceCents: 300_000,
      lastPaymentDate: '2026-02-10',
    });
    const items = (await timeline(SEEDED.admin, account.id)).items.filter((i) => i.kind === 'PAYMENT');
    expect(items.map((i) => [i.title, i.amountCents, i.detail])).toEqual([
      ['Payment reversed (Check)', -102_500, 'Check bounced'],
      [expect.stringMatching(/^Payment by check, receipt \d+$/), 102_500, null],
    ]);
  });

  it('400 for another client’s account; 404 for one outside the caller’s ALL_ACCOUNTS READ, as for none', async () => {
    const mine = await accountIn('Los Angeles');
    const theirs = await accountIn('Los Angeles');
    const other = await pay(mine.clientId, theirs.account.id);
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({
      collectionAccountId: 'The collection account belongs to another client.',
    });
    // The manager enters payments in Los Angeles and San Diego and reads accounts there only.
    const vegas = await insertCollectionAccount(t.db(), { officeId: office['Las Vegas']!, clientId: mine.clientId });
    for (const id of [vegas.id, '00000000-0000-4000-8000-00000000000b']) {
      const res = await pay(mine.clientId, id, {}, SEEDED.manager);
      expect(res.statusCode).toBe(404);
      expect(res.json().fieldErrors).toEqual({ collectionAccountId: 'Collection account not found.' });
    }
    expect((await detail(vegas.id)).paidCents).toBe(0);
  });
});

describe('POST /api/v1/collectionAccount/timeline', () => {
  it('gathers history, adjustments, calls and texts newest first, and pages back with `before`', async () => {
    const { clientId, account } = await accountIn('Los Angeles', { collectorId });
    await ok('POST', '/api/v1/collectionAccount/note', SEEDED.admin, { accountId: account.id, note: 'First note' });
    await ok('POST', '/api/v1/collectionAccount/adjustment', SEEDED.admin, {
      accountId: account.id,
      amountCents: -1_000,
      reason: 'Late fee waived',
    });
    const adminId = await seededUserId(t, SEEDED.admin);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t
      .db()
      .insert(calls)
      .values([
        {
          direction: 'OUTBOUND',
          callStartTime: at(30),
          numberDialed: '2135550188',
          durationInSeconds: 125,
          callResolution: 'Promised to pay',
          clientId,
          officeId: office['Los Angeles'],
          operatorId: collectorId,
          collectionAccountId: account.id,
        },
        {
          direction: 'OUTBOUND',
          callStartTime: at(20),
          numberDialed: '2135550188',
          durationInSeconds: 40,
          clientId,
          officeId: office['Los Angeles'],
          operatorId: adminId,
          collectionAccountId: account.id,
        },
      ]);
    await t
      .db()
      .insert(smsMessages)
      .values({
        direction: 'INBOUND',
        fromNumber: '2135550188',
        toNumber: '2135550210',
        body: 'I will pay Friday',
        clientId,
        officeId: office['Los Angeles'],
        status: 'received',
        collectionAccountId: account.id,
        createdDate: at(10),
      });

    const all = await timeline(SEEDED.admin, account.id);
    expect(all.items.map((i) => i.kind)).toEqual(['ADJUSTMENT', 'NOTE', 'TEXT', 'CALL', 'CALL']);
    expect(all.items[3]).toMatchObject({ title: 'Call to (213) 555-0188', detail: '40 s', by: 'Alex Admin' });
    expect(all.items[4]).toMatchObject({ detail: '2 min 5 s · Promised to pay', by: 'Casey Collector' });
    expect(all.items[2]).toMatchObject({ title: 'Text received', detail: 'I will pay Friday' });
    expect(all.items[0]).toMatchObject({ title: 'Written off', amountCents: -1_000, detail: 'Late fee waived' });
    expect(all.hasMore).toBe(false);

    const first = await timeline(SEEDED.admin, account.id, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const next = await timeline(SEEDED.admin, account.id, { limit: 10, before: first.items[1]!.at });
    expect(next.items.map((i) => i.kind)).toEqual(['TEXT', 'CALL', 'CALL']);

    // The collector has no CALLS READ: they see the calls they made on the account, not the admin's.
    const seenByCollector = await timeline(SEEDED.collector, account.id);
    expect(seenByCollector.items.filter((i) => i.kind === 'CALL').map((i) => i.by)).toEqual(['Casey Collector']);
  });

  it('404 for an account outside the caller’s ALL_ACCOUNTS READ, as for none', async () => {
    const { account } = await accountIn('Las Vegas');
    for (const id of [account.id, '00000000-0000-4000-8000-00000000000c']) {
      expect(
        (await send('POST', '/api/v1/collectionAccount/timeline', SEEDED.manager, { accountId: id })).statusCode,
      ).toBe(404);
    }
  });
});

describe('an inbound text from a client with an open account', () => {
  let sid = 0;
  const inbound = async (from: string, to: string, body: string) => {
    sid += 1;
    const messageSid = `SM${String(sid).padStart(32, 'c')}`;
    const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, {
      MessageSid: messageSid,
      From: `+1${from}`,
      To: `+1${to}`,
      Body: body,
    });
    expect(res.statusCode).toBeLessThan(300);
    await waitForWebhooks(t);
    const [row] = await t.db().select().from(smsMessages).where(eq(smsMessages.providerMessageSid, messageSid));
    return row!;
  };

  it('belongs to the account and tells its collector (COLLECTION_SMS, about the account), not twice', async () => {
    const phone = '2135554477';
    const client = await clientWithMatter(t, office['Los Angeles']!);
    await t.database.query('update clients set primary_number = $1 where id = $2', [phone, client.clientId]);
    const closed = await insertCollectionAccount(t.db(), {
      officeId: office['Los Angeles']!,
      clientId: client.clientId,
      status: 'CLOSED',
      collectorId,
    });
    const open = await insertCollectionAccount(t.db(), {
      officeId: office['Los Angeles']!,
      clientId: client.clientId,
      collectorId,
    });
    const [la] = await t.database.query<{ sms_number: string }>('select sms_number from offices where id = $1', [
      office['Los Angeles'],
    ]);
    const text = await inbound(phone, la!.sms_number, 'Can I pay half now?');
    expect(text).toMatchObject({ clientId: client.clientId, collectionAccountId: open.id, collectorId });
    const told = await t
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, collectorId), eq(notifications.notificationId, open.id)));
    expect(told).toEqual([expect.objectContaining({ notificationType: 'COLLECTION_SMS' })]);
    expect(told[0]!.description).toContain(`on account ${open.accountNumber}`);
    const smsToCollector = await t
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, collectorId), eq(notifications.notificationId, text.id)));
    expect(smsToCollector).toEqual([]);
    expect(closed.id).not.toBe(open.id);
    const items = await timeline(SEEDED.collector, open.id);
    expect(items.items[0]).toMatchObject({ kind: 'TEXT', detail: 'Can I pay half now?' });
  });
});

describe('who reads an account’s timeline', () => {
  it('shows the e-mails and letters about the account to a reader with MAIL READ, to no one else', async () => {
    const { clientId, account } = await accountIn('Los Angeles');
    await t
      .db()
      .insert(mailOutbox)
      .values({
        officeId: office['Los Angeles'],
        toAddresses: ['client@example.com'],
        subject: 'Payment received',
        body: 'Thank you.',
        clientId,
        collectionAccountId: account.id,
        status: 'SENT',
        sentAt: new Date(Date.now() - 59_000),
        createdAt: new Date(Date.now() - 60_000),
      });
    await ok('POST', '/api/v1/mail/saveLetter', SEEDED.admin, {
      officeId: office['Los Angeles'],
      collectionAccountId: account.id,
      subject: 'Your balance',
      body: 'Dear client,\n\nYour balance is due.',
    });
    const mail = (await timeline(SEEDED.admin, account.id)).items.filter((i) => ['EMAIL', 'LETTER'].includes(i.kind));
    expect(mail).toMatchObject([
      { kind: 'LETTER', title: 'Letter: Your balance', detail: '1 page', by: 'Alex Admin' },
      { kind: 'EMAIL', title: 'E-mail: Payment received', detail: 'client@example.com · Sent' },
    ]);
    const reader = await userWith(t, [allAccounts(['READ']), ...READS_CLIENTS]);
    const seen = (await timeline(reader.mail, account.id)).items;
    expect(seen.filter((i) => ['EMAIL', 'LETTER'].includes(i.kind))).toEqual([]);
  });

  it('an account reader without SMS READ sees no texts', async () => {
    const reader = await userWith(t, [allAccounts(['READ']), ...READS_CLIENTS]);
    const { clientId, account } = await accountIn('Los Angeles');
    await t.db().insert(smsMessages).values({
      direction: 'INBOUND',
      fromNumber: '2135550199',
      toNumber: '2135550210',
      body: 'Private',
      clientId,
      officeId: office['Los Angeles'],
      status: 'received',
      collectionAccountId: account.id,
    });
    expect((await timeline(reader.mail, account.id)).items.filter((i) => i.kind === 'TEXT')).toEqual([]);
    expect((await timeline(SEEDED.admin, account.id)).items.filter((i) => i.kind === 'TEXT')).toHaveLength(1);
  });
});
