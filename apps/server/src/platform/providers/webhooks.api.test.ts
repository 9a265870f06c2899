import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { postSignedWebhook, waitForWebhooks } from '../../../test/support/webhooks.ts';
import { storeWebhookEvent } from './webhook-events.repository.ts';
import { webhookEvents } from './webhook-events.tables.ts';
import type { WebhookEvent, WebhookKind } from './webhook-handlers.ts';
import { WebhookHandlers } from './webhook-handlers.ts';
import { processWebhookEvent } from './webhook-processor.ts';
import { formBody, signWebhook, WEBHOOK_PATHS } from './webhook-signing.ts';
import { INVALID_SIGNATURE_MESSAGE, WEBHOOK_BODY_LIMIT, webhookSignatureFailures } from './webhooks.routes.ts';

let t: TestApp;
const seen: WebhookEvent[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Our real registry; the SMS and calls modules' own handlers are put back after this file.
  for (const kind of ['SMS_INBOUND', 'SMS_STATUS', 'CALL_INBOUND', 'CALL_STATUS'] as WebhookKind[]) {
    restore.push(t.app.webhooks.override(kind, async (event) => void seen.push(event)));
  }
});
afterAll(async () => {
  for (const undo of restore) undo();
  await t?.close();
});

let n = 0;
/** A fresh Twilio-looking sid per test, so events of different tests never share a key. */
const sid = (prefix: 'SM' | 'CA') => `${prefix}${String(++n).padStart(32, '0')}`;
const failures = async (hook: string) =>
  (await webhookSignatureFailures.get()).values.find((v) => v.labels.hook === hook)?.value ?? 0;
const rowsFor = (key: string) => t.db().select().from(webhookEvents).where(eq(webhookEvents.eventKey, key));
const inboundSms = (messageSid: string) => ({
  MessageSid: messageSid,
  From: '+15551230001',
  To: '+15559870001',
  Body: 'Hello there',
});

function post(path: string, params: Record<string, string>, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
    },
    payload: formBody(params),
  });
}

