import { Faker, base, en, en_US } from '@faker-js/faker';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { seedClients } from '../../seed/seed.ts';
import type { PersonProbe } from './client-matching.repository.ts';
import { clientCandidatesQuery, opposingPartyCandidatesQuery } from './client-matching.repository.ts';

/**
 * Issue 4: the candidate search is index-driven — no sequential scan of clients (or opposing parties)
 * on a table large enough for the planner to care, with fresh statistics and default planner settings.
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

async function plan(query: SQL | undefined): Promise<string> {
  expect(query).toBeDefined();
  const result = (await t.db().execute(sql`EXPLAIN ${query!}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

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

describe('candidate search plans', () => {
  it.each(PROBES)('clients, %s: no Seq Scan on clients', async (_name, probe) => {
    const text = await plan(clientCandidatesQuery(probe, '00000000-0000-4000-8000-000000000000'));
    expect(text).not.toMatch(/Seq Scan on clients/);
    expect(text).toMatch(/Index|Bitmap/);
  });

  it.each(PROBES.filter(([name]) => name !== 'email only'))(
    'opposing parties, %s: no Seq Scan on opposing parties or inquiries',
    async (_name, probe) => {
      const text = await plan(opposingPartyCandidatesQuery(probe, '00000000-0000-4000-8000-000000000000'));
      expect(text).not.toMatch(/Seq Scan on inquiry_opposing_parties/);
      expect(text).not.toMatch(/Seq Scan on inquiries/);
    },
  );

  it('opposing parties carry no email: an email alone asks nothing of them', () => {
    expect(opposingPartyCandidatesQuery({ phones: [], email: 'someone@yahoo.com' })).toBeUndefined();
  });

  it('the planner settings are the defaults (no enable_seqscan = off)', async () => {
    const result = (await t.db().execute(sql`SHOW enable_seqscan`)) as unknown as {
      rows: { enable_seqscan: string }[];
    };
    expect(result.rows[0]?.enable_seqscan).toBe('on');
  });
});
