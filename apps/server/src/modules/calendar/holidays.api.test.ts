import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { offices } from '../offices/offices.tables.ts';
import { holidays } from './calendar.tables.ts';

/*
 * Who may close offices for a day: OFFICE UPDATE's office condition reaches the holiday's office, before
 * and after a change; a firm-wide holiday closes every office, so only OFFICE UPDATE without an office
 * condition may add, change or remove one. The seeded manager's OFFICE UPDATE reaches Los Angeles and San Diego.
 */
let t: TestApp;
let losAngeles: string;
let dallas: string;

// Far from every seeded date, one day per case so the (date, office) uniqueness never interferes.
const day = (n: number) => `2033-01-${String(n).padStart(2, '0')}`;

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.authFor(as), ...(payload ? { payload } : {}) });
}

async function insertHoliday(date: string, officeId: string | null) {
  const [row] = await t.db().insert(holidays).values({ date, name: 'Seeded', officeId }).returning();
  return row!;
}
const stored = async (id: string) => (await t.db().select().from(holidays).where(eq(holidays.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db().select({ id: offices.id, name: offices.name }).from(offices);
  losAngeles = rows.find((o) => o.name === 'Los Angeles')!.id;
  dallas = rows.find((o) => o.name === 'Dallas')!.id;
});
afterAll(async () => t?.close());

describe('POST /api/v1/holiday', () => {
  it('a manager adds a holiday to an office of theirs', async () => {
    const res = await send('POST', '/api/v1/holiday', SEEDED.manager, {
      date: day(1),
      name: 'Staff day',
      officeId: losAngeles,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: day(1), officeId: losAngeles });
  });

  it('403 with the reason for another office, and nothing is stored', async () => {
    const res = await send('POST', '/api/v1/holiday', SEEDED.manager, { date: day(2), name: 'x', officeId: dallas });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Office is not one of the offices you may manage holidays of.');
    expect(
      await t
        .db()
        .select()
        .from(holidays)
        .where(eq(holidays.date, day(2))),
    ).toEqual([]);
  });

  it('403 for a firm-wide holiday from a caller whose OFFICE UPDATE has an office condition', async () => {
    const res = await send('POST', '/api/v1/holiday', SEEDED.manager, { date: day(3), name: 'Everyone off' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only a user who manages every office may change a firm-wide holiday.');
    expect(
      await t
        .db()
        .select()
        .from(holidays)
        .where(eq(holidays.date, day(3))),
    ).toEqual([]);
  });

  it('an unconditioned OFFICE UPDATE adds a firm-wide holiday', async () => {
    const res = await send('POST', '/api/v1/holiday', SEEDED.admin, { date: day(3), name: 'Everyone off' });
    expect(res.statusCode).toBe(200);
    expect(res.json().officeId).toBeNull();
  });
});

describe('PUT /api/v1/holiday/:id', () => {
  it('a manager renames a holiday of their office', async () => {
    const row = await insertHoliday(day(4), losAngeles);
    const res = await send('PUT', `/api/v1/holiday/${row.id}`, SEEDED.manager, {
      date: day(4),
      name: 'Renamed',
      officeId: losAngeles,
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(row.id))!.name).toBe('Renamed');
  });

  it('404 for another office’s holiday, unchanged', async () => {
    const row = await insertHoliday(day(5), dallas);
    const res = await send('PUT', `/api/v1/holiday/${row.id}`, SEEDED.manager, {
      date: day(5),
      name: 'Mine now',
      officeId: losAngeles,
    });
    expect(res.statusCode).toBe(404);
    expect(await stored(row.id)).toMatchObject({ name: 'Seeded', officeId: dallas });
  });

  it('403 for moving a holiday of theirs to another office, or making it firm-wide', async () => {
    const row = await insertHoliday(day(6), losAngeles);
    const toDallas = await send('PUT', `/api/v1/holiday/${row.id}`, SEEDED.manager, {
      date: day(6),
      name: 'x',
      officeId: dallas,
    });
    expect(toDallas.statusCode).toBe(403);
    const firmWide = await send('PUT', `/api/v1/holiday/${row.id}`, SEEDED.manager, { date: day(6), name: 'x' });
    expect(firmWide.statusCode).toBe(403);
    expect(await stored(row.id)).toMatchObject({ name: 'Seeded', officeId: losAngeles });
  });

  it('403 for changing a firm-wide holiday, even into one of their offices', async () => {
    const row = await insertHoliday(day(7), null);
    const res = await send('PUT', `/api/v1/holiday/${row.id}`, SEEDED.manager, {
      date: day(7),
      name: 'x',
      officeId: losAngeles,
    });
    expect(res.statusCode).toBe(403);
    expect(await stored(row.id)).toMatchObject({ name: 'Seeded', officeId: null });
  });
});

describe('DELETE /api/v1/holiday/:id', () => {
  it('404 for another office’s holiday, 403 for a firm-wide one; both stay', async () => {
    const other = await insertHoliday(day(8), dallas);
    const firmWide = await insertHoliday(day(9), null);
    expect((await send('DELETE', `/api/v1/holiday/${other.id}`, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/holiday/${firmWide.id}`, SEEDED.manager)).statusCode).toBe(403);
    expect(await stored(other.id)).toBeDefined();
    expect(await stored(firmWide.id)).toBeDefined();
  });

  it('a manager removes their office’s holiday; the admin removes a firm-wide one', async () => {
    const own = await insertHoliday(day(10), losAngeles);
    const firmWide = await insertHoliday(day(11), null);
    expect((await send('DELETE', `/api/v1/holiday/${own.id}`, SEEDED.manager)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/holiday/${firmWide.id}`, SEEDED.admin)).statusCode).toBe(200);
    expect(await stored(own.id)).toBeUndefined();
    expect(await stored(firmWide.id)).toBeUndefined();
  });
});
