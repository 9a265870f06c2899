import { paymentDetailSchema } from '@casedesk/contract/accounting/payment';
import { trustEntrySchema, trustLedgerSchema, trustLedgersResponseSchema } from '@casedesk/contract/accounting/trust';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';

/*
 * Client trust money through HTTP: trust payments, disbursements and the ledgers. Each test works on matters of
 * its own, so its balances are the money it moved.
 */
let t: TestApp;
let office: Record<string, string>;
let serial = 0;

let send: Injector;

async function ok(url: string, as: string, payload: object) {
  const res = await send('POST', url, as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fresh client and matter in an office. */
async function newMatter(officeName = 'Los Angeles') {
  serial += 1;
  const [client] = await t.database.query<{ id: string }>(
    `insert into clients (first_name, last_name, office_id) values ('Trust', $1, $2) returning id`,
    [`Client ${process.pid}-${serial}`, office[officeName]],
  );
  const [matter] = await t.database.query<{ id: string }>(
    `insert into inquiries (client_id, office_id) values ($1, $2) returning id`,
    [client!.id, office[officeName]],
  );
  return { clientId: client!.id, inquiryId: matter!.id, officeId: office[officeName]! };
}

type Matter = Awaited<ReturnType<typeof newMatter>>;

async function trustPayment(matter: Matter, feesCents: number, as: string = SEEDED.manager) {
  const today = new Date().toISOString().slice(0, 10);
  return paymentDetailSchema.parse(
    await ok('/api/v1/cashFlow/payment', as, {
      ...matter,
      paymentType: 'CHECK',
      account: 'TRUST',
      feesCents,
      costCents: 0,
      paymentDate: today > '2026-01-02' ? '2026-01-02' : today,
    }),
  );
}

const disbursement = (matter: Matter, amountCents: number) => ({
  officeId: matter.officeId,
  inquiryId: matter.inquiryId,
  amountCents,
  payee: 'County Court',
  purpose: 'Filing fee',
});

async function ledger(matter: Matter, as: string = SEEDED.manager) {
  const res = await send('GET', `/api/v1/trust/ledger/${matter.inquiryId}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return trustLedgerSchema.parse(res.json());
}

async function storedBalance(matter: Matter): Promise<number> {
  const [row] = await t.database.query<{ balance_cents: string }>(
    'select balance_cents from trust_balances where office_id = $1 and inquiry_id = $2',
    [matter.officeId, matter.inquiryId],
  );
  return Number(row?.balance_cents ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const rows = await t.database.query<{ id: string; name: string }>('select id, name from offices');
  office = Object.fromEntries(rows.map((o) => [o.name, o.id]));
});
afterAll(async () => t?.close());

describe('trust payments', () => {
  it('needs a matter (400), deposits on the matter’s ledger, and its reversal keeps the account', async () => {
    const matter = await newMatter();
    const { inquiryId: _, ...noMatter } = matter;
    const res = await send('POST', '/api/v1/cashFlow/payment', SEEDED.manager, {
      ...noMatter,
      paymentType: 'CASH',
      account: 'TRUST',
      feesCents: 100,
      costCents: 0,
      paymentDate: '2026-01-02',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.inquiryId).toBe(
      'A trust payment needs a matter: trust money is held for one client matter.',
    );
    const payment = await trustPayment(matter, 50_000);
    expect(payment.account).toBe('TRUST');
    expect((await ledger(matter)).entries).toMatchObject([
      { kind: 'DEPOSIT', amountCents: 50_000, balanceCents: 50_000, paymentId: payment.id },
    ]);
    const reversed = paymentDetailSchema.parse(
      await ok('/api/v1/cashFlow/deletePayment', SEEDED.manager, { id: payment.id, reason: 'Wrong matter' }),
    );
    expect(reversed.reversal?.account).toBe('TRUST');
    expect((await ledger(matter)).entries.map((e) => [e.kind, e.balanceCents])).toEqual([
      ['DEPOSIT', 50_000],
      ['DEPOSIT_REVERSAL', 0],
    ]);
    expect(await storedBalance(matter)).toBe(0);
  });

  it('refuses to reverse a trust payment whose money was disbursed (409), and changes nothing', async () => {
    const matter = await newMatter();
    const payment = await trustPayment(matter, 12_000);
    await ok('/api/v1/trust/disbursement', SEEDED.manager, disbursement(matter, 5_000));
    const res = await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, { id: payment.id, reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This matter holds $70.00 in trust; reversing this payment of $120.00 would take it below zero.',
    );
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from payments where reverses_id = $1',
      [payment.id],
    );
    expect(row!.n).toBe(0);
    expect(await storedBalance(matter)).toBe(7_000);
  });
});

describe('POST /api/v1/trust/disbursement', () => {
  it('401, 403, 400 with the field’s message, 404 outside the caller’s offices', async () => {
    const matter = await newMatter();
    const body = disbursement(matter, 100);
    expect((await send('POST', '/api/v1/trust/disbursement', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/trust/disbursement', SEEDED.operator, body)).statusCode).toBe(403);
    const cases: [object, string, string][] = [
      [{ amountCents: 0 }, 'amountCents', 'Amount must be an amount in dollars and cents, more than 0.'],
      [{ amountCents: 1.5 }, 'amountCents', 'Amount must be an amount in dollars and cents, more than 0.'],
      [{ payee: ' ' }, 'payee', 'Payee is a required field.'],
      [{ purpose: '' }, 'purpose', 'Purpose is a required field.'],
      [{ entryDate: '2099-01-01' }, 'entryDate', 'Date cannot be in the future.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', '/api/v1/trust/disbursement', SEEDED.manager, { ...body, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    const dallas = await newMatter('Dallas');
    const outside = await send('POST', '/api/v1/trust/disbursement', SEEDED.manager, disbursement(dallas, 100));
    expect(outside.statusCode).toBe(404);
  });

  it('409 naming the balance when it would go below zero; the happy path', async () => {
    const matter = await newMatter();
    await trustPayment(matter, 12_000);
    const over = await send('POST', '/api/v1/trust/disbursement', SEEDED.manager, disbursement(matter, 15_000));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'This matter holds $120.00 in trust; a disbursement of $150.00 would take it below zero.',
    );
    const paid = trustEntrySchema.parse(
      await ok('/api/v1/trust/disbursement', SEEDED.manager, disbursement(matter, 12_000)),
    );
    expect(paid).toMatchObject({ kind: 'DISBURSEMENT', amountCents: -12_000, balanceCents: 0, payee: 'County Court' });
    expect(await storedBalance(matter)).toBe(0);
  });

  it('100 concurrent withdrawals never take a matter below zero', async () => {
    const matter = await newMatter();
    await trustPayment(matter, 10_000);
    await t.authFor(SEEDED.manager);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        send('POST', '/api/v1/trust/disbursement', SEEDED.manager, disbursement(matter, 300)),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(33);
    expect(codes.filter((c) => c === 409)).toHaveLength(67);
    expect(await storedBalance(matter)).toBe(100);
    const [sum] = await t.database.query<{ total: string }>(
      'select sum(amount_cents) as total from trust_ledger_entries where inquiry_id = $1',
      [matter.inquiryId],
    );
    expect(Number(sum!.total)).toBe(100);
    const entries = (await ledger(matter)).entries;
    expect(entries.at(-1)!.balanceCents).toBe(100);
    expect(Math.min(...entries.map((e) => e.balanceCents))).toBe(100);
  });

  it('the database itself refuses a balance below zero and any change to an entry', async () => {
    const matter = await newMatter();
    await expect(
      t.database.query(
        `insert into trust_ledger_entries (office_id, inquiry_id, kind, amount_cents, payee, purpose, entry_date)
         values ($1, $2, 'DISBURSEMENT', -1, 'x', 'y', '2026-01-02')`,
        [matter.officeId, matter.inquiryId],
      ),
    ).rejects.toThrow(/trust_balances_not_negative/);
    await trustPayment(matter, 500);
    await expect(
      t.database.query('update trust_ledger_entries set amount_cents = 1 where inquiry_id = $1', [matter.inquiryId]),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(
      t.database.query('update trust_balances set balance_cents = 9 where inquiry_id = $1', [matter.inquiryId]),
    ).rejects.toThrow(/only through ledger entries/);
  });
});

describe('POST /api/v1/trust/reverseDisbursement', () => {
  it('401, 403, 400, 404 outside the caller’s offices, the happy path, then 409', async () => {
    const matter = await newMatter();
    await trustPayment(matter, 9_000);
    const paid = trustEntrySchema.parse(
      await ok('/api/v1/trust/disbursement', SEEDED.manager, disbursement(matter, 4_000)),
    );
    const body = { id: paid.id, reason: 'Cheque returned' };
    expect((await send('POST', '/api/v1/trust/reverseDisbursement', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/trust/reverseDisbursement', SEEDED.operator, body)).statusCode).toBe(403);
    const blank = await send('POST', '/api/v1/trust/reverseDisbursement', SEEDED.manager, { ...body, reason: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toBe('Reason is a required field.');
    const dallas = await newMatter('Dallas');
    await trustPayment(dallas, 1_000, SEEDED.admin);
    const theirs = trustEntrySchema.parse(
      await ok('/api/v1/trust/disbursement', SEEDED.admin, disbursement(dallas, 500)),
    );
    const outside = await send('POST', '/api/v1/trust/reverseDisbursement', SEEDED.manager, { ...body, id: theirs.id });
    expect(outside.statusCode).toBe(404);
    const back = trustEntrySchema.parse(await ok('/api/v1/trust/reverseDisbursement', SEEDED.manager, body));
    expect(back).toMatchObject({ kind: 'DISBURSEMENT_REVERSAL', amountCents: 4_000, balanceCents: 9_000 });
    const again = await send('POST', '/api/v1/trust/reverseDisbursement', SEEDED.manager, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This disbursement is already reversed.');
    const deposit = (await ledger(matter)).entries[0]!;
    const notOne = await send('POST', '/api/v1/trust/reverseDisbursement', SEEDED.manager, { ...body, id: deposit.id });
    expect(notOne.statusCode).toBe(400);
  });
});

describe('the ledgers', () => {
  it('POST /trust/ledgers: 401, 403, 400, only the caller’s offices, filtered by client', async () => {
    const body = { filter: {}, pageSize: 10 };
    expect((await send('POST', '/api/v1/trust/ledgers', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/trust/ledgers', SEEDED.operator, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/trust/ledgers', SEEDED.manager, { sortBy: 'nope' })).statusCode).toBe(400);
    const matter = await newMatter();
    await trustPayment(matter, 2_500);
    const mine = trustLedgersResponseSchema.parse(
      await ok('/api/v1/trust/ledgers', SEEDED.manager, { filter: { clientId: matter.clientId } }),
    );
    expect(mine.items).toMatchObject([{ inquiryId: matter.inquiryId, balanceCents: 2_500, office: 'Los Angeles' }]);
    const dallas = trustLedgersResponseSchema.parse(
      await ok('/api/v1/trust/ledgers', SEEDED.manager, { filter: { officeId: office.Dallas } }),
    );
    expect(dallas.totalCount).toBe(0);
  });

  it('GET /trust/ledger/:inquiryId: 401, 403, 404 outside the caller’s offices or unknown', async () => {
    const matter = await newMatter('Dallas');
    const url = `/api/v1/trust/ledger/${matter.inquiryId}`;
    expect((await send('GET', url, null)).statusCode).toBe(401);
    expect((await send('GET', url, SEEDED.operator)).statusCode).toBe(403);
    expect((await send('GET', url, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/trust/ledger/${randomUUID()}`, SEEDED.admin)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/trust/ledger/nope', SEEDED.admin)).statusCode).toBe(400);
    expect((await ledger(matter, SEEDED.admin)).entries).toEqual([]);
  });
});
