import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import type { PaymentPlan } from '@casedesk/contract/collections/payment-plan';
import { PAYMENT_PLAN_MESSAGES } from '@casedesk/contract/collections/payment-plan';
import { addDays } from '@casedesk/contract/collections/payment-plan-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { OfficeRow, TestAccount } from './payment-plans.test-support.ts';
import {
  accountRow,
  accountsUserIn,
  eventsOf,
  insertAccount,
  insertPayment,
  instalmentsOf,
  officeNamed,
  planOf,
  todayAt,
} from './payment-plans.test-support.ts';
import { paymentPlans } from './payment-plans.tables.ts';

let t: TestApp;
let send: Injector;
let officeA: OfficeRow;
let officeB: OfficeRow;
/** ALL_ACCOUNTS READ and UPDATE in office A only. */
let scoped: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  officeA = await officeNamed(t.db(), 'Los Angeles');
  officeB = await officeNamed(t.db(), 'Miami');
  scoped = (await accountsUserIn(t, [officeA.id])).mail;
  today = todayAt(officeA);
});
afterAll(async () => t?.close());

const terms = (accountId: string, overrides: Record<string, unknown> = {}) => ({
  accountId,
  amountCents: 10_000,
  frequency: 'WEEKLY',
  firstDueDate: addDays(today, 1),
  instalmentCount: null,
  ...overrides,
});

const createPlan = async (account: TestAccount, overrides: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/v1/paymentPlan/create', scoped, terms(account.id, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentPlan;
};

const ROUTES = ['create', 'preview', 'list', 'change', 'pause'] as const;

describe('every payment plan route', () => {
  it('401 without a token, 403 without ALL_ACCOUNTS', async () => {
    const account = await insertAccount(t.db(), officeA.id);
    for (const route of ROUTES) {
      const body = route === 'list' ? { accountId: account.id } : terms(account.id);
      expect((await send('POST', `/api/v1/paymentPlan/${route}`, null, body)).statusCode, route).toBe(401);
      expect((await send('POST', `/api/v1/paymentPlan/${route}`, SEEDED.operator, body)).statusCode, route).toBe(403);
    }
  });

  it('403 for the writes with ALL_ACCOUNTS READ only', async () => {
    const account = await insertAccount(t.db(), officeA.id);
    const res = await send('POST', '/api/v1/paymentPlan/create', SEEDED.manager, terms(account.id));
    expect(res.statusCode).toBe(403);
    expect((await send('POST', '/api/v1/paymentPlan/preview', SEEDED.manager, terms(account.id))).statusCode).toBe(200);
  });
});

describe('POST /api/v1/paymentPlan/preview', () => {
  it('shows the schedule for the balance, until paid with a smaller last instalment, and saves nothing', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 25_050 });
    const res = await send('POST', '/api/v1/paymentPlan/preview', scoped, terms(account.id, { frequency: 'MONTHLY' }));
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ balanceCents: 25_050, plannedCents: 25_050, leftCents: 0 });
    expect(preview.instalments.map((i: { amountCents: number }) => i.amountCents)).toEqual([10_000, 10_000, 5_050]);
    expect(preview.instalments[0].dueDate).toBe(addDays(today, 1));
    expect(await t.db().select().from(paymentPlans).where(eq(paymentPlans.accountId, account.id))).toEqual([]);
  });

  it('a fixed count that does not cover the balance says what is left', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 50_000 });
    const res = await send('POST', '/api/v1/paymentPlan/preview', scoped, terms(account.id, { instalmentCount: 2 }));
    expect(res.json()).toMatchObject({ plannedCents: 20_000, leftCents: 30_000 });
  });

  it('400 with the form’s messages', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 20_000 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amountCents: 0 }, 'amountCents', PAYMENT_PLAN_MESSAGES.amount],
      [{ amountCents: 12.5 }, 'amountCents', PAYMENT_PLAN_MESSAGES.amount],
      [{ frequency: 'DAILY' }, 'frequency', PAYMENT_PLAN_MESSAGES.frequency],
      [{ instalmentCount: 0 }, 'instalmentCount', PAYMENT_PLAN_MESSAGES.instalments],
      [{ firstDueDate: '2026-02-30' }, 'firstDueDate', 'First Due Date must be a valid date.'],
      // "Today" is the office's: yesterday there is in the past whatever the server's clock says.
      [{ firstDueDate: addDays(today, -1) }, 'firstDueDate', PAYMENT_PLAN_MESSAGES.firstDuePast],
      [{ amountCents: 20_001 }, 'amountCents', PAYMENT_PLAN_MESSAGES.tooLarge],
      [{ amountCents: 1 }, 'amountCents', PAYMENT_PLAN_MESSAGES.tooManyInstalments],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', '/api/v1/paymentPlan/preview', scoped, terms(account.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
  });

  it('404 for an account of an office out of the caller’s reach, as for one that does not exist', async () => {
    const other = await insertAccount(t.db(), officeB.id);
    for (const accountId of [other.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await send('POST', '/api/v1/paymentPlan/preview', scoped, terms(accountId));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(COLLECTION_ACCOUNT_MESSAGES.notFound);
    }
  });
});

