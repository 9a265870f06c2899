import { SMS_MESSAGES, smsHistoryResponseSchema } from '@casedesk/contract/sms/sms';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { postSignedWebhook, waitForWebhooks } from '../../../test/support/webhooks.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { WEBHOOK_PATHS } from '../../platform/providers/webhook-signing.ts';
import { clients } from '../clients/clients.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { DELIVERY_ERRORS, deliverSms, SMS_SEND_QUEUE } from './sms-delivery.ts';
import { smsMessages, smsOptOutEvents, smsOptOuts } from './sms.tables.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { freshNumber, injector, SEEDED, sendBody, smsRefs, waitForProviderSid } from './sms.test-support.ts';

let t: TestApp;
let refs: SmsRefs;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await smsRefs(t);
  call = injector(t);
});
afterAll(async () => t?.close());

let sidCounter = 0;
const sid = () => `SM${String(++sidCounter).padStart(32, 'a')}`;
const inbound = async (from: string, to: string, body: string, messageSid = sid()) => {
  const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, {
    MessageSid: messageSid,
    From: `+1${from}`,
    To: `+1${to}`,
    Body: body,
  });
  expect(res.statusCode).toBeLessThan(300);
  await waitForWebhooks(t);
  return messageSid;
};
const status = async (messageSid: string, messageStatus: string, errorCode?: string) => {
  const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsStatus, {
    MessageSid: messageSid,
    MessageStatus: messageStatus,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  });
  expect(res.statusCode).toBeLessThan(300);
  await waitForWebhooks(t);
};
const bySid = async (messageSid: string) =>
  (await t.db().select().from(smsMessages).where(eq(smsMessages.providerMessageSid, messageSid)))[0];
const send = (as: string, body: unknown) => call('POST', '/api/v1/sms/send', as, body);
const history = (as: string, phone: string, body: unknown = {}) =>
  call('POST', `/api/v1/sms/byPhoneNumber?phoneNumber=${phone}`, as, body);

describe('inbound SMS webhook', () => {
  it('stores the text once, matched to the office and client, and notifies who reaches the office', async () => {
    const [client] = await t
      .db()
      .select({ id: clients.id, phone: clients.primaryNumber, firstName: clients.firstName })
      .from(clients)
      .where(isNotNull(clients.primaryNumber))
      .orderBy(asc(clients.lastName))
      .limit(1);
    const messageSid = await inbound(client!.phone!, refs.la.smsNumber, 'Can I come in tomorrow?');
    // A replay (same MessageSid) changes nothing.
    await inbound(client!.phone!, refs.la.smsNumber, 'Can I come in tomorrow?', messageSid);
    const rows = await t.db().select().from(smsMessages).where(eq(smsMessages.providerMessageSid, messageSid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'INBOUND',
      status: 'received',
      fromNumber: client!.phone,
      toNumber: refs.la.smsNumber,
      officeId: refs.la.id,
      clientId: client!.id,
      body: 'Can I come in tomorrow?',
    });
    const notified = await t.db().select().from(notifications).where(eq(notifications.notificationId, rows[0]!.id));
    const recipients = notified.map((n) => n.userId);
    // Los Angeles is in the manager's SMS READ office condition; operators and admins have no office condition.
    expect(recipients).toEqual(
      expect.arrayContaining([refs.userId(SEEDED.manager), refs.userId(SEEDED.operator), refs.userId(SEEDED.admin)]),
    );
    expect(recipients).not.toContain(refs.userId(SEEDED.attorney));
    expect(recipients).not.toContain(refs.userId(SEEDED.disabled));
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(notified[0]).toMatchObject({ notificationType: 'SMS', read: false });
    expect(notified[0]!.description).toContain('New text from');
  });

  it('an office outside the manager’s condition does not notify the manager', async () => {
    const messageSid = await inbound(freshNumber(), refs.lv.smsNumber, 'Hello?');
    const row = (await bySid(messageSid))!;
    expect(row.officeId).toBe(refs.lv.id);
    const recipients = (await t.db().select().from(notifications).where(eq(notifications.notificationId, row.id))).map(
      (n) => n.userId,
    );
    expect(recipients).toContain(refs.userId(SEEDED.operator));
    expect(recipients).not.toContain(refs.userId(SEEDED.manager));
  });

  it('a reply continues its conversation: client and inquiry of the last text with that number', async () => {
    const phone = freshNumber();
    const [client] = await t.db().select({ id: clients.id }).from(clients).limit(1);
    const sent = await send(SEEDED.operator, sendBody(refs, { toNumber: phone, clientId: client!.id }));
    expect(sent.statusCode).toBe(200);
    const row = (await bySid(await inbound(phone, refs.la.smsNumber, 'Thanks!')))!;
    expect(row.clientId).toBe(client!.id);
  });
});

