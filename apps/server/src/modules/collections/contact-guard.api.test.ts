import { contactCheckResponseSchema } from '@casedesk/contract/collections/contact-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsOptOuts } from '../sms/sms.tables.ts';
import { guardCollectionContact } from './collection-contact.service.ts';
import { clientWithMatter, seededUserId } from './collections.test-support.ts';
import { collectionContactAttempts, collectionContactRules } from './contact-rules.tables.ts';

/*
 * The contact rules' guard on a real database: it reads the client's state, the account's calls and the opt-out
 * list, refuses with the rule's words and the next allowed time, and logs every attempt. The rules' arithmetic is
 * proven over a simulated year in contact-rules/check-contact.simulation.test.ts; here each rule is reached once.
 */
let t: TestApp;
let send: ReturnType<typeof injector>;
let refs: { inScope: typeof offices.$inferSelect; outOfScope: typeof offices.$inferSelect };
let managerId: string;

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const rows = await t.db().select().from(offices);
  // The seeded manager works Los Angeles and San Diego, not Las Vegas.
  refs = {
    inScope: rows.find((o) => o.name === 'Los Angeles')!,
    outOfScope: rows.find((o) => o.name === 'Las Vegas')!,
  };
  managerId = await seededUserId(t, SEEDED.manager);
});
afterAll(async () => t?.close());

const PHONE = '2125550144';

async function accountOfClientIn(state: string) {
  const client = await clientWithMatter(t, refs.inScope.id);
  await t.db().update(clients).set({ state }).where(eq(clients.id, client.clientId));
  return insertCollectionAccount(t.db(), {
    officeId: refs.inScope.id,
    clientId: client.clientId,
    inquiryId: client.inquiryId,
  });
}

async function guard(account: Awaited<ReturnType<typeof accountOfClientIn>>, channel: 'CALL' | 'TEXT', at: string) {
  const actor = { userId: managerId, permissions: [], role: 'MANAGER', ip: '127.0.0.1', requestId: 'test' };
  try {
    await guardCollectionContact(t.db(), {
      actor: actor as never,
      account: { ...account, collectorId: account.collectorId ?? null },
      channel,
      toNumber: PHONE,
      at: new Date(at),
    });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

async function outboundCall(accountId: string, at: string, durationInSeconds = 0) {
  await t
    .db()
    .insert(calls)
    .values({
      direction: 'OUTBOUND',
      callStartTime: new Date(at),
      collectionAccountId: accountId,
      officeId: refs.inScope.id,
      durationInSeconds,
    });
}

describe('guardCollectionContact', () => {
  it('refuses a call at 21:30 in the client’s zone with the rule’s words and 8:00 the next morning, and logs it', async () => {
    const account = await accountOfClientIn('NY');
    // 02:30 UTC on Nov 27 is 21:30 on Nov 26 in New York (EST).
    const refused = await guard(account, 'CALL', '2026-11-27T02:30:00Z');
    expect(refused?.code).toBe('BUSINESS_RULE');
    expect(refused?.message).toContain('America/New_York');
    expect(refused?.message).toMatch(/8:00/);
    expect(refused?.fieldErrors).toEqual({ collectionAccountId: refused?.message });
    expect(await guard(account, 'CALL', '2026-11-27T13:00:00Z')).toBeNull();

    const log = await t
      .db()
      .select()
      .from(collectionContactAttempts)
      .where(eq(collectionContactAttempts.accountId, account.id))
      .orderBy(collectionContactAttempts.at);
    expect(log.map((a) => [a.allowed, a.rule, a.timeZone])).toEqual([
      [false, 'TIME_OF_DAY', 'America/New_York'],
      [true, null, 'America/New_York'],
    ]);
    expect(log[0]!.nextAllowedAt?.toISOString()).toBe('2026-11-27T13:00:00.000Z');
  });

  it('refuses the eighth call attempt in seven days, and any call in the seven days after a conversation', async () => {
    const busy = await accountOfClientIn('NY');
    for (let day = 20; day <= 26; day += 1) await outboundCall(busy.id, `2026-11-${day}T15:00:00Z`);
    expect((await guard(busy, 'CALL', '2026-11-26T18:00:00Z'))?.message).toBeTruthy();
    const [attempt] = await t
      .db()
      .select()
      .from(collectionContactAttempts)
      .where(eq(collectionContactAttempts.accountId, busy.id));
    expect(attempt!.rule).toBe('CALL_FREQUENCY');

    const spoke = await accountOfClientIn('NY');
    await outboundCall(spoke.id, '2026-11-24T15:00:00Z', 300);
    expect(await guard(spoke, 'CALL', '2026-11-26T18:00:00Z')).not.toBeNull();
    // The conversation day counts as day one: Nov 24 … Nov 30 are quiet, Dec 1 at 8:00 is allowed.
    expect(await guard(spoke, 'CALL', '2026-11-30T20:00:00Z')).not.toBeNull();
    expect(await guard(spoke, 'CALL', '2026-12-01T13:00:00Z')).toBeNull();
  });

  it('follows the state’s rule: Massachusetts allows two calls in seven days', async () => {
    const account = await accountOfClientIn('MA');
    await outboundCall(account.id, '2026-11-24T15:00:00Z');
    expect(await guard(account, 'CALL', '2026-11-25T15:00:00Z')).toBeNull();
    await outboundCall(account.id, '2026-11-25T15:00:00Z');
    expect(await guard(account, 'CALL', '2026-11-26T15:00:00Z')).not.toBeNull();
  });

  it('refuses a collection text to a number that sent STOP, but not a call', async () => {
    const account = await accountOfClientIn('NY');
    await t.db().insert(smsOptOuts).values({ phoneNumber: PHONE, optedOut: true }).onConflictDoNothing();
    const refused = await guard(account, 'TEXT', '2026-11-26T18:00:00Z');
    expect(refused?.message).toBeTruthy();
    expect(await guard(account, 'CALL', '2026-11-26T18:00:00Z')).toBeNull();
    await t.db().delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, PHONE));
  });
});

