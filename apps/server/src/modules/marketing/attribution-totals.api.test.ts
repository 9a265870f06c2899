import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { insertInboundCall, officeIds, sender, uniqueDnis } from './marketing.test-support.ts';

/*
 * The attribution report reads running totals that triggers on calls keep. Whatever wrote the calls (the
 * demo seed inserts them and then sets their lines, offices and callers in batches), the totals must equal
 * what the calls themselves give when attributed from scratch.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Every inbound call under the mapping in force when it came in, in its office's month. */
const ATTRIBUTED = `
  select m.source, to_char(c.call_start_time at time zone o.time_zone, 'YYYY-MM') as month, c.caller_id,
         c.inquiry_id, c.call_start_time, c.id, o.id as office_id
  from calls c
  join tracking_line_mappings m on m.tracking_line_id = c.tracking_line_id
    and m.effective_from <= c.call_start_time and c.call_start_time < coalesce(m.effective_to, 'infinity')
  join offices o on o.id = coalesce(c.office_id, m.office_id)
  where c.direction = 'INBOUND'`;

const rows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

async function expectTotalsMatchCalls() {
  const fromCalls = await rows(`
    with a as (${ATTRIBUTED})
    select source, month, count(*)::int as calls,
           (count(distinct caller_id) filter (where coalesce(caller_id, '') <> ''))::int as unique_callers
    from a group by 1, 2 order by 1, 2`);
  const kept = await rows(`select source, month, calls, unique_callers from attribution_source_months order by 1, 2`);
  expect(kept).toEqual(fromCalls);

  const perOffice = await rows(`
    with a as (${ATTRIBUTED})
    select source, month, coalesce(caller_id, '') as caller_id, office_id, count(*)::int as calls
    from a group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const keptPerOffice = await rows(`
    select source, month, caller_id, office_id, calls from attribution_caller_months order by 1, 2, 3, 4`);
  expect(keptPerOffice).toEqual(perOffice);

  const leads = await rows(`
    with a as (${ATTRIBUTED} and c.inquiry_id is not null)
    select f.inquiry_id, f.office_id, f.month as first_month, f.source as first_source, z.source as last_source
    from (select distinct on (inquiry_id) * from a order by inquiry_id, call_start_time, id) f
    join (select distinct on (inquiry_id) * from a order by inquiry_id, call_start_time desc, id desc) z
      using (inquiry_id)
    order by 1`);
  const keptLeads = await rows(`
    select inquiry_id, office_id, first_month, first_source, last_source from attribution_leads order by 1`);
  expect(keptLeads).toEqual(leads);
  return fromCalls.length;
}

describe('attribution running totals', () => {
  it('equal the seeded calls attributed from scratch', async () => {
    expect(await expectTotalsMatchCalls()).toBeGreaterThan(0);
  });

  it('follow a call moved to another line, office, caller or inquiry, and a call deleted', async () => {
    const send = sender(t);
    const office = await officeIds(t);
    const made = [];
    for (const [source, officeName] of [
      ['Totals A', 'Phoenix'],
      ['Totals B', 'Dallas'],
    ] as const) {
      const res = await send('POST', '/api/v1/dnis', SEEDED.admin, {
        dnis: uniqueDnis(),
        source,
        type: 'TV',
        pointToOfficeId: office[officeName],
        officeId: office[officeName],
        effectiveFrom: '2024-01-01T00:00:00.000Z',
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json() as { id: string; dnis: string });
    }
    const [a, b] = made as [{ id: string; dnis: string }, { id: string; dnis: string }];
    const [inquiry] = await rows<{ id: string }>(`select id from inquiries limit 1`);
    const first = await insertInboundCall(t, {
      at: '2025-05-01T12:00:00Z',
      dnis: a.dnis,
      trackingLineId: a.id,
      officeId: office.Phoenix,
      callerId: '6025550301',
      inquiryId: inquiry!.id,
    });
    await insertInboundCall(t, {
      at: '2025-05-02T12:00:00Z',
      dnis: a.dnis,
      trackingLineId: a.id,
      officeId: office.Phoenix,
      callerId: '6025550301',
    });
    await expectTotalsMatchCalls();

    await rows(`update calls set tracking_line_id = $1, office_id = $2, caller_id = '6025550302' where id = $3`, [
      b.id,
      office.Dallas,
      first,
    ]);
    await expectTotalsMatchCalls();
    await rows(`update calls set inquiry_id = null where id = $1`, [first]);
    await expectTotalsMatchCalls();
    await rows(`update calls set direction = 'OUTBOUND' where tracking_line_id = $1`, [a.id]);
    await expectTotalsMatchCalls();
    await rows(`delete from calls where id = $1`, [first]);
    await expectTotalsMatchCalls();
  });
});
