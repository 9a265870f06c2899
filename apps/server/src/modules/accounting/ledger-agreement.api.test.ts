import { cashFlowListResponseSchema, cashFlowTotalsSchema, PAYMENT_TYPES } from '@casedesk/contract/accounting/payment';
import { officeEnteredTotalSchema, reconTotalSchema } from '@casedesk/contract/accounting/reconciliation';
import { parseCents } from '@casedesk/contract/common/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import { sumsLine } from './cash-flow-report-pdf.ts';

/*
 * Property: for random payments, reversals and filters, every figure the ledger gives agrees to the cent with
 * the others and with the payments themselves: the list's rows, `totals`, the CSV export, the PDF report's grand
 * total, `officeEnteredTotal` (per payment type and in all) and the month's `reconTotal`. Each run works in a month of its own in one office, for a
 * client of its own, so it reads only the rows it wrote.
 */
let t: TestApp;
let officeId: string;
let run = 0;

async function postRaw(url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: await t.authFor(SEEDED.admin), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const post = async (url: string, payload: object) => (await postRaw(url, payload)).json();

/** The fees and cost columns of the CSV export, summed (its amounts are dollars without grouping). */
function csvSums(csv: string) {
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));
  const cents = (text: string) => parseCents(text)!;
  return {
    count: rows.length,
    feesCents: rows.reduce((s, r) => s + cents(r[7]!), 0),
    costCents: rows.reduce((s, r) => s + cents(r[8]!), 0),
  };
}

const entryArb = fc.record({
  paymentType: fc.constantFrom(...PAYMENT_TYPES),
  feesCents: fc.integer({ min: 0, max: 500_000 }),
  costCents: fc.integer({ min: 0, max: 50_000 }),
  day: fc.integer({ min: 1, max: 28 }),
  officeEntered: fc.boolean(),
  reversedOnDay: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
});

const filterArb = fc.record(
  {
    paymentType: fc.constantFrom(...PAYMENT_TYPES),
    officeEntered: fc.boolean(),
    fromDay: fc.integer({ min: 1, max: 28 }),
    showReversed: fc.boolean(),
  },
  { requiredKeys: [] },
);

type Entry = typeof entryArb extends fc.Arbitrary<infer T> ? T : never;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.query<{ id: string }>(`select id from offices where name = 'Phoenix'`);
  officeId = row!.id;
});
afterAll(async () => t?.close());

describe('the ledger’s figures agree', () => {
  it('list rows, totals, office-entered totals and the month’s reconciliation total, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 8 }), filterArb, async (entries, filter) => {
        run += 1;
        const month = `${2000 + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, '0')}`;
        const dayOf = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
        const [client] = await t.database.query<{ id: string }>(
          `insert into clients (first_name, last_name, office_id) values ('Ledger', $1, $2) returning id`,
          [`Property ${process.pid}-${run}`, officeId],
        );
        const clientId = client!.id;
        const kept: (Entry & { reversed: boolean })[] = [];
        for (const e of entries.filter((x) => x.feesCents + x.costCents > 0)) {
          const entered = await post('/api/v1/cashFlow/payment', {
            officeId,
            clientId,
            paymentType: e.paymentType,
            feesCents: e.feesCents,
            costCents: e.costCents,
            paymentDate: dayOf(e.day),
            officeEntered: e.officeEntered,
          });
          if (e.reversedOnDay !== null) {
            await post('/api/v1/cashFlow/deletePayment', {
              id: entered.id,
              reason: 'Property test',
              reversalDate: dayOf(e.reversedOnDay),
            });
          }
          kept.push({ ...e, reversed: e.reversedOnDay !== null });
        }

        const apiFilter = {
          clientId,
          ...(filter.paymentType ? { paymentType: filter.paymentType } : {}),
          ...(filter.officeEntered !== undefined ? { officeEntered: filter.officeEntered } : {}),
          ...(filter.fromDay ? { dateFrom: dayOf(filter.fromDay) } : {}),
          ...(filter.showReversed ? { showReversed: true } : {}),
        };
        // The model: each entry on its day, each reversal (opposite amounts) on its own day.
        const rows = kept.flatMap((e) => {
          const entry = { ...e, sign: 1, on: e.day };
          return e.reversed ? [entry, { ...e, sign: -1, on: e.reversedOnDay! }] : [entry];
        });
        const shown = rows.filter(
          (r) =>
            (filter.showReversed || !r.reversed) &&
            (!filter.paymentType || r.paymentType === filter.paymentType) &&
            (filter.officeEntered === undefined || r.officeEntered === filter.officeEntered) &&
            (!filter.fromDay || r.on >= filter.fromDay),
        );
        const sum = (list: typeof rows, pick: (r: (typeof rows)[number]) => number) =>
          list.reduce((s, r) => s + r.sign * pick(r), 0);
        const expected = {
          count: shown.length,
          feesCents: sum(shown, (r) => r.feesCents),
          costCents: sum(shown, (r) => r.costCents),
          totalCents: sum(shown, (r) => r.feesCents + r.costCents),
        };

        const list = cashFlowListResponseSchema.parse(
          await post('/api/v1/cashFlow/all', { filter: apiFilter, pageSize: 1000 }),
        );
        const totals = cashFlowTotalsSchema.parse(await post('/api/v1/cashFlow/totals', { filter: apiFilter }));
        expect(totals).toEqual(expected);
        expect(list.totalCount).toBe(expected.count);
        expect(list.items.reduce((s, p) => s + p.feesCents, 0)).toBe(expected.feesCents);
        expect(list.items.reduce((s, p) => s + p.costCents, 0)).toBe(expected.costCents);

        const csv = await postRaw('/api/v1/cashFlow/export?offsetHours=0', { filter: apiFilter, format: 'csv' });
        const { totalCents, ...sums } = expected;
        expect(csvSums(csv.body)).toEqual(sums);
        const pdf = await postRaw('/api/v1/cashFlow/report?offsetHours=0', { filter: apiFilter });
        expect(pdfTextLines(pdf.rawPayload).at(-1)).toBe(sumsLine('Grand total', sums));
        expect(totalCents).toBe(sums.feesCents + sums.costCents);

        const desk = officeEnteredTotalSchema.parse(
          await post('/api/v1/cashFlow/officeEnteredTotal', { filter: apiFilter }),
        );
        // The office-entered total is of what offices entered, whatever the filter says about it.
        const deskRows = rows.filter(
          (r) =>
            r.officeEntered &&
            (filter.showReversed || !r.reversed) &&
            (!filter.paymentType || r.paymentType === filter.paymentType) &&
            (!filter.fromDay || r.on >= filter.fromDay),
        );
        expect(desk.total.totalCents).toBe(sum(deskRows, (r) => r.feesCents + r.costCents));
        expect(desk.byPaymentType.reduce((s, p) => s + p.totalCents, 0)).toBe(desk.total.totalCents);
        expect(desk.byPaymentType.reduce((s, p) => s + p.count, 0)).toBe(desk.total.count);

        const recon = reconTotalSchema.parse(await post('/api/v1/cashFlow/reconTotal', { month, officeId }));
        expect(recon.officeEnteredCents).toBe(
          sum(
            rows.filter((r) => r.officeEntered),
            (r) => r.feesCents + r.costCents,
          ),
        );
        expect(recon.accountingCents).toBe(
          sum(
            rows.filter((r) => !r.officeEntered),
            (r) => r.feesCents + r.costCents,
          ),
        );
        expect(recon.differenceCents).toBe(0 - recon.officeEnteredCents - recon.accountingCents);
      }),
      { numRuns: 12 },
    );
  });
});