describe('POST /api/v1/call/click2Call with an account', () => {
  it('is refused outside the calling hours before anything is dialled; a call without an account is not judged', async () => {
    const account = await accountOfClientIn('NY');
    // A one-hour window that does not hold the present hour in New York: the refusal does not hang on the clock.
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/New_York' }).format(
        new Date(),
      ),
    );
    const earliestHour = (hour + 2) % 23;
    await t
      .db()
      .update(collectionContactRules)
      .set({ earliestHour, latestHour: earliestHour + 1 });
    const before = (await t.db().select().from(calls)).length;
    const body = { participantNumber: PHONE, outboundCallerId: refs.inScope.outboundCallerId };
    const refused = await send('POST', '/api/v1/call/click2Call', SEEDED.manager, {
      ...body,
      collectionAccountId: account.id,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toContain('America/New_York');
    expect((await t.db().select().from(calls)).length).toBe(before);

    const plain = await send('POST', '/api/v1/call/click2Call', SEEDED.manager, body);
    expect(plain.statusCode, plain.body).toBe(200);
    await t.db().update(collectionContactRules).set({ earliestHour: 8, latestHour: 21 });
  });
});

describe('the contact rule table', () => {
  it('GET lists the seeded rules; 401 without a token, 403 without ALL_ACCOUNTS', async () => {
    expect((await send('GET', '/api/v1/collectionContactRule', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/collectionContactRule', SEEDED.attorney)).statusCode).toBe(403);
    const res = await send('GET', '/api/v1/collectionContactRule', SEEDED.collector);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ state: 'MA', maxCallAttempts: 2, windowDays: 7 })]),
    );
  });

  it('PUT saves a state’s rule for an admin, audited; 400 with the message; 403 for others', async () => {
    const rule = {
      state: 'WA',
      earliestHour: 8,
      latestHour: 20,
      maxCallAttempts: 3,
      windowDays: 7,
      quietDaysAfterConversation: 7,
    };
    expect((await send('PUT', '/api/v1/collectionContactRule', SEEDED.collector, rule)).statusCode).toBe(403);
    const bad = await send('PUT', '/api/v1/collectionContactRule', SEEDED.admin, { ...rule, latestHour: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ latestHour: 'Latest Hour must be later than Earliest Hour.' });
    const saved = await send('PUT', '/api/v1/collectionContactRule', SEEDED.admin, rule);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(rule);
    const audit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'collectionContactRule.save'), eq(auditEvents.entityId, 'WA')));
    expect(audit).toHaveLength(1);

    // The history shows the change to collection management only.
    expect((await send('GET', '/api/v1/collectionContactRule/history', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/collectionContactRule/history', SEEDED.collector)).statusCode).toBe(403);
    const history = await send('GET', '/api/v1/collectionContactRule/history', SEEDED.admin);
    expect(history.statusCode, history.body).toBe(200);
    const change = history.json().find((c: { state: string }) => c.state === 'WA');
    expect(change).toMatchObject({ state: 'WA', before: null, after: rule });
    expect(change.byName).toEqual(expect.any(String));
  });

  it('POST /check answers for an account in scope without logging; 404 outside', async () => {
    const account = await accountOfClientIn('NY');
    const res = await send('POST', '/api/v1/collectionContactRule/check', SEEDED.manager, {
      accountId: account.id,
      channel: 'CALL',
      toNumber: PHONE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = contactCheckResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ timeZone: 'America/New_York', timeZoneSource: 'ADDRESS' });
    expect(
      await t.db().select().from(collectionContactAttempts).where(eq(collectionContactAttempts.accountId, account.id)),
    ).toHaveLength(0);

    const client = await clientWithMatter(t, refs.outOfScope.id);
    const outside = await insertCollectionAccount(t.db(), { officeId: refs.outOfScope.id, clientId: client.clientId });
    const refused = await send('POST', '/api/v1/collectionContactRule/check', SEEDED.manager, {
      accountId: outside.id,
      channel: 'CALL',
      toNumber: PHONE,
    });
    expect(refused.statusCode).toBe(404);
  });
});
