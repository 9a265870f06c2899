import { callRowSchema } from '@casedesk/contract/calls/call';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { postSignedWebhook, waitForWebhooks } from '../../../test/support/webhooks.ts';
import { WEBHOOK_PATHS } from '../../platform/providers/webhook-signing.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { calls } from './calls.tables.ts';
import { callRefs, createInquiryIn, injector, lawTypeId, newClient, SEEDED, userId } from './calls.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof callRefs>>;
let send: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await callRefs(t);
  send = injector(t);
});
afterAll(async () => t?.close());

const incoming = (as: string | null, body: unknown) => send('POST', '/api/v1/call/incoming', as, body);
const notified = async (callId: string) =>
  (
    await t
      .db()
      .select({
        userId: notifications.userId,
        description: notifications.description,
        type: notifications.notificationType,
      })
      .from(notifications)
      .where(eq(notifications.notificationId, callId))
  ).sort((a, b) => a.userId.localeCompare(b.userId));

describe('POST /api/v1/call/incoming', () => {
  it('401, 403 and 400 with the messages', async () => {
    expect((await incoming(null, {})).statusCode).toBe(401);
    expect((await incoming(SEEDED.attorney, {})).statusCode).toBe(403);
    const bad = await incoming(SEEDED.operator, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      callerId: 'Caller Id is required',
      numberDialed: 'Number Dialed is required',
    });
    const wrong = await incoming(SEEDED.operator, { callerId: '12', numberDialed: refs.laLine.dnis, extra: 1 });
    expect(wrong.statusCode).toBe(400);
  });

  it('stores the call with its tracking line, client, law type and duplicate flag, and notifies the office', async () => {
    const { id: inquiryId, clientId } = await createInquiryIn(t, refs.inScope.id, {
      client: newClient({ firstName: 'Ringo', lastName: 'Incoming', primaryNumber: '3105550123' }),
      lawTypeId: await lawTypeId(t, 'Personal Injury'),
    });
    const res = await incoming(SEEDED.operator, { callerId: '(310) 555-0123', numberDialed: refs.laLine.dnis });
    expect(res.statusCode, res.body).toBe(200);
    const row = callRowSchema.parse(res.json());
    expect(row).toMatchObject({
      direction: 'INBOUND',
      title: 'Ringo Incoming',
      callerId: '3105550123',
      numberDialed: '2135550404',
      pointTo: 'Los Angeles',
      clientId,
      inquiryId,
      lawType: 'Personal Injury',
      duplicate: false,
      talkSeconds: null,
      ongoing: true,
      status: 'ringing',
    });
    const [stored] = await t.db().select().from(calls).where(eq(calls.id, row.id));
    expect(stored).toMatchObject({ officeId: refs.inScope.id, trackingLineId: refs.laLine.id });

    // The office's CALLS readers: the admin, the operator (unconditioned) and the LA/SD manager; not the attorney.
    const expected = await Promise.all([SEEDED.admin, SEEDED.manager, SEEDED.operator].map((m) => userId(t, m)));
    const rows = await notified(row.id);
    expect(rows.map((r) => r.userId)).toEqual(expect.arrayContaining(expected));
    expect(rows.map((r) => r.userId)).not.toContain(await userId(t, SEEDED.attorney));
    expect(rows[0]).toMatchObject({ type: 'CALL', description: 'Incoming call from (310) 555-0123 on Billboard I-10' });

    // The same caller again within 30 days is a duplicate.
    const again = await incoming(SEEDED.operator, { callerId: '3105550123', numberDialed: refs.googleLine.dnis });
    expect(again.json()).toMatchObject({ duplicate: true, pointTo: 'Call Center' });
  });

  it("an unknown number is 'Unknown caller'; the manager hears only of his offices' calls", async () => {
    const res = await incoming(SEEDED.operator, { callerId: '9095550100', numberDialed: refs.lvLine.dnis });
    const row = callRowSchema.parse(res.json());
    expect(row).toMatchObject({ title: 'Unknown caller', clientId: null, lawType: null, pointTo: 'Las Vegas' });
    const rows = await notified(row.id);
    expect(rows.map((r) => r.userId)).not.toContain(await userId(t, SEEDED.manager));
    expect(rows[0]!.description).toBe('Incoming call from (909) 555-0100 on Radio – KXNT');
  });

  it("refuses a call to a line of an office outside the reporter's scope", async () => {
    const res = await incoming(SEEDED.manager, { callerId: '9095550101', numberDialed: refs.lvLine.dnis });
    expect(res.statusCode).toBe(403);
    expect(await t.db().select().from(calls).where(eq(calls.callerId, '9095550101'))).toHaveLength(0);
  });

  it('a repeated callSid of a call outside the reporter’s scope is a conflict that shows nothing of it', async () => {
    const body = { callerId: '9095550103', numberDialed: refs.lvLine.dnis, callSid: 'PBX-43' };
    const first = callRowSchema.parse((await incoming(SEEDED.operator, body)).json());
    const again = await incoming(SEEDED.manager, { ...body, numberDialed: refs.laLine.dnis });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(first.id);
  });

  it('a repeated callSid returns the same call and notifies no one again', async () => {
    const body = { callerId: '9095550102', numberDialed: refs.laLine.dnis, callSid: 'PBX-42' };
    const first = callRowSchema.parse((await incoming(SEEDED.operator, body)).json());
    const count = (await notified(first.id)).length;
    const second = await incoming(SEEDED.operator, body);
    expect(second.json().id).toBe(first.id);
    expect(await notified(first.id)).toHaveLength(count);
  });
});

