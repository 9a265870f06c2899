import { Faker, base, en, en_US } from '@faker-js/faker';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { seedClients } from '../../seed/seed.ts';
import type { CandidateSearch, MatchTable, PersonProbe } from './client-matching.query.ts';
import { candidatesStatement } from './client-matching.query.ts';

/**
 * The candidate search is index-driven — no sequential scan of clients (or opposing parties)
 * on a table large enough for the planner to care, with fresh statistics and default planner settings.
 * Each statement is prepared once and run many times, so both of PostgreSQL's plans for it are checked:
 * the generic one (planned without the values, what a pooled connection reuses) and a custom one.
 */
const CLIENTS = 6000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(7007);
  await seedClients(t.db(), faker, CLIENTS);
  // One inquiry with an opposing party per client, so the opposing-party table is as large.
  await t.db().execute(sql`INSERT INTO inquiries (client_id, office_id) SELECT id, office_id FROM clients`);
  await t.db()
    .execute(sql`INSERT INTO inquiry_opposing_parties (inquiry_id, first_name, last_name, date_of_birth, phone_number)
    SELECT i.id, c.last_name, c.first_name, c.date_of_birth, c.mobile_number
    FROM inquiries i JOIN clients c ON c.id = i.client_id
    WHERE NOT EXISTS (SELECT 1 FROM inquiry_opposing_parties o WHERE o.inquiry_id = i.id)`);
  await t.db().execute(sql`ANALYZE clients`);
  await t.db().execute(sql`ANALYZE inquiries`);
  await t.db().execute(sql`ANALYZE inquiry_opposing_parties`);
  await t.db().execute(sql`ANALYZE nicknames`);
}, 300_000);
afterAll(async () => t?.close());

type PlanMode = 'force_generic_plan' | 'force_custom_plan';

/** A value as an SQL literal for EXECUTE; every placeholder in the statement carries its own cast. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? `{${value.map((v) => `"${String(v)}"`).join(',')}}` : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** EXPLAIN EXECUTE of the prepared statement for these searches, with the plan the mode forces. */
async function plan(searches: CandidateSearch[], mode: PlanMode): Promise<string> {
  const statement = candidatesStatement(searches);
  expect(statement).toBeDefined();
  const query = new PgDialect({ casing: 'snake_case' }).sqlToQuery(statement!.build());
  const values = fillPlaceholders(query.params, statement!.values).map(literal);
  return t.db().transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${mode}`));
    await tx.execute(sql.raw(`PREPARE explained AS ${query.sql}`));
    const result = (await tx.execute(sql.raw(`EXPLAIN EXECUTE explained(${values.join(', ')})`))) as unknown as {
      rows: Record<string, string>[];
    };
    await tx.execute(sql.raw('DEALLOCATE explained'));
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

const one = (table: MatchTable, probe: PersonProbe, excludeId?: string) => [{ table, probe, excludeId }];

const PROBES: [string, PersonProbe][] = [
  [
    'everything',
    {
      firstName: 'bob',
      lastName: 'smith',
      dateOfBirth: '1980-04-12',
      phones: ['2135550101', '3105550199'],
      email: 'bob.smith@gmail.com',
      lmsClientNumber: 'lms-0000001',
    },
  ],
  ['names only', { firstName: 'jennifer', lastName: 'johnson', phones: [] }],
  ['phone only', { phones: ['2135550101'] }],
  ['email only', { phones: [], email: 'someone@yahoo.com' }],
  ['DOB only', { phones: [], dateOfBirth: '1975-01-01' }],
  ['LMS number only', { phones: [], lmsClientNumber: 'lms-1234567' }],
];

const MODES: PlanMode[] = ['force_generic_plan', 'force_custom_plan'];
const EXCLUDED = '00000000-0000-4000-8000-000000000000';

describe.each(MODES)('candidate search plans (%s)', (mode) => {
  it.each(PROBES)('clients, %s: no Seq Scan on clients', async (_name, probe) => {
    const text = await plan(one('clients', probe, EXCLUDED), mode);
    expect(text).not.toMatch(/Seq Scan on clients/);
    expect(text).toMatch(/Index|Bitmap/);
  });

  it.each(PROBES.filter(([name]) => name !== 'email only'))(
    'opposing parties, %s: no Seq Scan on opposing parties or inquiries',
    async (_name, probe) => {
      const text = await plan(one('opposing', probe, EXCLUDED), mode);
      expect(text).not.toMatch(/Seq Scan on inquiry_opposing_parties/);
      expect(text).not.toMatch(/Seq Scan on inquiries/);
    },
  );

  it('names only: the typo arms are one lookup of the soundex-pair index each (0011)', async () => {
    const text = await plan(one('clients', { firstName: 'jennifer', lastName: 'johnson', phones: [] }), mode);
    expect(text.match(/clients_match_soundex_pair_idx/g)?.length).toBe(2);
    expect(text).not.toMatch(/BitmapAnd/);
  });

  it('the conflict check: its three searches in one statement, none scanning a table', async () => {
    const [client, opposing] = [PROBES[1]![1], PROBES[0]![1]];
    const text = await plan(
      [
        { table: 'opposing', probe: client, excludeId: EXCLUDED },
        { table: 'clients', probe: opposing },
        { table: 'opposing', probe: opposing, excludeId: EXCLUDED },
      ],
      mode,
    );
    expect(text).not.toMatch(/Seq Scan on (clients|inquiry_opposing_parties|inquiries)/);
    expect(text).toMatch(/clients_match_soundex_pair_idx/);
    expect(text).toMatch(/inquiry_opposing_parties_soundex_pair_idx/);
  });
});

describe('candidate search statements', () => {
  it('opposing parties carry no email: an email alone asks nothing of them', () => {
    expect(candidatesStatement(one('opposing', { phones: [], email: 'someone@yahoo.com' }))).toBeUndefined();
  });

  it('the planner settings are the defaults (no enable_seqscan = off)', async () => {
    const result = (await t.db().execute(sql`SHOW enable_seqscan`)) as unknown as {
      rows: { enable_seqscan: string }[];
    };
    expect(result.rows[0]?.enable_seqscan).toBe('on');
  });
});