describe('POST /api/v1/paymentPlan/create', () => {
  it('makes version 1 and its schedule; the account moves to Payment plan with a status event; audited', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 30_000 });
    const plan = await createPlan(account);
    expect(plan).toMatchObject({ accountId: account.id, status: 'ACTIVE', pauses: [] });
    expect(plan.versions).toMatchObject([
      { version: 1, amountCents: 10_000, frequency: 'WEEKLY', instalmentCount: null },
    ]);
    expect(plan.instalments.map((i) => [i.seq, i.dueDate, i.amountCents, i.paidCents, i.status])).toEqual([
      [1, addDays(today, 1), 10_000, 0, 'DUE'],
      [2, addDays(today, 8), 10_000, 0, 'DUE'],
      [3, addDays(today, 15), 10_000, 0, 'DUE'],
    ]);
    expect((await accountRow(t.db(), account.id)).status).toBe('PAYMENT_PLAN');
    const events = await eventsOf(t.db(), account.id);
    // One transaction, one instant: the events are compared by kind, not by order.
    const byKind = Object.fromEntries(events.map((e) => [e.kind, e]));
    expect(Object.keys(byKind).sort()).toEqual(['PLAN', 'STATUS', 'TERM']);
    expect(byKind.STATUS).toMatchObject({ fromStatus: 'ACTIVE', toStatus: 'PAYMENT_PLAN' });
    // SPEC §5: @payment and @dueDate go into texts on the Payment Plan term only.
    expect(byKind.TERM!.title).toBe('Term set to Payment Plan');
    expect((await accountRow(t.db(), account.id)).termId).not.toBeNull();
    expect(byKind.PLAN!.detail).toContain('3 instalments of $100.00, weekly');
    const audit = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, plan.id));
    expect(audit.map((a) => a.action)).toEqual(['payment_plan.create']);
  });

  it('409 when the account has an open plan; 422 for a closed or paid-up account', async () => {
    const account = await insertAccount(t.db(), officeA.id);
    await createPlan(account);
    const again = await send('POST', '/api/v1/paymentPlan/create', scoped, terms(account.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_PLAN_MESSAGES.alreadyPlanned);

    const closed = await insertAccount(t.db(), officeA.id, { status: 'CLOSED' });
    const res = await send('POST', '/api/v1/paymentPlan/create', scoped, terms(closed.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PAYMENT_PLAN_MESSAGES.closedAccount);

    const paidUp = await insertAccount(t.db(), officeA.id, { originalCents: 5_000 });
    await insertPayment(t.db(), paidUp, 5_000, today);
    const none = await send('POST', '/api/v1/paymentPlan/create', scoped, terms(paidUp.id));
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(PAYMENT_PLAN_MESSAGES.noBalance);
  });

  it('two creates at once make one plan', async () => {
    const account = await insertAccount(t.db(), officeA.id);
    const answers = await Promise.all(
      [1, 2].map(() => send('POST', '/api/v1/paymentPlan/create', scoped, terms(account.id))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('404 for an account out of reach, writing nothing', async () => {
    const other = await insertAccount(t.db(), officeB.id);
    const res = await send('POST', '/api/v1/paymentPlan/create', scoped, terms(other.id));
    expect(res.statusCode).toBe(404);
    expect(await t.db().select().from(paymentPlans).where(eq(paymentPlans.accountId, other.id))).toEqual([]);
  });
});

describe('POST /api/v1/paymentPlan/list', () => {
  it('lists the account’s plans with what the payments paid, oldest instalment first', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 30_000 });
    await createPlan(account);
    await insertPayment(t.db(), account, 15_000, today);
    const res = await send('POST', '/api/v1/paymentPlan/list', scoped, { accountId: account.id });
    expect(res.statusCode).toBe(200);
    const [plan] = res.json() as PaymentPlan[];
    expect(plan!.instalments.map((i) => [i.paidCents, i.status])).toEqual([
      [10_000, 'PAID'],
      [5_000, 'DUE'],
      [0, 'DUE'],
    ]);
  });

  it('404 out of reach; 400 without an account id', async () => {
    const other = await insertAccount(t.db(), officeB.id);
    expect((await send('POST', '/api/v1/paymentPlan/list', scoped, { accountId: other.id })).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/paymentPlan/list', scoped, {})).statusCode).toBe(400);
  });
});

describe('POST /api/v1/paymentPlan/change', () => {
  it('a new version from the next unpaid instalment: paid ones stay, the rest are the new terms’ for the balance', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 30_000 });
    const plan = await createPlan(account);
    await insertPayment(t.db(), account, 10_000, today);
    const res = await send('POST', '/api/v1/paymentPlan/change', scoped, {
      planId: plan.id,
      amountCents: 5_000,
      frequency: 'BIWEEKLY',
      firstDueDate: addDays(today, 3),
      instalmentCount: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as PaymentPlan;
    expect(changed.versions.map((v) => [v.version, v.amountCents])).toEqual([
      [1, 10_000],
      [2, 5_000],
    ]);
    expect(changed.instalments.map((i) => [i.seq, i.version, i.amountCents, i.status, i.dueDate])).toEqual([
      [1, 1, 10_000, 'PAID', addDays(today, 1)],
      [2, 2, 5_000, 'DUE', addDays(today, 3)],
      [3, 2, 5_000, 'DUE', addDays(today, 17)],
      [4, 2, 5_000, 'DUE', addDays(today, 31)],
      [5, 2, 5_000, 'DUE', addDays(today, 45)],
    ]);
    // The payment paid version 1; the next one pays version 2.
    await insertPayment(t.db(), account, 5_000, today);
    const [listed] = (await send('POST', '/api/v1/paymentPlan/list', scoped, { accountId: account.id })).json();
    expect(listed.instalments.map((i: { status: string }) => i.status)).toEqual(['PAID', 'PAID', 'DUE', 'DUE', 'DUE']);
    const events = await eventsOf(t.db(), account.id);
    expect(events.at(-1)).toMatchObject({ kind: 'PLAN', title: 'Payment plan changed (version 2)' });
  });

  it('404 for a plan out of reach; 400 for bad terms; 422 for a completed plan', async () => {
    const other = await insertAccount(t.db(), officeB.id);
    const otherPlan = (
      await send('POST', '/api/v1/paymentPlan/create', SEEDED.collector, terms(other.id))
    ).json() as PaymentPlan;
    const body = { ...terms(other.id), accountId: undefined, planId: otherPlan.id };
    const res = await send('POST', '/api/v1/paymentPlan/change', scoped, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PAYMENT_PLAN_MESSAGES.notFound);

    const account = await insertAccount(t.db(), officeA.id);
    const plan = await createPlan(account);
    const bad = await send('POST', '/api/v1/paymentPlan/change', scoped, { ...body, planId: plan.id, amountCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PAYMENT_PLAN_MESSAGES.amount);

    await t.db().update(paymentPlans).set({ status: 'COMPLETED' }).where(eq(paymentPlans.id, plan.id));
    const done = await send('POST', '/api/v1/paymentPlan/change', scoped, { ...body, planId: plan.id });
    expect(done.statusCode).toBe(422);
    expect(done.json().message).toBe(PAYMENT_PLAN_MESSAGES.notOpen);
  });
});

describe('POST /api/v1/paymentPlan/pause', () => {
  it('pauses from up to 7 office days back: the instalments due from then on are PAUSED, not missed', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 30_000 });
    const plan = await createPlan(account, { firstDueDate: today });
    const res = await send('POST', '/api/v1/paymentPlan/pause', scoped, {
      planId: plan.id,
      reason: 'Lost her job',
      pausedFrom: addDays(today, -7),
      resumeOn: addDays(today, 10),
    });
    expect(res.statusCode, res.body).toBe(200);
    const paused = res.json() as PaymentPlan;
    expect(paused.status).toBe('PAUSED');
    expect(paused.pauses).toMatchObject([
      { pausedFrom: addDays(today, -7), resumeOn: addDays(today, 10), reason: 'Lost her job' },
    ]);
    expect(paused.instalments.map((i) => i.status)).toEqual(['PAUSED', 'PAUSED', 'PAUSED']);
    expect((await eventsOf(t.db(), account.id)).at(-1)).toMatchObject({ kind: 'PLAN', title: 'Payment plan paused' });
  });

  it('resumes by hand: the unpaid instalments move on by the periods that fell inside the pause', async () => {
    const account = await insertAccount(t.db(), officeA.id, { originalCents: 30_000 });
    const plan = await createPlan(account, { firstDueDate: today });
    await send('POST', '/api/v1/paymentPlan/pause', scoped, {
      planId: plan.id,
      reason: 'Hospital',
      pausedFrom: addDays(today, -7),
    });
    const res = await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, resume: true });
    expect(res.statusCode, res.body).toBe(200);
    const resumed = res.json() as PaymentPlan;
    expect(resumed.status).toBe('ACTIVE');
    expect(resumed.pauses[0]!.resumedAt).not.toBeNull();
    // The first instalment was due today, inside the pause [today − 7, today): nothing; today is the resume day.
    expect(resumed.instalments.map((i) => [i.dueDate, i.status])).toEqual([
      [today, 'DUE'],
      [addDays(today, 7), 'DUE'],
      [addDays(today, 14), 'DUE'],
    ]);
    const rows = await instalmentsOf(t.db(), plan.id);
    expect(rows.every((r) => r.status === 'DUE')).toBe(true);
  });

  it('400 with the form’s messages; 422 for a plan in the wrong state', async () => {
    const account = await insertAccount(t.db(), officeA.id);
    const plan = await createPlan(account);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'reason', PAYMENT_PLAN_MESSAGES.reason],
      [{ reason: '   ' }, 'reason', PAYMENT_PLAN_MESSAGES.reason],
      [{ reason: 'x'.repeat(501) }, 'reason', PAYMENT_PLAN_MESSAGES.reasonLength],
      [{ reason: 'Hardship', pausedFrom: addDays(today, -8) }, 'pausedFrom', PAYMENT_PLAN_MESSAGES.pauseFrom],
      [{ reason: 'Hardship', pausedFrom: addDays(today, 1) }, 'pausedFrom', PAYMENT_PLAN_MESSAGES.pauseFrom],
      [{ reason: 'Hardship', pausedFrom: today, resumeOn: today }, 'resumeOn', PAYMENT_PLAN_MESSAGES.resumeOn],
      [
        { reason: 'Hardship', pausedFrom: addDays(today, -3), resumeOn: today },
        'resumeOn',
        PAYMENT_PLAN_MESSAGES.resumeOnPast,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
    const resume = await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, resume: true });
    expect(resume.statusCode).toBe(422);
    expect(resume.json().message).toBe(PAYMENT_PLAN_MESSAGES.notPaused);
    await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, reason: 'Hardship' });
    const twice = await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, reason: 'Hardship' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(PAYMENT_PLAN_MESSAGES.notActive);
  });

  it('404 for a plan out of reach', async () => {
    const other = await insertAccount(t.db(), officeB.id);
    const plan = (await send('POST', '/api/v1/paymentPlan/create', SEEDED.collector, terms(other.id))).json();
    const res = await send('POST', '/api/v1/paymentPlan/pause', scoped, { planId: plan.id, reason: 'Hardship' });
    expect(res.statusCode).toBe(404);
    expect((await planOf(t.db(), other.id)).status).toBe('ACTIVE');
  });
});