describe('opt-out (STOP / START)', () => {
  it('STOP blocks the next send with the opt-out message; START allows it again; every change is recorded', async () => {
    const phone = freshNumber();
    expect((await send(SEEDED.operator, sendBody(refs, { toNumber: phone }))).statusCode).toBe(200);

    await inbound(phone, refs.la.smsNumber, '  Stop. ');
    const refused = await send(SEEDED.operator, sendBody(refs, { toNumber: phone }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: SMS_MESSAGES.optedOut,
      fieldErrors: { toNumber: SMS_MESSAGES.optedOut },
    });
    const page = smsHistoryResponseSchema.parse((await history(SEEDED.operator, phone)).json());
    expect(page.optedOut).toBe(true);
    expect(page.items.every((m) => m.optedOut)).toBe(true);

    await inbound(phone, refs.la.smsNumber, 'start');
    expect((await send(SEEDED.operator, sendBody(refs, { toNumber: phone }))).statusCode).toBe(200);
    expect(smsHistoryResponseSchema.parse((await history(SEEDED.operator, phone)).json()).optedOut).toBe(false);

    const events = await t
      .db()
      .select()
      .from(smsOptOutEvents)
      .where(eq(smsOptOutEvents.phoneNumber, phone))
      .orderBy(asc(smsOptOutEvents.createdAt));
    expect(events.map((e) => [e.action, e.keyword])).toEqual([
      ['OPT_OUT', 'STOP'],
      ['OPT_IN', 'START'],
    ]);
    expect(events.every((e) => e.messageId)).toBe(true);
    const audits = await t
      .db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'sms_opt_out')));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['sms.opt_out', 'sms.opt_in']));
  });

  it('every keyword opts out; an ordinary message mentioning stop does not', async () => {
    for (const keyword of ['STOPALL', 'unsubscribe', 'End', 'QUIT', 'cancel', 'REVOKE', 'optout']) {
      const phone = freshNumber();
      await inbound(phone, refs.la.smsNumber, keyword);
      const [state] = await t.db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone));
      expect(state?.optedOut, keyword).toBe(true);
    }
    const phone = freshNumber();
    await inbound(phone, refs.la.smsNumber, 'Please stop calling me at work');
    expect(await t.db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toEqual([]);
  });

  it('a text queued before the STOP arrived is not handed to the provider by the job', async () => {
    const phone = freshNumber();
    // Queued (checks passed) but not yet picked up by the job when the number opts out.
    const [queued] = await t
      .db()
      .insert(smsMessages)
      .values({
        direction: 'OUTBOUND',
        fromNumber: refs.la.smsNumber,
        toNumber: phone,
        body: 'Hi',
        officeId: refs.la.id,
      })
      .returning();
    await inbound(phone, refs.la.smsNumber, 'STOP');
    await deliverSms(
      { db: t.db(), provider: () => t.app.provider, jobs: t.app.jobs },
      { id: queued!.id, queue: SMS_SEND_QUEUE, data: { messageId: queued!.id } },
    );
    const [row] = await t.db().select().from(smsMessages).where(eq(smsMessages.id, queued!.id));
    expect(row).toMatchObject({ status: 'failed', errorCode: DELIVERY_ERRORS.optedOut, providerMessageSid: null });
  });
});

describe('delivery-status webhook', () => {
  async function sentText(): Promise<{ id: string; sid: string }> {
    const res = await send(SEEDED.operator, sendBody(refs));
    const id = res.json().id as string;
    return { id, sid: await waitForProviderSid(t, id) };
  }

  it('moves the status forward only: a late sent after delivered changes nothing; a replay changes nothing', async () => {
    const { id, sid: messageSid } = await sentText();
    await status(messageSid, 'sent');
    expect((await bySid(messageSid))!.status).toBe('sent');
    await status(messageSid, 'delivered');
    await status(messageSid, 'sent');
    await status(messageSid, 'delivered');
    await status(messageSid, 'failed', '30003');
    const row = (await bySid(messageSid))!;
    expect(row).toMatchObject({ id, status: 'delivered', errorCode: null });
  });

  it('stores the error code of a failed or undelivered text, and the drawer can retry it', async () => {
    const { id, sid: messageSid } = await sentText();
    await status(messageSid, 'undelivered', '30003');
    expect(await bySid(messageSid)).toMatchObject({ status: 'undelivered', errorCode: '30003' });
    const byId = await call('POST', `/api/v1/sms/byId?id=${id}`, SEEDED.operator);
    expect(byId.json()).toMatchObject({ status: 'undelivered', errorCode: '30003' });
    const retried = await call('POST', `/api/v1/sms/retry?id=${id}`, SEEDED.operator);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().retryOfId).toBe(id);
  });

  it('ignores unknown states and early states of texts it does not know', async () => {
    const { sid: messageSid } = await sentText();
    await status(messageSid, 'some-new-state');
    expect((await bySid(messageSid))!.status).toBe('queued');
    await status(sid(), 'sent');
  });
});
