import { paymentDetailSchema, type PaymentWriteInput } from '@casedesk/contract/accounting/payment';
import {
  officeEnteredTotalSchema,
  reconRowSchema,
  reconTableSchema,
  reconTotalSchema,
} from '@casedesk/contract/accounting/reconciliation';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

/*
 * Reconciliation through HTTP. Each test works in office days of its own (a month no other test uses), so the
 * rows it reads are the rows it wrote.
 */
let t: TestApp;
let office: Record<string, string>;
let serial = 0;

async function send(url: string, as: string | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: as ? await t.authFor(as) : {},
    payload,
  }) as Promise<LightMyRequestResponse>;
}

async function ok(url: string, as: string, payload: object) {
  const res = await send(url, as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newClient(officeName: string): Promise<string> {
  serial += 1;
  const [row] = await t.database.query<{ id: string }>(
    `insert into clients (first_name, last_name, office_id) values ('Recon', $1, $2) returning id`,
    [`Client ${process.pid}-${serial}`, office[officeName]],
  );
  return row!.id;
}

async function enter(body: Partial<PaymentWriteInput> & Pick<PaymentWriteInput, 'officeId' | 'clientId'>) {
  return paymentDetailSchema.parse(
    await ok('/api/v1/cashFlow/payment', SEEDED.admin, {
      paymentType: 'CASH',
      feesCents: 0,
      costCents: 0,
      paymentDate: '2025-06-10',
      ...body,
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.query<{ id: string; name: string }>('select id, name from offices');
  office = Object.fromEntries(rows.map((o) => [o.name, o.id]));
});
afterAll(async () => t?.close());

describe('reconciliation', () => {
  it('401, 403 and 400 with the message', async () => {
    const body = { month: '2025-06' };
    expect((await send('/api/v1/cashFlow/reconTable', null, body)).statusCode).toBe(401);
    expect((await send('/api/v1/cashFlow/reconTable', SEEDED.operator, body)).statusCode).toBe(403);
    const bad = await send('/api/v1/cashFlow/reconTable', SEEDED.admin, { month: '2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.month).toBe('Month must be a month (yyyy-MM).');
    // The seeded manager reads reconciliation but may not sign it.
    const sign = { officeId: office['Los Angeles'], day: '2025-06-01' };
    expect((await send('/api/v1/cashFlow/reconcile', SEEDED.manager, sign)).statusCode).toBe(403);
    const zero = await send('/api/v1/cashFlow/deposit', SEEDED.admin, {
      officeId: office['Los Angeles'],
      depositDate: '2025-06-01',
      amountCents: 0,
      reference: 'Slip 1',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fieldErrors.amountCents).toBe('Amount must be an amount in dollars and cents other than 0.');
  });

  it('finds a one-cent difference, signs the day once it balances, locks it, and reopens it as a new version', async () => {
    const officeId = office.Phoenix!;
    const day = '2025-07-14';
    const clientId = await newClient('Phoenix');
    const desk = { officeId, clientId, paymentDate: day, officeEntered: true };
    await enter({ ...desk, feesCents: 10_000 });
    await enter({ ...desk, paymentType: 'CHECK', feesCents: 4_000, costCents: 1_000 });
    await enter({ officeId, clientId, paymentDate: day, paymentType: 'WIRE', feesCents: 2_000 });
    await ok('/api/v1/cashFlow/deposit', SEEDED.admin, {
      officeId,
      depositDate: day,
      amountCents: 17_001,
      reference: 'Slip 7',
    });

    const slip = officeEnteredTotalSchema.parse(
      await ok('/api/v1/cashFlow/officeEnteredTotal', SEEDED.admin, {
        filter: { officeId, dateFrom: day, dateTo: day },
      }),
    );
    expect(slip.byPaymentType.map((p) => [p.paymentType, p.totalCents])).toEqual([
      ['CASH', 10_000],
      ['CHECK', 5_000],
    ]);
    expect(slip.total.totalCents).toBe(15_000);

    const table = async () =>
      reconTableSchema.parse(await ok('/api/v1/cashFlow/reconTable', SEEDED.admin, { month: '2025-07', officeId }))
        .items;
    expect(await table()).toEqual([
      expect.objectContaining({
        day,
        officeEnteredCents: 15_000,
        accountingCents: 2_000,
        depositCents: 17_001,
        differenceCents: 1,
        status: 'OPEN',
      }),
    ]);
    const unbalanced = await send('/api/v1/cashFlow/reconcile', SEEDED.admin, { officeId, day });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().message).toBe(
      'The day does not balance (difference $0.01). Correct the entries or the deposits first.',
    );

    await ok('/api/v1/cashFlow/deposit', SEEDED.admin, {
      officeId,
      depositDate: day,
      amountCents: -1,
      reference: 'Slip 7 correction',
    });
    const signed = reconRowSchema.parse(
      await ok('/api/v1/cashFlow/reconcile', SEEDED.admin, { officeId, day, note: 'Slip 7 typed 1 cent over' }),
    );
    expect(signed).toMatchObject({ status: 'RECONCILED', version: 1, differenceCents: 0, reconciledBy: 'Alex Admin' });
    expect((await send('/api/v1/cashFlow/reconcile', SEEDED.admin, { officeId, day })).statusCode).toBe(409);

    // Locked: no entry, reversal or deposit for the day.
    const late = await send('/api/v1/cashFlow/payment', SEEDED.admin, {
      ...desk,
      paymentType: 'CASH',
      feesCents: 100,
      costCents: 0,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.paymentDate).toBe(
      'This day is reconciled for the office. Enter the correction on an open day.',
    );
    const [first] = await t.database.query<{ id: string }>(
      'select id from payments where office_id = $1 and payment_date = $2 limit 1',
      [officeId, day],
    );
    const reversal = await send('/api/v1/cashFlow/deletePayment', SEEDED.admin, {
      id: first!.id,
      reason: 'Wrong day',
      reversalDate: day,
    });
    expect(reversal.statusCode).toBe(400);
    const deposit = await send('/api/v1/cashFlow/deposit', SEEDED.admin, {
      officeId,
      depositDate: day,
      amountCents: 5,
      reference: 'Late',
    });
    expect(deposit.statusCode).toBe(400);

    const reopened = reconRowSchema.parse(
      await ok('/api/v1/cashFlow/reopenRecon', SEEDED.admin, { officeId, day, reason: 'Bank statement differs' }),
    );
    expect(reopened).toMatchObject({ status: 'REOPENED', version: 2, reconciledBy: null });
    const versions = await t.database.query<{ version: number; status: string; note: string }>(
      'select version, status, note from cash_flow_reconciliations where office_id = $1 and day = $2 order by version',
      [officeId, day],
    );
    expect(versions).toEqual([
      { version: 1, status: 'RECONCILED', note: 'Slip 7 typed 1 cent over' },
      { version: 2, status: 'REOPENED', note: 'Bank statement differs' },
    ]);
    await enter({ ...desk, feesCents: 100 });

    const total = reconTotalSchema.parse(
      await ok('/api/v1/cashFlow/reconTotal', SEEDED.admin, { month: '2025-07', officeId }),
    );
    const rows = await table();
    expect(total).toEqual({
      officeEnteredCents: rows.reduce((s, r) => s + r.officeEnteredCents, 0),
      accountingCents: 2_000,
      depositCents: 17_000,
      differenceCents: rows.reduce((s, r) => s + r.differenceCents, 0),
      days: 1,
      reconciledDays: 0,
      daysWithDifference: 1,
    });
  });

  it('a manager reads only their offices’ days', async () => {
    const day = '2025-08-05';
    for (const name of ['Los Angeles', 'Dallas']) {
      await enter({ officeId: office[name]!, clientId: await newClient(name), paymentDate: day, feesCents: 500 });
    }
    const items = reconTableSchema.parse(
      await ok('/api/v1/cashFlow/reconTable', SEEDED.manager, { month: '2025-08' }),
    ).items;
    expect(items.map((r) => r.office)).toEqual(['Los Angeles']);
    const dallas = await ok('/api/v1/cashFlow/reconTable', SEEDED.manager, {
      month: '2025-08',
      officeId: office.Dallas,
    });
    expect(dallas.items).toEqual([]);
    const total = reconTotalSchema.parse(await ok('/api/v1/cashFlow/reconTotal', SEEDED.manager, { month: '2025-08' }));
    expect(total.accountingCents).toBe(500);
  });
});
