import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { clientMergeResponseSchema } from '@casedesk/contract/clients/client-merge';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { setPermissions } from '../access/access.service.ts';
import { calls } from '../calls/calls.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { clients } from './clients.tables.ts';

/** A seeded user's row (tests read the table; the users module's repository is its own). */
async function findUserByEmail(db: ReturnType<TestApp['db']>, mail: string) {
  const [row] = await db.select().from(users).where(eq(users.mail, mail));
  return row;
}

const faker = new Faker({ locale: [en_US, en, base] });
faker.seed(7);

let t: TestApp;
let officeA: string;
let officeB: string;
const SCOPED = SEEDED.collector;

async function clientWithHistory(values: Partial<typeof clients.$inferInsert> = {}) {
  const [client] = await t
    .db()
    .insert(clients)
    .values(buildClient(faker, { officeId: officeA, ...values }))
    .returning();
  const id = client!.id;
  const [inquiry] = await t.db().insert(inquiries).values({ clientId: id, officeId: client!.officeId }).returning();
  await t
    .db()
    .insert(calls)
    .values([
      { direction: 'INBOUND', clientId: id, inquiryId: inquiry!.id },
      { direction: 'OUTBOUND', clientId: id },
    ]);
  await t
    .db()
    .insert(smsMessages)
    .values({ direction: 'INBOUND', fromNumber: '2135550100', toNumber: '2135550101', body: 'hi', clientId: id });
  await t.db().execute(sql`insert into test_payments (client_id) values (${id})`);
  return client!;
}

/** Related rows per client, in every table that references clients. */
async function related(clientId: string) {
  const count = async (table: typeof calls | typeof smsMessages | typeof inquiries) =>
    t.db().$count(table, eq(table.clientId, clientId));
  const [payments] = await t.database.query<{ n: number }>(
    'select count(*)::int as n from test_payments where client_id = $1',
    [clientId],
  );
  return {
    calls: await count(calls),
    sms: await count(smsMessages),
    inquiries: await count(inquiries),
    payments: payments!.n,
  };
}

const merge = async (as: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client/merge',
    headers: as ? await t.authFor(as) : {},
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  const scoped = await findUserByEmail(t.db(), SCOPED);
  officeA = scoped!.officeId!;
  officeB = (await t.db().select({ id: offices.id }).from(offices)).find((o) => o.id !== officeA)!.id;
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeA] }];
  const limited: Permission[] = [
    {
      permissionType: 'CLIENT_PROFILE',
      accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: inOffice })),
    },
    { permissionType: 'LEADS', accessLevelDTO: [{ accessType: 'UPDATE', conditionDTO: inOffice }] },
  ];
  await setPermissions(t.db(), scoped!.id, limited);
  // A later module's table (payments, appointments, …): the merge must find it from the catalog alone.
  await t.db().execute(sql`create table test_payments (id serial primary key, client_id uuid references clients(id))`);
});
afterAll(async () => t?.close());

