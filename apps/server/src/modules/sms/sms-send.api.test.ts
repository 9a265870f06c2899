import { MESSAGES } from '@casedesk/contract/common/errors';
import { SMS_MESSAGES, smsMessageSchema, smsOfficeListSchema } from '@casedesk/contract/sms/sms';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { deliverSms, requeueStrandedTexts, SMS_SEND_QUEUE } from './sms-delivery.ts';
import { smsMessages } from './sms.tables.ts';
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

const send = (as: string | null, body: unknown) => call('POST', '/api/v1/sms/send?offsetHours=-7', as, body);

describe('POST /api/v1/sms/send', () => {
  it('401 without a token, 403 without SMS CREATE', async () => {
    expect((await send(null, sendBody(refs))).statusCode).toBe(401);
    const res = await send(SEEDED.attorney, sendBody(refs));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.missingPermission);
  });

  it('400 with the spec messages for the body', async () => {
    const empty = await send(SEEDED.operator, sendBody(refs, { body: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Message is required field',
      fieldErrors: { body: 'Message is required field' },
    });
    const long = await send(SEEDED.operator, sendBody(refs, { body: 'x'.repeat(1601) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ body: 'Message should be max 1600 characters' });
    expect((await send(SEEDED.operator, sendBody(refs, { body: 'x'.repeat(1600) }))).statusCode).toBe(200);
  });

  it('400 when office, phone number, category or reason is missing', async () => {
    const res = await send(SEEDED.operator, { body: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      fromNumber: 'Office is a required field.',
      toNumber: 'Phone Number is a required field.',
      categoryId: 'Category is a required field.',
      reasonId: 'Reason For Text is a required field.',
    });
  });

  it('400 for a from-number that is no office’s, an unknown category or reason', async () => {
    const res = await send(
      SEEDED.operator,
      sendBody(refs, { fromNumber: '9995550000', categoryId: refs.reason.id, reasonId: refs.officeCategory.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      fromNumber: SMS_MESSAGES.officeUnknown,
      categoryId: SMS_MESSAGES.categoryUnknown,
      reasonId: SMS_MESSAGES.reasonUnknown,
    });
  });

  it('403 for an office outside the manager’s SMS CREATE office condition', async () => {
    const res = await send(SEEDED.manager, sendBody(refs, { fromNumber: refs.lv.smsNumber }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: SMS_MESSAGES.officeOutOfScope,
      fieldErrors: { fromNumber: SMS_MESSAGES.officeOutOfScope },
    });
    expect((await send(SEEDED.manager, sendBody(refs, { fromNumber: refs.sd.smsNumber }))).statusCode).toBe(200);
  });

  it('403 for a category type outside the operator’s SMS_CATEGORY_TYPE condition', async () => {
    const res = await send(SEEDED.operator, sendBody(refs, { categoryId: refs.collectionsCategory.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SMS_MESSAGES.categoryOutOfScope);
    // The collector texts in the collection categories only.
    expect((await send(SEEDED.collector, sendBody(refs, { categoryId: refs.officeCategory.id }))).statusCode).toBe(403);
    expect((await send(SEEDED.collector, sendBody(refs, { categoryId: refs.collectionsCategory.id }))).statusCode).toBe(
      200,
    );
  });

  it('stores the text as queued, audits it, and the sms.send job hands it to the provider', async () => {
    const operatorId = refs.userId(SEEDED.operator);
    const body = sendBody(refs, { toNumber: '(310) 555-9911' });
    const res = await send(SEEDED.operator, body);
    expect(res.statusCode).toBe(200);
    const message = smsMessageSchema.parse(res.json());
    expect(message).toMatchObject({
      direction: 'OUTBOUND',
      fromNumber: refs.la.smsNumber,
      toNumber: '3105559911',
      participantNumber: '3105559911',
      body: 'Hello from the office',
      operatorId,
      operatorName: 'Olivia Operator',
      officeId: refs.la.id,
      officeName: 'Los Angeles',
      status: 'queued',
      optedOut: false,
      retryOfId: null,
      category: {
        id: refs.officeCategory.id,
        value: 'Office',
        label: 'Office',
        dropdownType: 'SMS_CATEGORY',
        active: true,
      },
      reason: { id: refs.reason.id, value: 'Case Status', dropdownType: 'SMS_REASON' },
    });
    const sid = await waitForProviderSid(t, message.id);
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, message.id), eq(auditEvents.action, 'sms.send')));
    expect(audit).toMatchObject({ actorId: operatorId, entity: 'sms_message' });
    expect(audit!.after).toMatchObject({ id: message.id, status: 'queued', direction: 'OUTBOUND' });
    // DESIGN §3: the audit trail names the text, not its body.
    expect(JSON.stringify(audit)).not.toContain('Hello from the office');
  });

  it('links the text to the live client with that phone number when none is named', async () => {
    const [client] = await t
      .db()
      .select({ id: clients.id, phone: clients.primaryNumber })
      .from(clients)
      .where(isNotNull(clients.primaryNumber))
      .orderBy(desc(clients.updatedAt))
      .limit(1);
    const res = await send(SEEDED.operator, sendBody(refs, { toNumber: client!.phone }));
    expect(res.json().clientId).toBe(client!.id);
    expect(res.json().clientName).toEqual(expect.any(String));
  });

  it('stores the client, inquiry and collector it names when they exist', async () => {
    const [inquiry] = await t
      .db()
      .select({ id: inquiries.id, clientId: inquiries.clientId })
      .from(inquiries)
      .where(isNotNull(inquiries.clientId))
      .limit(1);
    const collectorId = refs.userId(SEEDED.collector);
    const res = await send(
      SEEDED.operator,
      sendBody(refs, { clientId: inquiry!.clientId, inquiryId: inquiry!.id, collectorId }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clientId: inquiry!.clientId, inquiryId: inquiry!.id, collectorId });
  });

  it('400 for a collector that does not exist; 404 for a client or inquiry that does not (as for one out of scope)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const collector = await send(SEEDED.operator, sendBody(refs, { collectorId: missing }));
    expect(collector.statusCode).toBe(400);
    expect(collector.json().fieldErrors).toEqual({ collectorId: SMS_MESSAGES.collectorUnknown });
    const client = await send(SEEDED.operator, sendBody(refs, { clientId: missing }));
    expect(client.statusCode).toBe(404);
    expect(client.json().fieldErrors).toEqual({ clientId: SMS_MESSAGES.clientUnknown });
    const inquiry = await send(SEEDED.operator, sendBody(refs, { inquiryId: missing }));
    expect(inquiry.statusCode).toBe(404);
    expect(inquiry.json().fieldErrors).toEqual({ inquiryId: SMS_MESSAGES.inquiryUnknown });
  });
});

