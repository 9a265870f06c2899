import type { CollectionStatus } from '@casedesk/contract/collections/account';
import {
  COLLECTION_STATUSES,
  collectionAccountListSchema,
  collectionAccountTotalsSchema,
} from '@casedesk/contract/collections/account';
import { parseCents } from '@casedesk/contract/common/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { accountSumsLine } from './collection-accounts-pdf.ts';
import { collectionTerms } from './collections.tables.ts';
import type { requester } from './collections.test-support.ts';
import {
  clientWithMatter,
  officeIds,
  requester as makeRequester,
  SEEDED,
  seededUserId,
} from './collections.test-support.ts';

/*
 * Property: for random accounts (statuses, collectors, terms, follow-ups, payments through the cash-flow ledger
 * and its reversals, adjustments) and random filters, the list's rows summed equal `allTotals` to the cent, and so
 * do the CSV export and the PDF's grand total. A filter by the run's own client is also checked against a model of
 * the accounts; a filter without one reads the running totals (office, status, collector, term) and is checked
 * against every row of the list ("All"), the seeded accounts and other runs' included.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;
let officeId: string;
let collectorId: string;
let termIds: string[];
const TODAY = '2031-06-15';

beforeAll(async () => {
  t = await createTestApp();
  send = makeRequester(t);
  officeId = (await officeIds(t))['Los Angeles']!;
  collectorId = await seededUserId(t, SEEDED.collector);
  termIds = (await t.db().select({ id: collectionTerms.id }).from(collectionTerms)).map((r) => r.id);
});
afterAll(async () => t?.close());

async function post(url: string, payload: object) {
  const res = await send('POST', url, SEEDED.admin, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Original, paid and balance columns of the CSV, summed (amounts are dollars without grouping, no quoting here). */
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
    originalCents: rows.reduce((s, r) => s + cents(r[8]!), 0),
    paidCents: rows.reduce((s, r) => s + cents(r[9]!), 0),
    outstandingCents: rows.reduce((s, r) => s + cents(r[10]!), 0),
  };
}

const accountArb = fc.record({
  status: fc.constantFrom(...COLLECTION_STATUSES),
  assigned: fc.boolean(),
  term: fc.integer({ min: -1, max: 2 }),
  followUp: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
  originalCents: fc.integer({ min: 1, max: 2_000_000 }),
  payments: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 300_000 }), reversed: fc.boolean() }), {
    maxLength: 3,
  }),
  adjustment: fc.integer({ min: -50_000, max: 50_000 }),
});

const filterArb = fc.record(
  {
    statuses: fc.subarray([...COLLECTION_STATUSES], { minLength: 1 }),
    collector: fc.constantFrom('mine', 'unassigned'),
    term: fc.integer({ min: 0, max: 2 }),
    office: fc.constant(true),
    balanceFrom: fc.integer({ min: 0, max: 1_000_000 }),
    balanceSpan: fc.integer({ min: 0, max: 2_000_000 }),
    followUpDue: fc.constantFrom('PAST' as const, 'TODAY' as const, 'NEXT_7_DAYS' as const),
    ownClient: fc.boolean(),
  },
  { requiredKeys: ['ownClient'] },
);

type Model = {
  status: CollectionStatus;
  collectorId: string | null;
  termId: string | null;
  followUpDate: string | null;
};

