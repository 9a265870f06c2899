import { base, en, en_US, Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClients } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { searchSql } from './clients-search.repository.ts';
import { clients } from './clients.tables.ts';

/**
 * Client search: "never a sequential scan of the clients table for a normal query". With a table big enough
 * that the planner prefers indexes, and fresh statistics, every typical search shape must use them
 * (no `enable_seqscan = off`: the plans are the ones production gets). Same on PGlite and PostgreSQL.
 */
const ROWS = 8000;
const BATCH = 2000; // stays under the protocol's 65,535 bind parameters per statement

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(5);
  const rows = buildClients(faker, ROWS);
  rows.push({ ...rows[0]!, firstName: 'Johnathan', lastName: 'Smithers', email: 'j.smithers@example.com' });
  for (let i = 0; i < rows.length; i += BATCH)
    await t
      .db()
      .insert(clients)
      .values(rows.slice(i, i + BATCH));
  await t.db().execute(sql`analyze clients`);
});
afterAll(async () => t?.close());

async function plan(text: string, params: unknown[]): Promise<string> {
  const rows = await t.database.query<Record<string, string>>(`explain ${text}`, params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

const SHAPES: [string, string, boolean?][] = [
  ['full name', 'johnathan smithers'],
  ['name in the other order', 'smithers johnathan'],
  ['partial names', 'jon smi'],
  ['one word', 'smithers'],
  ['short prefix', 'jo'],
  ['one letter', 's'],
  ['a swapped pair of letters', 'smtihers johnathan'],
  ['a typo', 'jonathan smitehrs'],
  ['phone in any format', '(213) 555-0142'],
  ['phone suffix', '0142'],
  ['email', 'j.smithers@example.com'],
  ['email prefix', 'j.smith@'],
  ['email fragment', 'smithers@example'],
  ['LMS client number', 'LMS-1234567'],
  ['Needles client number', '12345678'],
  ['fuzzy fallback', 'jxhnathan smithers', true],
  ['fuzzy fallback of one word', 'smxthxrs', true],
];

describe('client search plans (EXPLAIN)', () => {
  it.each(SHAPES)('%s ("%s") uses indexes, never a sequential scan of clients', async (_shape, keyword, fuzzy) => {
    for (const statement of searchSql(t.db(), keyword, { kind: 'all' }, fuzzy ?? false)) {
      const text = await plan(statement.sql, statement.params);
      expect(text, text).not.toMatch(/Seq Scan on clients/);
      expect(text, text).toMatch(/Index|Bitmap/);
    }
  });

  it('an office-limited search uses them too', async () => {
    const [office] = await t.database.query<{ id: string }>('select id from offices limit 1');
    for (const keyword of ['smithers', 'jo']) {
      for (const statement of searchSql(t.db(), keyword, { kind: 'limited', only: [office!.id], except: [] })) {
        const text = await plan(statement.sql, statement.params);
        expect(text, text).not.toMatch(/Seq Scan on clients/);
      }
    }
  });
});
