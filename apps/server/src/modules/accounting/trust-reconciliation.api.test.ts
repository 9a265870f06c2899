import { threeWaySchema } from '@casedesk/contract/accounting/trust';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { officeToday } from '@casedesk/contract/common/dates';

/*
 * The three-way reconciliation through HTTP, in an office of its own (so its trust account holds only the money
 * this file moves): last month's deposits and disbursements, one entry this month.
 */
let t: TestApp;
let officeId: string;
let month: string;
const matters: { clientId: string; inquiryId: string }[] = [];

async function send(url: string, as: string | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: as ? await t.authFor(as) : {},
    payload,
  }) as Promise<LightMyRequestResponse>;
}

async function ok(url: string, payload: object, as: string = SEEDED.admin) {
  const res = await send(url, as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function threeWay(statementBalanceCents?: number) {
  return threeWaySchema.parse(await ok('/api/v1/trust/threeWay', { officeId, month, statementBalanceCents }));
}

beforeAll(async () => {
  t = await createTestApp();
  const [office] = await t.database.query<{ id: string }>(
    `insert into offices (name, phone, sms_number, outbound_caller_id, time_zone)
     values ('Trust Test Office', '6025550190', '6025550191', '6025550192', 'UTC') returning id`,
  );
  officeId = office!.id;
  const today = officeToday('UTC');
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  month = first.toISOString().slice(0, 7);
  for (const [i, cents] of [50_000, 20_000, 7_500].entries()) {
    const [client] = await t.database.query<{ id: string }>(
      `insert into clients (first_name, last_name, office_id) values ('Three', $1, $2) returning id`,
      [`Way ${i}`, officeId],
    );
    const [matter] = await t.database.query<{ id: string }>(
      `insert into inquiries (client_id, office_id) values ($1, $2) returning id`,
      [client!.id, officeId],
    );
    const ids = { clientId: client!.id, inquiryId: matter!.id };
    matters.push(ids);
    const payment = { officeId, ...ids, paymentType: 'WIRE', account: 'TRUST', costCents: 0 };
    await ok('/api/v1/cashFlow/payment', { ...payment, feesCents: cents, paymentDate: `${month}-10` });
    await ok('/api/v1/trust/disbursement', {
      officeId,
      inquiryId: ids.inquiryId,
      amountCents: 2_500,
      payee: 'Expert witness',
      purpose: 'Report',
      entryDate: `${month}-12`,
    });
    // This month's money is not last month's: the figures at the month's end leave it out.
    await ok('/api/v1/cashFlow/payment', { ...payment, feesCents: 1_000, paymentDate: today });
  }
});
afterAll(async () => t?.close());

describe('three-way reconciliation', () => {
  it('401, 403, 400 with the message, 404 outside the caller’s offices', async () => {
    const body = { officeId, month, statementBalanceCents: 0 };
    expect((await send('/api/v1/trust/threeWay', null, body)).statusCode).toBe(401);
    expect((await send('/api/v1/trust/threeWay', SEEDED.operator, body)).statusCode).toBe(403);
    expect((await send('/api/v1/trust/signThreeWay', SEEDED.manager, body)).statusCode).toBe(403);
    const reopen = { officeId, month, reason: 'x' };
    expect((await send('/api/v1/trust/reopenThreeWay', SEEDED.manager, reopen)).statusCode).toBe(403);
    const bad = await send('/api/v1/trust/threeWay', SEEDED.admin, { ...body, month: '2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.month).toBe('Month must be a month (yyyy-MM).');
    const cents = await send('/api/v1/trust/threeWay', SEEDED.admin, { ...body, statementBalanceCents: 1.5 });
    expect(cents.json().fieldErrors.statementBalanceCents).toBe(
      'Statement balance must be an amount in dollars and cents.',
    );
    expect((await send('/api/v1/trust/threeWay', SEEDED.manager, body)).statusCode).toBe(404);
  });

  it('agrees for every seeded office’s signed month, trust payments, disbursements and reversals alike', async () => {
    const offices = await t.database.query<{ office_id: string; month: string; statement_cents: string }>(
      `select office_id, month, statement_cents from trust_reconciliations where office_id <> $1`,
      [officeId],
    );
    expect(offices.length).toBeGreaterThan(0);
    const [kinds] = await t.database.query<{ n: number }>(
      'select count(distinct kind)::int as n from trust_ledger_entries',
    );
    expect(kinds!.n).toBeGreaterThanOrEqual(2);
    for (const seeded of offices) {
      const body = {
        officeId: seeded.office_id,
        month: seeded.month,
        statementBalanceCents: Number(seeded.statement_cents),
      };
      const found = threeWaySchema.parse(await ok('/api/v1/trust/threeWay', body));
      expect(found, seeded.month).toMatchObject({ agrees: true, signed: true, differingLedgers: [] });
      expect(found.bookCents).toBe(Number(seeded.statement_cents));
    }
  });

  it('agrees to the cent when the bank says what the book says', async () => {
    const found = await threeWay(70_000);
    expect(found).toMatchObject({
      bookCents: 70_000,
      ledgersCents: 70_000,
      bankMinusBookCents: 0,
      ledgersMinusBookCents: 0,
      agrees: true,
      differingLedgers: [],
    });
    const short = await threeWay(69_999);
    expect(short).toMatchObject({ bankMinusBookCents: -1, agrees: false });
  });

  it('names a ledger whose stored balance disagrees with its entries, and refuses to sign', async () => {
    const wrong = matters[1]!;
    // Only a test may do this: the guard refuses any change to a balance that is not a ledger entry's.
    const set = async (delta: number) => {
      await t.database.query('alter table trust_balances disable trigger trust_balances_guard');
      await t.database.query(
        'update trust_balances set balance_cents = balance_cents + $1 where office_id = $2 and inquiry_id = $3',
        [delta, officeId, wrong.inquiryId],
      );
      await t.database.query('alter table trust_balances enable trigger trust_balances_guard');
    };
    await set(300);
    try {
      const found = await threeWay(70_000);
      expect(found).toMatchObject({ bookCents: 70_000, ledgersCents: 70_300, ledgersMinusBookCents: 300 });
      expect(found.agrees).toBe(false);
      expect(found.differingLedgers).toMatchObject([
        { inquiryId: wrong.inquiryId, clientId: wrong.clientId, client: 'Three Way 1', differenceCents: 300 },
      ]);
      const sign = await send('/api/v1/trust/signThreeWay', SEEDED.admin, {
        officeId,
        month,
        statementBalanceCents: 70_000,
      });
      expect(sign.statusCode).toBe(400);
      expect(sign.json().message).toBe(
        'The three balances do not agree (bank − book $0.00, client ledgers − book $3.00). Find the difference first.',
      );
    } finally {
      await set(-300);
    }
  });

  it('signs when all three agree, locks the month, and reopening keeps every version', async () => {
    const refused = await send('/api/v1/trust/signThreeWay', SEEDED.admin, {
      officeId,
      month,
      statementBalanceCents: 1,
    });
    expect(refused.statusCode).toBe(400);
    const signed = threeWaySchema.parse(
      await ok('/api/v1/trust/signThreeWay', { officeId, month, statementBalanceCents: 70_000, note: 'Statement 12' }),
    );
    expect(signed.signed).toBe(true);
    expect(signed.versions).toMatchObject([
      {
        version: 1,
        status: 'SIGNED',
        statementCents: 70_000,
        bookCents: 70_000,
        ledgersCents: 70_000,
        by: 'Alex Admin',
      },
    ]);
    const twice = await send('/api/v1/trust/signThreeWay', SEEDED.admin, {
      officeId,
      month,
      statementBalanceCents: 70_000,
    });
    expect(twice.statusCode).toBe(409);
    const late = await send('/api/v1/trust/disbursement', SEEDED.admin, {
      officeId,
      inquiryId: matters[0]!.inquiryId,
      amountCents: 100,
      payee: 'Late',
      purpose: 'Late',
      entryDate: `${month}-20`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.entryDate).toBe(
      'The trust account is reconciled for this month. Enter the correction in an open month.',
    );
    const blank = await send('/api/v1/trust/reopenThreeWay', SEEDED.admin, { officeId, month, reason: ' ' });
    expect(blank.json().fieldErrors.reason).toBe('Reason is a required field.');
    const reopened = threeWaySchema.parse(
      await ok('/api/v1/trust/reopenThreeWay', { officeId, month, reason: 'Bank fee found late' }),
    );
    expect(reopened.signed).toBe(false);
    expect(reopened.versions.map((v) => [v.version, v.status, v.note])).toEqual([
      [1, 'SIGNED', 'Statement 12'],
      [2, 'REOPENED', 'Bank fee found late'],
    ]);
    const again = await send('/api/v1/trust/reopenThreeWay', SEEDED.admin, { officeId, month, reason: 'again' });
    expect(again.statusCode).toBe(409);
    await expect(
      t.database.query('delete from trust_reconciliations where office_id = $1', [officeId]),
    ).rejects.toThrow(/never changed or deleted/);
  });
});