describe('webhook signature (DESIGN §7)', () => {
  it('403 in our error shape without X-Twilio-Signature, counted, nothing stored', async () => {
    const before = await failures('sms');
    const messageSid = sid('SM');
    const res = await post(WEBHOOK_PATHS.smsInbound, inboundSms(messageSid));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'FORBIDDEN',
      message: INVALID_SIGNATURE_MESSAGE,
    });
    expect(await failures('sms')).toBe(before + 1);
    expect(await rowsFor(messageSid)).toEqual([]);
  });

  it('403 for a signature made with another token, over other parameters, or for another URL', async () => {
    const params = inboundSms(sid('SM'));
    const url = `${t.config.publicUrl}${WEBHOOK_PATHS.smsInbound}`;
    const before = await failures('sms');
    const wrongToken = signWebhook('not-the-token', url, params);
    const tampered = signWebhook(t.config.SIMULATOR_AUTH_TOKEN, url, { ...params, Body: 'Something else' });
    const otherUrl = signWebhook(t.config.SIMULATOR_AUTH_TOKEN, `${t.config.publicUrl}/hooks/other`, params);
    for (const signature of [wrongToken, tampered, otherUrl, '']) {
      expect((await post(WEBHOOK_PATHS.smsInbound, params, signature)).statusCode).toBe(403);
    }
    expect(await failures('sms')).toBe(before + 4);
    expect(await rowsFor(params.MessageSid)).toEqual([]);
  });

  it('checks every hook, each counted under its own label', async () => {
    for (const [path, label] of [
      [WEBHOOK_PATHS.smsStatus, 'sms-status'],
      [WEBHOOK_PATHS.voice, 'voice'],
      [WEBHOOK_PATHS.callStatus, 'call-status'],
    ] as const) {
      const before = await failures(label);
      expect((await post(path, { CallSid: sid('CA') }, 'bogus')).statusCode).toBe(403);
      expect(await failures(label)).toBe(before + 1);
    }
  });

  it('refuses a body that is not a form before looking at it further', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.smsInbound,
      headers: { 'content-type': 'application/json' },
      payload: { MessageSid: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('webhook body limit', () => {
  it('413 for a body over 64 KB, before the signature is looked at; a body under it reaches the check', async () => {
    const over = { ...inboundSms(sid('SM')), Body: 'x'.repeat(WEBHOOK_BODY_LIMIT) };
    const refused = await post(WEBHOOK_PATHS.smsInbound, over, 'bogus');
    expect(refused.statusCode).toBe(413);
    expect(refused.body).not.toContain('x'.repeat(100));
    const under = { ...inboundSms(sid('SM')), Body: 'x'.repeat(WEBHOOK_BODY_LIMIT - 1024) };
    expect((await post(WEBHOOK_PATHS.smsInbound, under, 'bogus')).statusCode).toBe(403);
  });
});

describe('a verified webhook', () => {
  it('inbound SMS: 200 with empty TwiML, stored, then processed by the job', async () => {
    const params = inboundSms(sid('SM'));
    const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toContain('<Response/>');
    const [row] = await rowsFor(params.MessageSid);
    expect(row).toMatchObject({ provider: 'local', kind: 'SMS_INBOUND', params });

    await waitForWebhooks(t);
    expect(seen.filter((e) => e.id === row!.id)).toEqual([{ id: row!.id, kind: 'SMS_INBOUND', params }]);
    const [processed] = await rowsFor(params.MessageSid);
    expect(processed!.processedAt).toBeInstanceOf(Date);
  });

  it('a replay answers the same, stores one row and runs the handler once', async () => {
    const params = inboundSms(sid('SM'));
    const first = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params);
    const early = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params);
    await waitForWebhooks(t);
    const late = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params);
    await waitForWebhooks(t);
    for (const res of [early, late]) {
      expect(res.statusCode).toBe(first.statusCode);
      expect(res.body).toBe(first.body);
    }
    const rows = await rowsFor(params.MessageSid);
    expect(rows).toHaveLength(1);
    expect(seen.filter((e) => e.params.MessageSid === params.MessageSid)).toHaveLength(1);
  });

  it('SMS status: 204; each status of a message is its own event, a replayed one is not', async () => {
    const messageSid = sid('SM');
    for (const status of ['sent', 'delivered', 'delivered', 'sent']) {
      const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsStatus, {
        MessageSid: messageSid,
        MessageStatus: status,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    await waitForWebhooks(t);
    const keys = (await t.db().select().from(webhookEvents).where(eq(webhookEvents.kind, 'SMS_STATUS')))
      .map((r) => r.eventKey)
      .filter((k) => k.startsWith(messageSid));
    expect(keys.sort()).toEqual([`${messageSid}:delivered`, `${messageSid}:sent`]);
    expect(seen.filter((e) => e.params.MessageSid === messageSid).map((e) => e.params.MessageStatus)).toEqual([
      'sent',
      'delivered',
    ]);
  });

  it('inbound call answers TwiML; call status is keyed by sid, status and duration', async () => {
    const callSid = sid('CA');
    const call = { CallSid: callSid, From: '+15551230002', To: '+15559870002' };
    const voice = await postSignedWebhook(t, WEBHOOK_PATHS.voice, { ...call, CallStatus: 'ringing' });
    expect(voice.statusCode).toBe(200);
    expect(voice.body).toContain('<Response/>');
    const updates: Record<string, string>[] = [
      { CallStatus: 'in-progress' },
      { CallStatus: 'completed', CallDuration: '95' },
    ];
    for (const extra of updates) {
      expect((await postSignedWebhook(t, WEBHOOK_PATHS.callStatus, { ...call, ...extra })).statusCode).toBe(204);
    }
    await waitForWebhooks(t);
    const rows = await t.db().select().from(webhookEvents);
    expect(
      rows
        .filter((r) => r.eventKey.startsWith(callSid))
        .map((r) => `${r.kind} ${r.eventKey}`)
        .sort(),
    ).toEqual([
      `CALL_INBOUND ${callSid}`,
      `CALL_STATUS ${callSid}:completed:95`,
      `CALL_STATUS ${callSid}:in-progress:`,
    ]);
  });

  it('400 for a signed post without the sid its kind is keyed on', async () => {
    const res = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, { From: '+15551230001', To: '+1', Body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { MessageSid: expect.any(String) } });
  });

  it('keeps the query string in the signed URL', async () => {
    const params = inboundSms(sid('SM'));
    const path = `${WEBHOOK_PATHS.smsInbound}?office=1`;
    expect((await postSignedWebhook(t, path, params)).statusCode).toBe(200);
    const unsignedQuery = signWebhook(
      t.config.SIMULATOR_AUTH_TOKEN,
      `${t.config.publicUrl}${WEBHOOK_PATHS.smsInbound}`,
      params,
    );
    expect((await post(path, params, unsignedQuery)).statusCode).toBe(403);
    await waitForWebhooks(t);
  });
});

describe('processing', () => {
  const deps = (webhooks: WebhookHandlers) => ({ db: t.db(), webhooks, log: { warn: () => {}, error: () => {} } });
  const stored = async () =>
    storeWebhookEvent(t.db(), {
      provider: 'test',
      kind: 'CALL_INBOUND',
      eventKey: sid('CA'),
      params: { CallSid: 'x' },
    });

  it('leaves an event of a kind nobody handles unprocessed, and skips one already processed', async () => {
    const event = await stored();
    expect(await processWebhookEvent(deps(new WebhookHandlers()), event.id)).toBe('no-handler');
    const [row] = await t.db().select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(row!.processedAt).toBeNull();

    const calls: string[] = [];
    const handlers = new WebhookHandlers();
    handlers.on('CALL_INBOUND', async (e) => void calls.push(e.id));
    expect(await processWebhookEvent(deps(handlers), event.id)).toBe('processed');
    expect(await processWebhookEvent(deps(handlers), event.id)).toBe('already-processed');
    expect(calls).toEqual([event.id]);
    expect(await processWebhookEvent(deps(handlers), '00000000-0000-4000-8000-000000000000')).toBe('missing');
  });

  // Last: it leaves a failed job behind, which waitForWebhooks reports from then on.
  it('a handler that throws fails the job, leaves the event unprocessed, and waitForWebhooks says why', async () => {
    const undo = t.app.webhooks.override('SMS_INBOUND', async () => {
      throw new Error('handler broke');
    });
    try {
      const params = inboundSms(sid('SM'));
      expect((await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params)).statusCode).toBe(200);
      await expect(waitForWebhooks(t, 10_000)).rejects.toThrow(/webhook processing failed: event .*: handler broke/);
      const [row] = await rowsFor(params.MessageSid);
      expect(row!.processedAt).toBeNull();
    } finally {
      undo();
    }
  });
});