describe('POST /api/v1/client/merge', () => {
  it('401 without a token, 403 without CLIENT_PROFILE UPDATE', async () => {
    const [a, b] = [await clientWithHistory(), await clientWithHistory()];
    expect((await merge(null, { survivorId: a.id, mergedId: b.id })).statusCode).toBe(401);
    expect((await merge(SEEDED.attorney, { survivorId: a.id, mergedId: b.id })).statusCode).toBe(403);
  });

  it('400 for the same client twice or an unknown field', async () => {
    const a = await clientWithHistory();
    const same = await merge(SEEDED.operator, { survivorId: a.id, mergedId: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.mergedId).toBe('Choose two different clients to merge.');
    const unknown = await merge(SEEDED.operator, {
      survivorId: a.id,
      mergedId: faker.string.uuid(),
      fields: { id: 'merged' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('applies the chosen values, moves every related row, leaves a tombstone and one audit row', async () => {
    const survivor = await clientWithHistory({ email: 'keep@example.com', city: 'Reno' });
    const merged = await clientWithHistory({ email: 'take@example.com', city: 'Elko', mobileNumber: '7755550100' });
    const res = await merge(SEEDED.operator, {
      survivorId: survivor.id,
      mergedId: merged.id,
      fields: { email: 'merged', mobileNumber: 'merged', city: 'survivor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = clientMergeResponseSchema.parse(res.json());
    expect(body.survivor).toMatchObject({ email: 'take@example.com', mobileNumber: '7755550100', city: 'Reno' });
    expect(body.moved).toMatchObject({ calls: 2, sms_messages: 1, inquiries: 1, test_payments: 1 });
    expect(await related(survivor.id)).toEqual({ calls: 4, sms: 2, inquiries: 2, payments: 2 });
    expect(await related(merged.id)).toEqual({ calls: 0, sms: 0, inquiries: 0, payments: 0 });
    const [tomb] = await t.db().select().from(clients).where(eq(clients.id, merged.id));
    expect(tomb!.mergedIntoId).toBe(survivor.id);
    expect(tomb!.mergedAt).toBeInstanceOf(Date);
    const audits = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client.merge'), eq(auditEvents.entityId, survivor.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      before: { survivor: { email: 'keep@example.com' }, merged: { mergedIntoId: null } },
      after: { survivor: { email: 'take@example.com' }, merged: { mergedIntoId: survivor.id } },
    });
    // The tombstone is gone from search, and reads with its pointer.
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client?id=${merged.id}`,
      headers: await t.authFor(SEEDED.operator),
    });
    expect(got.json().mergedIntoId).toBe(survivor.id);
  });

  it('409 with a clear message when either client is already a tombstone; earlier tombstones follow the survivor', async () => {
    const [a, b, c] = [await clientWithHistory(), await clientWithHistory(), await clientWithHistory()];
    expect((await merge(SEEDED.operator, { survivorId: a.id, mergedId: b.id })).statusCode).toBe(200);
    const again = await merge(SEEDED.operator, { survivorId: c.id, mergedId: b.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${b.firstName} ${b.lastName} has already been merged into another client.`);
    expect((await merge(SEEDED.operator, { survivorId: c.id, mergedId: a.id })).statusCode).toBe(200);
    const [bAfter] = await t.db().select().from(clients).where(eq(clients.id, b.id));
    expect(bAfter!.mergedIntoId).toBe(c.id);
  });

  it("an OFFICE-limited user cannot merge another office's client; nothing changes", async () => {
    const own = await clientWithHistory();
    const other = await clientWithHistory({ officeId: officeB });
    const res = await merge(SCOPED, { survivorId: own.id, mergedId: other.id });
    expect(res.statusCode).toBe(404);
    expect(await related(other.id)).toEqual({ calls: 2, sms: 1, inquiries: 1, payments: 1 });
    const [after] = await t.db().select().from(clients).where(eq(clients.id, other.id));
    expect(after!.mergedIntoId).toBeNull();
  });

  it('409 and nothing written when a related table allows one row per client and both have one', async () => {
    const [a, b] = [await clientWithHistory(), await clientWithHistory()];
    await t
      .db()
      .execute(sql`create table if not exists test_portal_accounts (client_id uuid unique references clients(id))`);
    await t.db().execute(sql`insert into test_portal_accounts (client_id) values (${a.id}), (${b.id})`);
    const res = await merge(SEEDED.operator, { survivorId: a.id, mergedId: b.id, fields: { city: 'merged' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'These clients cannot be merged: a record allows only one of them. Resolve it first.',
    );
    expect(await related(b.id)).toEqual({ calls: 2, sms: 1, inquiries: 1, payments: 1 });
    const [after] = await t.db().select().from(clients).where(eq(clients.id, b.id));
    expect(after!.mergedIntoId).toBeNull();
    await t.db().execute(sql`drop table test_portal_accounts`);
  });

  it('concurrent merges of the same pair (A→B and B→A): exactly one survivor, no related row lost', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await clientWithHistory(), await clientWithHistory()];
      const results = await Promise.all([
        merge(SEEDED.operator, { survivorId: a.id, mergedId: b.id }),
        merge(SEEDED.operator, { survivorId: b.id, mergedId: a.id }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t
        .db()
        .select()
        .from(clients)
        .where(inArray(clients.id, [a.id, b.id]));
      const survivors = rows.filter((r) => r.mergedIntoId === null);
      expect(survivors).toHaveLength(1);
      expect(await related(survivors[0]!.id)).toEqual({ calls: 4, sms: 2, inquiries: 2, payments: 2 });
    }
  });
});

describe('POST /api/v1/inquiry/mergeWithExisting', () => {
  const mergeInquiry = async (as: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/mergeWithExisting',
      headers: as ? await t.authFor(as) : {},
      payload,
    });

  it('401 / 403 without LEADS UPDATE / 400', async () => {
    const existing = await clientWithHistory();
    const body = { inquiryId: faker.string.uuid(), existingClientId: existing.id };
    expect((await mergeInquiry(null, body)).statusCode).toBe(401);
    expect((await mergeInquiry(SEEDED.attorney, body)).statusCode).toBe(403);
    const bad = await mergeInquiry(SEEDED.operator, { inquiryId: 'x', existingClientId: existing.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('inquiryId');
  });

  it("merges the inquiry's new client into the existing one, with its field choices", async () => {
    const existing = await clientWithHistory({ dateOfBirth: null });
    const fresh = await clientWithHistory({ dateOfBirth: '1990-05-06' });
    const [inquiry] = await t.db().select().from(inquiries).where(eq(inquiries.clientId, fresh.id));
    const res = await mergeInquiry(SEEDED.operator, {
      inquiryId: inquiry!.id,
      existingClientId: existing.id,
      fields: { dateOfBirth: 'merged' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ survivor: { id: existing.id, dateOfBirth: '1990-05-06' }, mergedId: fresh.id });
    const [moved] = await t.db().select().from(inquiries).where(eq(inquiries.id, inquiry!.id));
    expect(moved!.clientId).toBe(existing.id);
  });

  it("an OFFICE-limited user cannot merge another office's inquiry", async () => {
    const existing = await clientWithHistory();
    const other = await clientWithHistory({ officeId: officeB });
    const [inquiry] = await t.db().select().from(inquiries).where(eq(inquiries.clientId, other.id));
    const res = await mergeInquiry(SCOPED, { inquiryId: inquiry!.id, existingClientId: existing.id });
    expect(res.statusCode).toBe(404);
    const [after] = await t.db().select().from(clients).where(eq(clients.id, other.id));
    expect(after!.mergedIntoId).toBeNull();
  });
});
