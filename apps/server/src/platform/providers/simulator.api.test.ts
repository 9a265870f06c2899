import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { postSignedWebhook } from '../../../test/support/webhooks.ts';
import { webhookEvents } from './webhook-events.tables.ts';
import type { WebhookKind } from './webhook-handlers.ts';
import { signWebhook, WEBHOOK_PATHS } from './webhook-signing.ts';
import { webhookSignatureFailures } from './webhooks.routes.ts';

const KINDS: WebhookKind[] = ['SMS_INBOUND', 'SMS_STATUS', 'CALL_INBOUND', 'CALL_STATUS'];

/** The pipeline is webhooks.api.test.ts's subject; here the modules' handlers stay out of the way. */
function quietHandlers(t: TestApp): () => void {
  const undo = KINDS.map((kind) => t.app.webhooks.override(kind, async () => {}));
  return () => undo.forEach((u) => u());
}

const eventsWithKey = (t: TestApp, prefix: string) =>
  t
    .db()
    .select()
    .from(webhookEvents)
    // In order of arrival: without ORDER BY PostgreSQL may return them either way round.
    .orderBy(webhookEvents.receivedAt)
    .then((rows) => rows.filter((r) => r.eventKey.startsWith(prefix)));
const signatureFailures = async () =>
  (await webhookSignatureFailures.get()).values.reduce((sum, v) => sum + v.value, 0);

describe('phone simulator (local mode)', () => {
  let t: TestApp;
  let restore: () => void;
  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_AUTO_STATUS: 'true' });
    restore = quietHandlers(t);
  });
  afterAll(async () => {
    restore?.();
    await t?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, email?: string) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: email ? await t.authFor(email) : {} });

  it('GET /api/v1/simulator: 401 without a token, enabled for any signed-in user', async () => {
    expect((await call('GET', '/api/v1/simulator')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/simulator', undefined, SEEDED.attorney);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, autoStatus: true, failingNumberSuffix: '0000' });
  });

  it('401 without a token and 403 without SMS CREATE on every injecting route', async () => {
    const bodies = {
      '/api/v1/simulator/sms': { from: '5551230001', to: '5559870001', body: 'hi' },
      '/api/v1/simulator/call': { from: '5551230001', to: '5559870001' },
      '/api/v1/simulator/status': { messageSid: `SM${'0'.repeat(32)}`, status: 'delivered' },
    };
    for (const [url, body] of Object.entries(bodies)) {
      expect((await call('POST', url, body)).statusCode, url).toBe(401);
      const denied = await call('POST', url, body, SEEDED.attorney);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().message).toBe(MESSAGES.missingPermission);
    }
  });

  it('400 with the field messages', async () => {
    const cases: [string, object, Record<string, string>][] = [
      ['/api/v1/simulator/sms', { to: '5559870001', body: 'hi' }, { from: expect.any(String) }],
      [
        '/api/v1/simulator/sms',
        { from: '', to: '555', body: 'hi' },
        { from: 'From is a required field.', to: 'To must be a valid phone number.' },
      ],
      [
        '/api/v1/simulator/sms',
        { from: '5551230001', to: '5559870001', body: '  ' },
        { body: 'Message is required field' },
      ],
      [
        '/api/v1/simulator/sms',
        { from: '5551230001', to: '5559870001', body: 'x'.repeat(1601) },
        { body: 'Message should be max 1600 characters' },
      ],
      [
        '/api/v1/simulator/call',
        { from: '5551230001', to: '5559870001', durationSeconds: -1 },
        { durationSeconds: 'Duration must be 0 or more.' },
      ],
      [
        '/api/v1/simulator/status',
        { messageSid: 'SM1', status: 'delivered' },
        { messageSid: 'Message SID must be SM followed by 32 hexadecimal digits.' },
      ],
      [
        '/api/v1/simulator/status',
        { messageSid: `SM${'0'.repeat(32)}`, status: 'read' },
        { status: 'Status is a required field.' },
      ],
      [
        '/api/v1/simulator/status',
        { messageSid: `SM${'0'.repeat(32)}`, status: 'failed', errorCode: '3' },
        { errorCode: 'Error code must be five digits.' },
      ],
    ];
    for (const [url, body, fieldErrors] of cases) {
      const res = await call('POST', url, body, SEEDED.operator);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toMatchObject(fieldErrors);
    }
  });

  it('an inbound text enters through the signed SMS webhook, Twilio-shaped', async () => {
    const before = await signatureFailures();
    const res = await call(
      'POST',
      '/api/v1/simulator/sms',
      { from: '(555) 123-0001', to: '5559870001', body: 'STOP' },
      SEEDED.operator,
    );
    expect(res.statusCode).toBe(200);
    const { messageSid } = res.json();
    expect(messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    const [event] = await eventsWithKey(t, messageSid);
    expect(event).toMatchObject({
      provider: 'local',
      kind: 'SMS_INBOUND',
      params: { MessageSid: messageSid, From: '+15551230001', To: '+15559870001', Body: 'STOP', SmsStatus: 'received' },
    });
    expect(await signatureFailures()).toBe(before);
  });

  it('an inbound call rings the voice webhook, and with a duration also completes', async () => {
    const ringing = await call(
      'POST',
      '/api/v1/simulator/call',
      { from: '5551230001', to: '5559870002' },
      SEEDED.operator,
    );
    expect(ringing.statusCode).toBe(200);
    const open = await eventsWithKey(t, ringing.json().callSid);
    expect(open.map((e) => e.kind)).toEqual(['CALL_INBOUND']);

    const done = await call(
      'POST',
      '/api/v1/simulator/call',
      { from: '5551230001', to: '5559870002', durationSeconds: 95 },
      SEEDED.operator,
    );
    const { callSid } = done.json();
    const events = await eventsWithKey(t, callSid);
    expect(events.map((e) => [e.kind, e.params.CallStatus, e.params.CallDuration]).sort()).toEqual([
      ['CALL_INBOUND', 'ringing', undefined],
      ['CALL_STATUS', 'completed', '95'],
    ]);
    expect(events[0]!.params).toMatchObject({ From: '+15551230001', To: '+15559870002', Direction: 'inbound' });
  });

  it('a delivery status enters through the signed status webhook', async () => {
    const messageSid = `SM${'c'.repeat(32)}`;
    const res = await call(
      'POST',
      '/api/v1/simulator/status',
      { messageSid, status: 'undelivered', errorCode: '30005' },
      SEEDED.operator,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messageSid, status: 'undelivered' });
    const [event] = await eventsWithKey(t, messageSid);
    expect(event).toMatchObject({
      kind: 'SMS_STATUS',
      eventKey: `${messageSid}:undelivered`,
      params: { MessageStatus: 'undelivered', ErrorCode: '30005' },
    });
  });

  it('SIMULATOR_AUTO_STATUS: a sent text is reported sent, then delivered; to …0000 it fails with 30003', async () => {
    const ok = await t.app.provider.sendSms({ from: '5559870001', to: '5551230001', body: 'hello' });
    const unreachable = await t.app.provider.sendSms({ from: '5559870001', to: '5551230000', body: 'hello' });
    expect(ok.status).toBe('queued');
    const deadline = Date.now() + 5_000;
    while ((await eventsWithKey(t, ok.sid)).length < 2 && Date.now() < deadline) await sleep(100);

    const delivered = await eventsWithKey(t, ok.sid);
    expect(delivered.map((e) => e.params.MessageStatus)).toEqual(['sent', 'delivered']);
    expect(delivered[0]!.params).toMatchObject({ From: '+15559870001', To: '+15551230001' });
    const failed = await eventsWithKey(t, unreachable.sid);
    expect(failed.map((e) => [e.params.MessageStatus, e.params.ErrorCode])).toEqual([['failed', '30003']]);
  });
});