const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('the accounts’ figures agree', () => {
  it('list rows, allTotals, the CSV and the PDF grand total, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(accountArb, { minLength: 1, maxLength: 5 }), filterArb, async (accounts, filter) => {
        const client = await clientWithMatter(t, officeId, 'Agreement');
        const model: (Model & { originalCents: number; paidCents: number; adjustmentsCents: number })[] = [];
        for (const a of accounts) {
          const values = {
            status: a.status,
            collectorId: a.assigned ? collectorId : null,
            termId: a.term < 0 ? null : termIds[a.term]!,
            followUpDate: a.followUp === null ? null : day(a.followUp),
          };
          const row = await insertCollectionAccount(t.db(), {
            officeId,
            clientId: client.clientId,
            originalCents: a.originalCents,
            ...values,
          });
          let paid = 0;
          for (const p of a.payments) {
            const entered = await post('/api/v1/cashFlow/payment', {
              officeId,
              clientId: client.clientId,
              paymentType: 'CASH',
              feesCents: p.cents,
              costCents: 0,
              paymentDate: '2025-03-03',
              collectionAccountId: row.id,
            });
            paid += p.cents;
            if (p.reversed) {
              await post('/api/v1/cashFlow/deletePayment', {
                id: entered.json().id,
                reason: 'Property test',
                reversalDate: '2025-03-04',
              });
              paid -= p.cents;
            }
          }
          // An adjustment never takes the balance below zero, nor on a closed account.
          const balance = a.originalCents - paid;
          const adjusted = a.adjustment !== 0 && a.status !== 'CLOSED' && balance + a.adjustment >= 0;
          if (adjusted) {
            await post('/api/v1/collectionAccount/adjustment', {
              accountId: row.id,
              amountCents: a.adjustment,
              reason: 'Property test',
            });
          }
          model.push({
            ...values,
            originalCents: a.originalCents,
            paidCents: paid,
            adjustmentsCents: adjusted ? a.adjustment : 0,
          });
        }

        const balanceTo = filter.balanceFrom === undefined ? undefined : filter.balanceFrom + (filter.balanceSpan ?? 0);
        const apiFilter = {
          ...(filter.ownClient ? { clientId: client.clientId } : {}),
          ...(filter.statuses ? { statuses: filter.statuses } : {}),
          ...(filter.collector === 'mine'
            ? { collectorId }
            : filter.collector === 'unassigned'
              ? { unassigned: true }
              : {}),
          ...(filter.term !== undefined ? { termId: termIds[filter.term] } : {}),
          ...(filter.office ? { officeId } : {}),
          // The running totals answer filters of office, status, collector and term alone: the others only
          // with the run's own client, so the list of every row stays short.
          ...(filter.ownClient && filter.balanceFrom !== undefined
            ? { balanceFromCents: filter.balanceFrom, balanceToCents: balanceTo }
            : {}),
          ...(filter.ownClient && filter.followUpDue ? { followUpDue: filter.followUpDue, today: TODAY } : {}),
        };

        const list = collectionAccountListSchema.parse(
          (await post('/api/v1/collectionAccount/all', { filter: apiFilter, pageSize: 2147483647 })).json(),
        );
        const totals = collectionAccountTotalsSchema.parse(
          (await post('/api/v1/collectionAccount/allTotals', { filter: apiFilter })).json(),
        );
        const summed = {
          count: list.items.length,
          originalCents: list.items.reduce((s, r) => s + r.originalCents, 0),
          paidCents: list.items.reduce((s, r) => s + r.paidCents, 0),
          outstandingCents: list.items.reduce((s, r) => s + r.balanceCents, 0),
        };
        expect(totals).toEqual(summed);
        expect(list.totalCount).toBe(summed.count);
        if (!filter.ownClient) return;

        const shown = model.filter((m) => {
          const balance = m.originalCents + m.adjustmentsCents - m.paidCents;
          const due = m.followUpDate;
          return (
            (!filter.statuses || filter.statuses.includes(m.status)) &&
            (filter.collector !== 'mine' || m.collectorId === collectorId) &&
            (filter.collector !== 'unassigned' || m.collectorId === null) &&
            (filter.term === undefined || m.termId === termIds[filter.term]) &&
            (filter.balanceFrom === undefined || (balance >= filter.balanceFrom && balance <= balanceTo!)) &&
            (!filter.followUpDue ||
              (due !== null &&
                (filter.followUpDue === 'PAST'
                  ? due < TODAY
                  : filter.followUpDue === 'TODAY'
                    ? due === TODAY
                    : due >= TODAY && due <= day(7))))
          );
        });
        expect(totals).toEqual({
          count: shown.length,
          originalCents: shown.reduce((s, m) => s + m.originalCents, 0),
          paidCents: shown.reduce((s, m) => s + m.paidCents, 0),
          outstandingCents: shown.reduce((s, m) => s + m.originalCents + m.adjustmentsCents - m.paidCents, 0),
        });
        const csv = await post('/api/v1/collectionAccount/export?offsetHours=0', { filter: apiFilter, format: 'csv' });
        expect(csvSums(csv.body)).toEqual(totals);
        const pdf = await post('/api/v1/collectionAccount/export?offsetHours=0', { filter: apiFilter, format: 'pdf' });
        expect(pdfTextLines(pdf.rawPayload).at(-1)).toBe(accountSumsLine('Grand total', totals));
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