describe('provider webhooks (CALL_INBOUND, CALL_STATUS)', () => {
  const sid = (n: number) => `CA${String(n).padStart(32, '0')}`;

  it('an inbound call webhook stores the call and notifies; a replay changes nothing', async () => {
    const params = {
      CallSid: sid(1),
      From: '+19095550111',
      To: `+1${refs.laLine.dnis}`,
      CallStatus: 'ringing',
      Direction: 'inbound',
    };
    expect((await postSignedWebhook(t, WEBHOOK_PATHS.voice, params)).statusCode).toBe(200);
    await waitForWebhooks(t);
    const [call] = await t
      .db()
      .select()
      .from(calls)
      .where(eq(calls.providerCallSid, sid(1)));
    expect(call).toMatchObject({
      direction: 'INBOUND',
      callerId: '9095550111',
      numberDialed: refs.laLine.dnis,
      trackingLineId: refs.laLine.id,
      officeId: refs.inScope.id,
      status: 'ringing',
    });
    const count = (await notified(call!.id)).length;
    expect(count).toBeGreaterThan(0);
    await postSignedWebhook(t, WEBHOOK_PATHS.voice, params);
    await waitForWebhooks(t);
    expect(
      await t
        .db()
        .select()
        .from(calls)
        .where(eq(calls.providerCallSid, sid(1))),
    ).toHaveLength(1);
    expect(await notified(call!.id)).toHaveLength(count);
  });

  it('status only moves forward; completed sets the talk seconds and ends "ongoing"', async () => {
    const start = { CallSid: sid(2), From: '+19095550112', To: `+1${refs.laLine.dnis}`, Direction: 'inbound' };
    await postSignedWebhook(t, WEBHOOK_PATHS.voice, start);
    await waitForWebhooks(t);
    const status = async (CallStatus: string, CallDuration?: string) => {
      await postSignedWebhook(t, WEBHOOK_PATHS.callStatus, {
        CallSid: sid(2),
        CallStatus,
        ...(CallDuration === undefined ? {} : { CallDuration }),
      });
      await waitForWebhooks(t);
      const [row] = await t
        .db()
        .select()
        .from(calls)
        .where(eq(calls.providerCallSid, sid(2)));
      return row!;
    };
    expect((await status('in-progress')).status).toBe('in-progress');
    const done = await status('completed', '95');
    expect(done).toMatchObject({ status: 'completed', durationInSeconds: 95 });
    // Late and repeated callbacks change nothing.
    expect(await status('ringing')).toMatchObject({ status: 'completed', durationInSeconds: 95 });
    expect(await status('no-answer')).toMatchObject({ status: 'completed', durationInSeconds: 95 });
    const listed = await send('POST', '/api/v1/call/all', SEEDED.operator, { filter: { searchKeyword: '9095550112' } });
    expect(listed.json().items[0]).toMatchObject({ talkSeconds: 95, ongoing: false });
  });

  it('a missed call ends with 0 talk seconds; our own outbound legs are not taken as incoming', async () => {
    await postSignedWebhook(t, WEBHOOK_PATHS.voice, {
      CallSid: sid(3),
      From: '+19095550113',
      To: `+1${refs.googleLine.dnis}`,
      Direction: 'inbound',
    });
    await postSignedWebhook(t, WEBHOOK_PATHS.voice, {
      CallSid: sid(4),
      From: `+1${refs.callCenter.outboundCallerId}`,
      To: '+19095550114',
      Direction: 'outbound-api',
    });
    await waitForWebhooks(t);
    await postSignedWebhook(t, WEBHOOK_PATHS.callStatus, { CallSid: sid(3), CallStatus: 'no-answer' });
    await waitForWebhooks(t);
    const rows = await t
      .db()
      .select()
      .from(calls)
      .where(and(inArray(calls.providerCallSid, [sid(3), sid(4)])));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'no-answer', durationInSeconds: 0, officeId: refs.callCenter.id });
  });
});