describe('Twilio mode', () => {
  const token = 'twilio-auth-token-for-tests';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TWILIO_ACCOUNT_SID: `AC${'2'.repeat(32)}`, TWILIO_AUTH_TOKEN: token });
  });
  afterAll(async () => t?.close());

  it('uses the Twilio adapter and has no simulator routes', async () => {
    expect(t.app.provider.name).toBe('twilio');
    const headers = await t.authFor(SEEDED.admin);
    const state = await t.app.inject({ method: 'GET', url: '/api/v1/simulator', headers });
    expect(state.json()).toEqual({ enabled: false, autoStatus: false, failingNumberSuffix: '0000' });
    for (const url of ['/api/v1/simulator/sms', '/api/v1/simulator/call', '/api/v1/simulator/status']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("verifies webhooks with Twilio's auth token, not the simulator's", async () => {
    const restore = quietHandlers(t);
    try {
      const params = { MessageSid: `SM${'d'.repeat(32)}`, From: '+15551230001', To: '+15559870001', Body: 'hi' };
      expect((await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, params)).statusCode).toBe(200);
      const [event] = await eventsWithKey(t, params.MessageSid);
      expect(event).toMatchObject({ provider: 'twilio', kind: 'SMS_INBOUND' });

      const url = `${t.config.publicUrl}${WEBHOOK_PATHS.smsInbound}`;
      const simulatorSigned = signWebhook(t.config.SIMULATOR_AUTH_TOKEN, url, params);
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATHS.smsInbound,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': simulatorSigned },
        payload: new URLSearchParams(params).toString(),
      });
      expect(res.statusCode).toBe(403);
    } finally {
      restore();
    }
  });
});