describe('POST /api/v1/sms/retry', () => {
  const retry = (as: string | null, id: string) => call('POST', `/api/v1/sms/retry?id=${id}`, as);

  it('401, 403 and 404 outside the caller’s scope', async () => {
    const first = await send(SEEDED.admin, sendBody(refs, { fromNumber: refs.lv.smsNumber }));
    const id = first.json().id as string;
    expect((await retry(null, id)).statusCode).toBe(401);
    expect((await retry(SEEDED.attorney, id)).statusCode).toBe(403);
    expect((await retry(SEEDED.manager, id)).statusCode).toBe(404);
  });

  it('sends a failed text again as a new text pointing at it; a delivered one cannot be retried', async () => {
    const original = smsMessageSchema.parse((await send(SEEDED.operator, sendBody(refs))).json());
    await waitForProviderSid(t, original.id);
    const notYet = await retry(SEEDED.operator, original.id);
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().message).toBe(SMS_MESSAGES.notRetryable);

    await t
      .db()
      .update(smsMessages)
      .set({ status: 'failed', errorCode: '30006' })
      .where(eq(smsMessages.id, original.id));
    const res = await retry(SEEDED.operator, original.id);
    expect(res.statusCode).toBe(200);
    const copy = smsMessageSchema.parse(res.json());
    expect(copy).toMatchObject({
      retryOfId: original.id,
      status: 'queued',
      body: original.body,
      toNumber: original.toNumber,
      category: { id: refs.officeCategory.id },
    });
    expect(copy.id).not.toBe(original.id);
    await waitForProviderSid(t, copy.id);
  });

  it('a malformed id is a 400', async () => {
    expect((await retry(SEEDED.operator, 'nope')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/dropdown/smsOffice', () => {
  const offices = (as: string | null) => call('GET', '/api/v1/dropdown/smsOffice', as);

  it('401 and 403', async () => {
    expect((await offices(null)).statusCode).toBe(401);
    expect((await offices(SEEDED.attorney)).statusCode).toBe(403);
  });

  it('lists the office numbers the SMS CREATE office condition reaches, labelled by name', async () => {
    const manager = smsOfficeListSchema.parse((await offices(SEEDED.manager)).json());
    expect(manager).toEqual([
      { id: refs.la.id, smsNumber: refs.la.smsNumber, label: 'Los Angeles' },
      { id: refs.sd.id, smsNumber: refs.sd.smsNumber, label: 'San Diego' },
    ]);
    const operator = smsOfficeListSchema.parse((await offices(SEEDED.operator)).json());
    expect(operator.map((o) => o.label)).toContain('Las Vegas');
    expect(operator.map((o) => o.label)).toContain('Call Center');
  });
});

describe('the sms.send job', () => {
  it('sends a text once even when its job runs again, and picks up texts stranded by a crash', async () => {
    const [stranded] = await t
      .db()
      .insert(smsMessages)
      .values({
        direction: 'OUTBOUND',
        fromNumber: refs.la.smsNumber,
        toNumber: freshNumber(),
        body: 'Hi',
        officeId: refs.la.id,
        // Stored a minute ago, as before a crash. A default now() has microseconds and could land after the
        // sweep's millisecond `storedBefore`, which made this test flaky.
        createdDate: new Date(Date.now() - 60_000),
      })
      .returning();
    expect(await requeueStrandedTexts(t.db(), t.app.jobs)).toBeGreaterThanOrEqual(1);
    const sid = await waitForProviderSid(t, stranded!.id);
    const deps = { db: t.db(), provider: () => t.app.provider, jobs: t.app.jobs };
    await deliverSms(deps, { id: stranded!.id, queue: SMS_SEND_QUEUE, data: { messageId: stranded!.id } });
    const [row] = await t.db().select().from(smsMessages).where(eq(smsMessages.id, stranded!.id));
    expect(row!.providerMessageSid).toBe(sid);
  });
});
