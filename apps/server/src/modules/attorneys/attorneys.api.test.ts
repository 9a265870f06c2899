import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { attorneys } from './attorneys.tables.ts';

let t: TestApp;
let avery: { id: string; userId: string; officeId: string };
let dallas: { id: string; userId: string };
let managerOffices: string[];

const get = async (url: string, as: string | null) =>
  t.app.inject({ method: 'GET', url, headers: as ? await t.authFor(as) : {} });

async function userIdOf(mail: string): Promise<string> {
  const [row] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, mail));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t
    .db()
    .select({
      id: attorneys.id,
      userId: attorneys.userId,
      officeId: attorneys.officeId,
      office: offices.name,
      mail: users.mail,
    })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  avery = rows.find((r) => r.mail === SEEDED.attorney)!;
  dallas = rows.find((r) => r.office === 'Dallas')!;
  const res = await get('/api/v1/attorney/allSchedule', SEEDED.manager);
  managerOffices = [...new Set((res.json().items as { officeId: string }[]).map((a) => a.officeId))];
});
afterAll(async () => t?.close());

describe('GET /api/v1/attorney/allSchedule', () => {
  it('401 without a token, 403 without ATTORNEY_SCHEDULE', async () => {
    expect((await get('/api/v1/attorney/allSchedule', null)).statusCode).toBe(401);
    expect((await get('/api/v1/attorney/allSchedule', SEEDED.operator)).statusCode).toBe(403);
  });

  it('lists every attorney for the admin, by name, with office, litigation flag and schedule size', async () => {
    const res = await get('/api/v1/attorney/allSchedule', SEEDED.admin);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; name: string; scheduleEntries: number; isLitigation: boolean }[];
    const count = await t.db().$count(attorneys);
    expect(items).toHaveLength(count);
    // By name (first letters only: the database's collation decides finer points such as spaces).
    const initials = items.map((a) => a.name[0]!.toUpperCase());
    expect(initials).toEqual([...initials].sort());
    expect(items.find((a) => a.id === avery.id)).toMatchObject({
      name: 'Avery Attorney',
      email: SEEDED.attorney,
      officeId: avery.officeId,
      officeName: 'Los Angeles',
      scheduleEntries: 10, // the seed's Monday–Friday, two windows a day
    });
    expect(items.some((a) => a.isLitigation)).toBe(true);
  });

  it('is office-scoped: the manager sees the attorneys of two offices, not Dallas', async () => {
    expect(managerOffices).toHaveLength(2);
    const items = (await get('/api/v1/attorney/allSchedule', SEEDED.manager)).json().items as { id: string }[];
    expect(items.map((a) => a.id)).toContain(avery.id);
    expect(items.map((a) => a.id)).not.toContain(dallas.id);
  });
});

describe('GET /api/v1/attorney/schedule', () => {
  it('401, 403, and 400 for an attorneyId that is not a uuid', async () => {
    const url = `/api/v1/attorney/schedule?attorneyId=${avery.id}`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, SEEDED.operator)).statusCode).toBe(403);
    expect((await get('/api/v1/attorney/schedule?attorneyId=nope', SEEDED.manager)).statusCode).toBe(400);
    expect((await get('/api/v1/attorney/schedule', SEEDED.manager)).statusCode).toBe(400);
  });

  it('answers as GET /attorney/{attorneyId}/availability does', async () => {
    const res = await get(`/api/v1/attorney/schedule?attorneyId=${avery.id}`, SEEDED.manager);
    expect(res.statusCode).toBe(200);
    const same = await get(`/api/v1/attorney/${avery.id}/availability`, SEEDED.manager);
    expect(res.json()).toEqual(same.json());
    expect(res.json()).toMatchObject({ attorneyId: avery.id, attorneyName: 'Avery Attorney' });
    expect(res.json().entries).toHaveLength(10);
  });

  it('404 for an unknown attorney and for one outside the caller’s offices', async () => {
    expect((await get(`/api/v1/attorney/schedule?attorneyId=${randomUUID()}`, SEEDED.admin)).statusCode).toBe(404);
    expect((await get(`/api/v1/attorney/schedule?attorneyId=${dallas.id}`, SEEDED.manager)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/user/allCalendars', () => {
  it('401, 403 without ATTORNEY_AVAILABILITY, 400 for a userId that is not a uuid', async () => {
    const url = `/api/v1/user/allCalendars?userId=${avery.userId}`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, SEEDED.collector)).statusCode).toBe(403);
    const bad = await get('/api/v1/user/allCalendars?userId=123', SEEDED.operator);
    expect(bad.statusCode).toBe(400);
  });

  it('an attorney has one default calendar; another user has none; an unknown user is a 404', async () => {
    const res = await get(`/api/v1/user/allCalendars?userId=${avery.userId}`, SEEDED.operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: avery.id,
          name: 'Calendar',
          isDefault: true,
          owner: { name: 'Avery Attorney', address: SEEDED.attorney },
        },
      ],
    });
    const operator = await userIdOf(SEEDED.operator);
    expect((await get(`/api/v1/user/allCalendars?userId=${operator}`, SEEDED.operator)).json()).toEqual({ items: [] });
    expect((await get(`/api/v1/user/allCalendars?userId=${randomUUID()}`, SEEDED.operator)).statusCode).toBe(404);
  });
});
