import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

/*
 * The ledger's running totals (cash_flow_day_totals) against the payments summed from scratch: after the demo
 * seed, after entries and reversals through the API, and after one statement that inserts entries and their
 * reversals together (as a bulk load would).
 */
let t: TestApp;

const KEY = 'office_id, payment_date, payment_type, office_entered, law_type_id, entered_by_id, shown';

async function runningTotals() {
  return t.database.query(
    `select ${KEY}, entries::text, fees_cents::text, cost_cents::text from cash_flow_day_totals
     where entries <> 0 or fees_cents <> 0 or cost_cents <> 0 order by ${KEY}`,
  );
}

async function fromScratch() {
  return t.database.query(
    `select p.office_id, p.payment_date, p.payment_type, p.office_entered, p.law_type_id, p.entered_by_id,
            p.reverses_id is null and not exists (select 1 from payments r where r.reverses_id = p.id) as shown,
            count(*)::text as entries, sum(p.fees_cents)::text as fees_cents, sum(p.cost_cents)::text as cost_cents
     from payments p group by 1, 2, 3, 4, 5, 6, 7 order by ${KEY}`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the cash-flow running totals', () => {
  it('equal the payments summed from scratch after the seed', async () => {
    const scratch = await fromScratch();
    expect(scratch.length).toBeGreaterThan(0);
    expect(await runningTotals()).toEqual(scratch);
  });

  it('follow entries and reversals through the API, and a bulk insert of entries with their reversals', async () => {
    const [office] = await t.database.query<{ id: string }>(`select id from offices where name = 'Los Angeles'`);
    const [client] = await t.database.query<{ id: string }>(
      `insert into clients (first_name, last_name, office_id) values ('Totals', $1, $2) returning id`,
      [`Running ${process.pid}`, office!.id],
    );
    const headers = await t.authFor(SEEDED.manager);
    const enter = async (paymentType: string, feesCents: number, officeEntered: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cashFlow/payment',
        headers,
        payload: {
          officeId: office!.id,
          clientId: client!.id,
          paymentType,
          feesCents,
          costCents: 5,
          paymentDate: '2026-02-10',
          officeEntered,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }>().id;
    };
    await enter('CASH', 100, true);
    const wrong = await enter('CASH', 250_01, true);
    await enter('WIRE', 99, false);
    const reversed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cashFlow/deletePayment',
      headers,
      payload: { id: wrong, reason: 'One cent off', reversalDate: '2026-02-11' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await runningTotals()).toEqual(await fromScratch());

    await t.database.query(
      `with entries as (
         insert into payments (id, office_id, client_id, payment_type, fees_cents, cost_cents, receipt_number, payment_date)
         select gen_random_uuid(), $1, $2, 'CHECK', 1000 + g, g, 1900000000 + g, date '2026-03-02' + g % 5
         from generate_series(1, 40) g returning id, fees_cents, cost_cents, receipt_number)
       insert into payments (office_id, client_id, payment_type, fees_cents, cost_cents, payment_date, reverses_id, reason)
       select $1, $2, 'CHECK', -fees_cents, -cost_cents, date '2026-03-09', id, 'Bulk'
       from entries where receipt_number % 3 = 0`,
      [office!.id, client!.id],
    );
    expect(await runningTotals()).toEqual(await fromScratch());
  });
});
