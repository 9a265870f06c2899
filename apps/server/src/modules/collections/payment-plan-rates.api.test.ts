import { addDays } from '@casedesk/contract/collections/payment-plan-rules';
import { PROMISE_KEPT_MESSAGES } from '@casedesk/contract/collections/promise-kept';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { resolveUserByEmail } from '../users/users.service.ts';
import { promiseKeptRates } from './payment-plan-rates.service.ts';
import type { OfficeRow, TestAccount } from './payment-plans.test-support.ts';
import { insertAccount, insertPayment, officeNamed, todayAt } from './payment-plans.test-support.ts';

/**
 * promiseKeptRates, for the dashboards: instalments due in a range whose grace has passed (paused ones excused),
 * kept when paid in full by due date + 2 days, per office and per collector, within the caller's offices.
 */

let t: TestApp;
let send: Injector;
let la: OfficeRow;
let miami: OfficeRow;
let admin: Actor;
let manager: Actor;
let collector: Actor;
let laToday: string;

async function actorFor(email: string): Promise<Actor> {
  return actorOf((await resolveUserByEmail(t.db(), email))!, '127.0.0.1', 'rates-test');
}

async function plan(account: TestAccount, firstDueDate: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/v1/paymentPlan/create', SEEDED.collector, {
    accountId: account.id,
    amountCents: 10_000,
    frequency: 'WEEKLY',
    firstDueDate,
    instalmentCount: null,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  la = await officeNamed(t.db(), 'Los Angeles');
  miami = await officeNamed(t.db(), 'Miami');
  laToday = todayAt(la);
  admin = await actorFor(SEEDED.admin);
  manager = await actorFor(SEEDED.manager);
  collector = await actorFor(SEEDED.collector);

  // Los Angeles, the seeded collector's account: three weekly instalments from day 1. The first is paid on its day,
  // the other two together on day 20, after both of their graces: one of three kept.
  const kept = await insertAccount(t.db(), la.id, { originalCents: 30_000, collectorId: collector.userId });
  await plan(kept, addDays(laToday, 1));
  await insertPayment(t.db(), kept, 10_000, addDays(laToday, 1));
  await insertPayment(t.db(), kept, 20_000, addDays(laToday, 20));

  // Los Angeles, paused from the start: its instalments are excused, not counted.
  const paused = await insertAccount(t.db(), la.id, { originalCents: 20_000, collectorId: collector.userId });
  const pausedPlan = await plan(paused, addDays(laToday, 1));
  const pause = await send('POST', '/api/v1/paymentPlan/pause', SEEDED.collector, {
    planId: pausedPlan.id,
    reason: 'Hardship',
  });
  expect(pause.statusCode, pause.body).toBe(200);

  // Miami, nobody's account: two instalments from day 2 (whichever side of midnight Miami is), paid in full on
  // the first one's day: both kept.
  const early = await insertAccount(t.db(), miami.id, { originalCents: 20_000 });
  await plan(early, addDays(laToday, 2));
  await insertPayment(t.db(), early, 20_000, addDays(laToday, 2));
});
afterAll(async () => t?.close());

/** An instant `days` days after today, in the afternoon of every seeded office. */
const later = (days: number) => new Date(`${addDays(laToday, days)}T21:00:00Z`);
const range = () => ({ from: laToday, to: addDays(laToday, 60) });

describe('promiseKeptRates', () => {
  it('counts per office, per collector and in total, from the same rows', async () => {
    const rates = await promiseKeptRates(t.db(), admin, range(), later(40));
    expect(rates.total).toEqual({ due: 5, kept: 3, rate: 0.6 });
    expect(rates.byOffice.map((o) => [o.office, o.due, o.kept])).toEqual([
      ['Los Angeles', 3, 1],
      ['Miami', 2, 2],
    ]);
    expect(rates.byCollector.map((c) => [c.collectorId, c.due, c.kept, c.rate])).toEqual(
      expect.arrayContaining([
        [collector.userId, 3, 1, 1 / 3],
        [null, 2, 2, 1],
      ]),
    );
    expect(rates.byCollector.find((c) => c.collectorId === collector.userId)!.collector).toBe('Casey Collector');
  });

  it('counts an instalment only once its grace has passed in its office’s day', async () => {
    // Los Angeles' first instalment (day 1) is within its grace to the end of day 3, Miami's (day 2) to day 4.
    expect((await promiseKeptRates(t.db(), admin, range(), later(3))).total).toEqual({ due: 0, kept: 0, rate: null });
    expect((await promiseKeptRates(t.db(), admin, range(), later(4))).total).toEqual({ due: 1, kept: 1, rate: 1 });
    expect((await promiseKeptRates(t.db(), admin, range(), later(5))).total).toEqual({ due: 2, kept: 2, rate: 1 });
  });

  it('narrows by due dates, offices and collector, and never beyond the caller’s offices', async () => {
    const fromDay5 = await promiseKeptRates(t.db(), admin, { from: addDays(laToday, 5), to: range().to }, later(40));
    expect(fromDay5.total).toMatchObject({ due: 3, kept: 1 });
    const miamiOnly = await promiseKeptRates(t.db(), admin, { ...range(), officeIds: [miami.id] }, later(40));
    expect(miamiOnly.total).toMatchObject({ due: 2, kept: 2 });
    const mine = await promiseKeptRates(t.db(), admin, { ...range(), collectorId: collector.userId }, later(40));
    expect(mine.total).toMatchObject({ due: 3, kept: 1 });
    // The seeded manager reads accounts of Los Angeles and San Diego only.
    const managed = await promiseKeptRates(t.db(), manager, range(), later(40));
    expect(managed.byOffice.map((o) => o.office)).toEqual(['Los Angeles']);
    const asked = await promiseKeptRates(t.db(), manager, { ...range(), officeIds: [miami.id] }, later(40));
    expect(asked.total).toEqual({ due: 0, kept: 0, rate: null });
  });

  it('refuses a range that ends before it starts', async () => {
    await expect(promiseKeptRates(t.db(), admin, { from: laToday, to: addDays(laToday, -1) })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: PROMISE_KEPT_MESSAGES.range,
    });
  });
});
