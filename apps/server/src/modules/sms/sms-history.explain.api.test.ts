import { scopeOf } from '@casedesk/contract/access/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { managerPermissions, operatorPermissions } from '../../seed/permission-profiles.ts';
import type { SmsScope } from './sms.repository.ts';
import { historyPageQuery } from './sms.repository.ts';
import { smsRefs } from './sms.test-support.ts';

/**
 * The text history's budget: the page stays fast with 1,000,000 texts. The page must be an index range on
 * sms_messages_participant_idx (participant_number, created_date), never a scan of the table; checked
 * here on a table large enough for the planner to care, with fresh statistics.
 */
const TEXTS = 60_000;
const PHONES = 600;

let t: TestApp;
let scopes: Record<string, SmsScope>;
beforeAll(async () => {
  t = await createTestApp();
  const refs = await smsRefs(t);
  // 100 texts per number on average (as in the bench), over a year, spread across three offices.
  await t.db()
    .execute(sql`insert into sms_messages (direction, from_number, to_number, body, office_id, category_id, status, created_date)
    select case when g % 3 = 0 then 'INBOUND' else 'OUTBOUND' end,
      case when g % 3 = 0 then (7000000000 + g % ${PHONES})::text else ${refs.la.smsNumber} end,
      case when g % 3 = 0 then ${refs.la.smsNumber} else (7000000000 + g % ${PHONES})::text end,
      'Bench text ' || g,
      (array[${refs.la.id}::uuid, ${refs.sd.id}::uuid, ${refs.lv.id}::uuid])[1 + g % 3],
      ${refs.officeCategory.id}::uuid, 'delivered', now() - (g || ' minutes')::interval
    from generate_series(1, ${TEXTS}) g`);
  await t.db().execute(sql`analyze sms_messages`);
  const scope = (perms: ReturnType<typeof operatorPermissions>): SmsScope => ({
    office: scopeOf(perms, 'SMS', 'READ', 'OFFICE', ['SMS_CATEGORY_TYPE']),
    categoryType: scopeOf(perms, 'SMS', 'READ', 'SMS_CATEGORY_TYPE', ['OFFICE']),
    clientNames: scopeOf(perms, 'CLIENT_PROFILE', 'READ', 'OFFICE'),
  });
  scopes = {
    all: { office: { kind: 'all' }, categoryType: { kind: 'all' }, clientNames: { kind: 'all' } },
    operator: scope(operatorPermissions()),
    manager: scope(managerPermissions([refs.la.id, refs.sd.id])),
  };
}, 300_000);
afterAll(async () => t?.close());

async function plan(scope: SmsScope, pageNumber: number): Promise<string> {
  const query = historyPageQuery(t.db(), '7000000042', { pageNumber, pageSize: 5, sortOrder: 'DESC' }, scope);
  const rows = await t.database.query<Record<string, string>>(`EXPLAIN ${query.sql}`, query.params);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('text history by phone number (EXPLAIN)', () => {
  for (const name of ['all', 'operator', 'manager']) {
    it(`reads sms_messages_participant_idx, no sequential scan of sms_messages (${name})`, async () => {
      for (const page of [1, 2]) {
        const text = await plan(scopes[name]!, page);
        expect(text, text).toContain('sms_messages_participant_idx');
        expect(text, text).not.toMatch(/Seq Scan on sms_messages/);
        if (process.env.SHOW_PLANS) console.log(name, page, text);
      }
    });
  }

  it('keeps one generic plan for the prepared first page, instead of planning it on every call', async () => {
    const query = historyPageQuery(
      t.db(),
      '7000000042',
      { pageNumber: 1, pageSize: 5, sortOrder: 'DESC' },
      scopes.all!,
    );
    const values = query.params.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(', ');
    // A prepared statement lives on one connection: the transaction holds one for PREPARE and EXECUTE.
    const generic = await t.db().transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare history_page_check as ${query.sql}`));
      // PostgreSQL plans the first five calls with their values, then keeps the generic plan if it is no dearer.
      for (let call = 0; call < 8; call += 1) await tx.execute(sql.raw(`execute history_page_check(${values})`));
      const result = (await tx.execute(
        sql`select generic_plans::int as n from pg_prepared_statements where name = 'history_page_check'`,
      )) as unknown as { rows: { n: number }[] };
      await tx.execute(sql`deallocate history_page_check`);
      return result.rows[0]?.n;
    });
    expect(generic).toBeGreaterThan(0);
  });
});
