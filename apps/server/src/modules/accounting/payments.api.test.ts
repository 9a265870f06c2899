import {
  cashFlowListResponseSchema,
  cashFlowTotalsSchema,
  paymentDetailSchema,
  type PaymentWriteInput,
} from '@casedesk/contract/accounting/payment';
import { parseCents } from '@casedesk/contract/common/money';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';

/*
 * The cash-flow ledger through HTTP. Each test enters its own client's payments and reads them back by that
 * client, so seeded payments (and other tests') never enter its figures.
 */
let t: TestApp;
let office: Record<string, string>;
let serial = 0;

let send: Injector;

/** A fresh client (so the test owns every payment it reads) in an office. */
async function newClient(officeName = 'Los Angeles'): Promise<string> {
  serial += 1;
  const [row] = await t.database.query<{ id: string }>(
    `insert into clients (first_name, last_name, office_id, lms_client_number)
     values ('Ledger', $1, $2, $3) returning id`,
    [`Client ${process.pid}-${serial}`, office[officeName], `LMS-${process.pid}-${serial}`],
  );
  return row!.id;
}

const payment = (clientId: string, extra: Partial<PaymentWriteInput> = {}): PaymentWriteInput => ({
  officeId: office['Los Angeles']!,
  clientId,
  paymentType: 'CHECK',
  feesCents: 125_050,
  costCents: 1_999,
  paymentDate: '2026-01-15',
  ...extra,
});

async function enter(body: PaymentWriteInput, as: string = SEEDED.manager) {
  const res = await send('POST', '/api/v1/cashFlow/payment', as, body);
  expect(res.statusCode, res.body).toBe(200);
  return paymentDetailSchema.parse(res.json());
}

async function list(as: string, filter: object) {
  const res = await send('POST', '/api/v1/cashFlow/all', as, { filter, pageSize: 1000 });
  expect(res.statusCode, res.body).toBe(200);
  return cashFlowListResponseSchema.parse(res.json());
}

async function totals(as: string, filter: object) {
  const res = await send('POST', '/api/v1/cashFlow/totals', as, { filter });
  expect(res.statusCode, res.body).toBe(200);
  return cashFlowTotalsSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const rows = await t.database.query<{ id: string; name: string }>('select id, name from offices');
  office = Object.fromEntries(rows.map((o) => [o.name, o.id]));
});
afterAll(async () => t?.close());

