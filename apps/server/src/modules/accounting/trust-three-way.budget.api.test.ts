import { threeWaySchema } from '@casedesk/contract/accounting/trust';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

/*
 * Budget: the three-way reconciliation answers within 2 s over 1,000,000 trust entries of one office on
 * PostgreSQL (20,000 matters of 50 entries). Loading them row by row through the balance trigger would take
 * minutes, so the load sets the balances in one statement with the trigger off; the route then reads as ever.
 * PostgreSQL only: PGlite runs on the test's own thread and is not what a firm runs at this size.
 */
const MATTERS = 20_000;
const PER_MATTER = 50;
let t: TestApp;
let officeId: string;

describe.skipIf(!process.env.DATABASE_URL)('three-way reconciliation over 1,000,000 entries', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const q = (text: string, params: unknown[] = []) => t.database.query(text, params);
    const [office] = await t.database.query<{ id: string }>(
      `insert into offices (name, phone, sms_number, outbound_caller_id, time_zone)
       values ('Budget Office', '6025550180', '6025550181', '6025550182', 'UTC') returning id`,
    );
    officeId = office!.id;
    await q(`insert into clients (first_name, last_name, office_id) values ('Budget', 'Client', $1)`, [officeId]);
    await q(
      `insert into inquiries (client_id, office_id)
       select (select id from clients where office_id = $1), $1 from generate_series(1, $2)`,
      [officeId, MATTERS],
    );
    await q(
      `insert into payments (office_id, client_id, inquiry_id, payment_type, account, fees_cents, cost_cents,
                             receipt_number, payment_date)
       select $1, i.client_id, i.id, 'WIRE', 'TRUST', 100000, 0, row_number() over (), '2025-01-02'
       from inquiries i where i.office_id = $1`,
      [officeId],
    );
    await q('alter table trust_ledger_entries disable trigger trust_ledger_entries_balance');
    await q(
      `insert into trust_ledger_entries (office_id, inquiry_id, kind, amount_cents, entry_date, payment_id)
       select $1, p.inquiry_id, 'DEPOSIT', 100000, '2025-01-02', p.id from payments p where p.office_id = $1`,
      [officeId],
    );
    await q(
      `insert into trust_ledger_entries (office_id, inquiry_id, kind, amount_cents, payee, purpose, entry_date)
       select $1, i.id, 'DISBURSEMENT', -100, 'Payee', 'Purpose', date '2025-01-03' + (n % 700)
       from inquiries i cross join generate_series(1, $2) n where i.office_id = $1`,
      [officeId, PER_MATTER - 1],
    );
    await q('alter table trust_ledger_entries enable trigger trust_ledger_entries_balance');
    await q(
      `insert into trust_balances (office_id, inquiry_id, balance_cents)
       select office_id, inquiry_id, sum(amount_cents) from trust_ledger_entries where office_id = $1
       group by 1, 2`,
      [officeId],
    );
    await q('vacuum analyze trust_ledger_entries');
    await q('vacuum analyze trust_balances');
  }, 600_000);
  afterAll(async () => t?.close());

  it('answers within 2 s, and agrees', async () => {
    const [count] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from trust_ledger_entries where office_id = $1',
      [officeId],
    );
    expect(count!.n).toBe(MATTERS * PER_MATTER);
    const headers = await t.authFor(SEEDED.admin);
    const ask = async () => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/trust/threeWay',
        headers,
        payload: { officeId, month: '2025-06', statementBalanceCents: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { took: performance.now() - started, found: threeWaySchema.parse(res.json()) };
    };
    await ask(); // warms the plan and the cache, as a server that has been running has them
    const { took, found } = await ask();
    console.info(`three-way over ${count!.n} entries: ${Math.round(took)} ms`);
    expect(found.bookCents).toBe(found.ledgersCents);
    expect(found.differingLedgers).toEqual([]);
    expect(took).toBeLessThan(2_000);
  });
});