describe('POST /api/v1/cashFlow/payment', () => {
  it('401 without a token, 403 without CASH_FLOW CREATE, 400 with the field’s message', async () => {
    const body = payment(await newClient());
    expect((await send('POST', '/api/v1/cashFlow/payment', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/cashFlow/payment', SEEDED.operator, body)).statusCode).toBe(403);
    const cases: [object, string, string][] = [
      [{ feesCents: 10.5 }, 'feesCents', 'Fees must be an amount in dollars and cents, 0 or more.'],
      [{ costCents: -1 }, 'costCents', 'Cost must be an amount in dollars and cents, 0 or more.'],
      [{ feesCents: 0, costCents: 0 }, 'feesCents', 'Fees and cost cannot both be 0.'],
      [{ feesCents: 1_000_000_001 }, 'feesCents', 'An entry can be at most $10,000,000.00.'],
      [
        { paymentType: 'BITCOIN' },
        'paymentType',
        'Payment Type must be one of Cash, Check, Money order, Card, ACH, Wire.',
      ],
      [{ receiptNumber: 0 }, 'receiptNumber', 'Receipt Num must be a whole number from 1.'],
      [{ paymentDate: '2099-01-01' }, 'paymentDate', 'Payment Date cannot be in the future.'],
      [{ lawTypeId: randomUUID() }, 'lawTypeId', 'Law Type must be one of the law types.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', '/api/v1/cashFlow/payment', SEEDED.manager, { ...body, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    expect((await list(SEEDED.admin, { clientId: body.clientId })).totalCount).toBe(0);
  });

  it('404 for an office outside the caller’s CASH_FLOW CREATE offices, or a matter of another client', async () => {
    const dallasClient = await newClient('Dallas');
    const res = await send(
      'POST',
      '/api/v1/cashFlow/payment',
      SEEDED.manager,
      payment(dallasClient, { officeId: office.Dallas }),
    );
    expect(res.statusCode).toBe(404);
    const clientId = await newClient();
    const [other] = await t.database.query<{ id: string }>(
      `insert into inquiries (client_id, office_id) values ($1, $2) returning id`,
      [dallasClient, office['Los Angeles']],
    );
    const wrongMatter = await send(
      'POST',
      '/api/v1/cashFlow/payment',
      SEEDED.manager,
      payment(clientId, { inquiryId: other!.id }),
    );
    expect(wrongMatter.statusCode).toBe(400);
    expect(wrongMatter.json().fieldErrors.inquiryId).toBe('The matter belongs to another client.');
  });

  it('gives each office consecutive receipt numbers, skips typed ones and refuses a used one with 409', async () => {
    const clientId = await newClient();
    const first = await enter(payment(clientId));
    const typed = await enter(payment(clientId, { receiptNumber: first.receiptNumber! + 1 }));
    const next = await enter(payment(clientId));
    expect(typed.receiptNumber).toBe(first.receiptNumber! + 1);
    expect(next.receiptNumber).toBe(first.receiptNumber! + 2);
    const taken = await send(
      'POST',
      '/api/v1/cashFlow/payment',
      SEEDED.manager,
      payment(clientId, { receiptNumber: typed.receiptNumber }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'This receipt number is already used in this office. Leave it blank to get the next one.',
    );
    expect(next).toMatchObject({
      feesCents: 125_050,
      costCents: 1_999,
      totalCents: 127_049,
      enteredBy: 'Morgan Manager',
      reversedById: null,
    });
  });

  it('gives 100 concurrent payments in one office 100 distinct receipt numbers', async () => {
    const clientId = await newClient('San Diego');
    const entered = await Promise.all(
      Array.from({ length: 100 }, () =>
        enter(payment(clientId, { officeId: office['San Diego'], feesCents: 100, costCents: 0 })),
      ),
    );
    const numbers = entered.map((p) => p.receiptNumber!).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers[99]! - numbers[0]!).toBe(99);
    expect(await totals(SEEDED.manager, { clientId })).toEqual({
      count: 100,
      feesCents: 10_000,
      costCents: 0,
      totalCents: 10_000,
    });
  });
});

describe('POST /api/v1/cashFlow/deletePayment', () => {
  it('reverses with a linked entry and the reason; the list hides the pair unless shown; totals agree', async () => {
    const clientId = await newClient();
    const kept = await enter(payment(clientId, { feesCents: 10_001, costCents: 0 }));
    const wrong = await enter(payment(clientId, { feesCents: 20_002, costCents: 303 }));
    expect((await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, { id: wrong.id })).statusCode).toBe(
      400,
    );
    const res = await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, {
      id: wrong.id,
      reason: 'Entered twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reversed = paymentDetailSchema.parse(res.json());
    expect(reversed.totalCents).toBe(20_305);
    const reversalDetail = await send('GET', `/api/v1/payment/${reversed.reversal!.id}`, SEEDED.manager);
    expect(paymentDetailSchema.parse(reversalDetail.json()).totalCents).toBe(-20_305);
    expect(reversed.reversal).toMatchObject({
      feesCents: -20_002,
      costCents: -303,
      reason: 'Entered twice',
      reversesId: wrong.id,
    });

    const shown = await list(SEEDED.manager, { clientId });
    expect(shown.items.map((p) => p.id)).toEqual([kept.id]);
    expect(await totals(SEEDED.manager, { clientId })).toEqual({
      count: 1,
      feesCents: 10_001,
      costCents: 0,
      totalCents: 10_001,
    });
    const all = await list(SEEDED.manager, { clientId, showReversed: true });
    expect(all.totalCount).toBe(3);
    const sum = all.items.reduce((s, p) => s + p.feesCents + p.costCents, 0);
    expect(await totals(SEEDED.manager, { clientId, showReversed: true })).toMatchObject({ count: 3, totalCents: sum });
    expect(sum).toBe(10_001);
    // The client's payments tab lists the whole ledger, each row saying what it is.
    const details = await send('GET', `/api/v1/client/details?clientId=${clientId}`, SEEDED.manager);
    expect(details.statusCode, details.body).toBe(200);
    const tab = details.json<{ payments: { status: string; amountCents: number }[] }>().payments;
    expect(tab.map((p) => p.status).sort()).toEqual(['ENTERED', 'REVERSAL', 'REVERSED']);
    expect(tab.reduce((s, p) => s + p.amountCents, 0)).toBe(10_001);

    expect(
      (await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, { id: wrong.id, reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    const ofReversal = await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, {
      id: reversed.reversal!.id,
      reason: 'Undo',
    });
    expect(ofReversal.statusCode).toBe(400);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_events where entity = 'payments' and entity_id in ($1, $2) order by action`,
      [wrong.id, reversed.reversal!.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['payment.enter', 'payment.enterReversal', 'payment.reverse']);
  });

  it('nothing in the ledger can be changed or deleted, even in SQL', async () => {
    const entered = await enter(payment(await newClient()));
    await expect(t.database.query('update payments set fees_cents = 1 where id = $1', [entered.id])).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(t.database.query('delete from payments where id = $1', [entered.id])).rejects.toThrow(
      /never changed or deleted/,
    );
  });
});

describe('POST /api/v1/cashFlow/export', () => {
  it('gives the list as CSV with the SPEC headers; its amounts add up to the totals; 401 and 403', async () => {
    const clientId = await newClient();
    await enter(payment(clientId, { feesCents: 10_050, costCents: 1 }));
    await enter(payment(clientId, { feesCents: 99_999, costCents: 0, paymentType: 'WIRE' }));
    const url = '/api/v1/cashFlow/export?offsetHours=-8';
    const body = { filter: { clientId }, format: 'csv' };
    expect((await send('POST', url, null, body)).statusCode).toBe(401);
    expect((await send('POST', url, SEEDED.operator, body)).statusCode).toBe(403);
    const res = await send('POST', url, SEEDED.manager, body);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'office entered,office,client,LMS client number,matter,law type,payment type,fees,cost,receipt num,entered by,time',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    const cents = (text: string) => parseCents(text)!;
    const sum = rows.reduce((s, r) => s + cents(r[7]!) + cents(r[8]!), 0);
    expect(sum).toBe((await totals(SEEDED.manager, { clientId })).totalCents);
    expect(rows.map((r) => r[6]).sort()).toEqual(['Check', 'Wire']);
  });
});

describe('office scope', () => {
  it('a manager of two offices sees none of another office’s rows in the list, totals or detail', async () => {
    const dallasClient = await newClient('Dallas');
    const dallas = await enter(payment(dallasClient, { officeId: office.Dallas }), SEEDED.admin);
    expect((await list(SEEDED.admin, { clientId: dallasClient })).totalCount).toBe(1);
    expect((await list(SEEDED.manager, { clientId: dallasClient })).totalCount).toBe(0);
    expect((await list(SEEDED.manager, { officeId: office.Dallas })).totalCount).toBe(0);
    expect((await totals(SEEDED.manager, { clientId: dallasClient })).count).toBe(0);
    expect((await send('GET', `/api/v1/payment/${dallas.id}`, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/payment/${dallas.id}`, SEEDED.operator)).statusCode).toBe(403);
    expect((await send('GET', `/api/v1/payment/${dallas.id}`, null)).statusCode).toBe(401);
    const reverse = await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, {
      id: dallas.id,
      reason: 'x',
    });
    expect(reverse.statusCode).toBe(404);
    const receipt = `/api/v1/payment/${dallas.id}/receipt?offsetHours=-6`;
    expect((await send('GET', receipt, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('GET', receipt, SEEDED.operator)).statusCode).toBe(403);
    const pdf = await send('GET', receipt, SEEDED.admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const detail = paymentDetailSchema.parse((await send('GET', `/api/v1/payment/${dallas.id}`, SEEDED.admin)).json());
    expect(detail).toMatchObject({ office: 'Dallas', lmsClientNumber: expect.stringMatching(/^LMS-/), reversal: null });
  });
});
