import { randomUUID } from 'node:crypto';
import type { LitigationEvent } from '@casedesk/contract/calendar/litigation';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { calendarEvents } from '../calendar/calendar.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { attorneys } from './attorneys.tables.ts';

let t: TestApp;
type Ref = { id: string; name: string; officeId: string };
let avery: Ref;
let laOther: Ref;
let dallas: Ref;

async function send(method: 'GET' | 'POST', url: string, as: string | null, payload?: object) {
  return t.app.inject({ method, url, headers: as ? await t.authFor(as) : {}, ...(payload ? { payload } : {}) });
}
const save = (as: string | null, attorneyId: unknown) =>
  send('POST', '/api/v1/attorney/saveLitigationAttorney', as, { attorneyId });
const remove = (as: string | null, attorneyId: unknown) =>
  send('POST', '/api/v1/attorney/removeLitigationAttorney', as, { attorneyId });

// Far from the seeded events (a week ago to seven weeks ahead).
const FROM = '2031-03-03T00:00:00Z';
const TO = '2031-03-08T00:00:00Z';
const calendarUrl = (extra = '') =>
  `/api/v1/attorney/litigationCalendar?startDateTime=${FROM}&endDateTime=${TO}${extra}`;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t
    .db()
    .select({
      id: attorneys.id,
      name: users.displayName,
      officeId: attorneys.officeId,
      office: offices.name,
      mail: users.mail,
    })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  avery = rows.find((r) => r.mail === SEEDED.attorney)!;
  laOther = rows.find((r) => r.office === 'Los Angeles' && r.mail !== SEEDED.attorney)!;
  dallas = rows.find((r) => r.office === 'Dallas')!;
  // A known starting point: Avery and the Dallas attorney do litigation, the other Los Angeles one not.
  await t
    .db()
    .update(attorneys)
    .set({ isLitigation: true })
    .where(inArray(attorneys.id, [avery.id, dallas.id]));
  await t.db().update(attorneys).set({ isLitigation: false }).where(eq(attorneys.id, laOther.id));
  const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour));
  await t
    .db()
    .insert(calendarEvents)
    .values([
      {
        attorneyId: avery.id,
        kind: 'ARBITRATION',
        subject: 'Arbitration: Doe v. Acme',
        startsAt: at(4, 17),
        endsAt: at(4, 18),
      },
      {
        attorneyId: avery.id,
        kind: 'TRIAL',
        subject: 'Trial: Roe v. Wade Co',
        location: 'Dept. 12',
        startsAt: at(5, 17),
        endsAt: at(5, 19),
      },
      // Not litigation: never on the litigation calendar.
      { attorneyId: avery.id, kind: 'EVENT', subject: 'Partners lunch', startsAt: at(6, 19), endsAt: at(6, 20) },
      {
        attorneyId: dallas.id,
        kind: 'MEDIATION',
        subject: 'Mediation: Poe v. Zed',
        startsAt: at(4, 16),
        endsAt: at(4, 17),
      },
      // Outside the range.
      { attorneyId: avery.id, kind: 'TRIAL', subject: 'Later trial', startsAt: at(20, 17), endsAt: at(20, 18) },
      {
        attorneyId: laOther.id,
        kind: 'MEDIATION',
        subject: 'Mediation of a non-litigation attorney',
        startsAt: at(4, 17),
        endsAt: at(4, 18),
      },
    ]);
});
afterAll(async () => t?.close());

describe('GET /api/v1/attorney/litigationCalendar', () => {
  it('401 without a token, 403 without LITIGATION_CALENDAR', async () => {
    expect((await send('GET', calendarUrl(), null)).statusCode).toBe(401);
    expect((await send('GET', calendarUrl(), SEEDED.operator)).statusCode).toBe(403);
  });

  it('400 with the message for a range that ends before it starts, a bad instant or a bad attorneyId', async () => {
    const backwards = await send(
      'GET',
      `/api/v1/attorney/litigationCalendar?startDateTime=${TO}&endDateTime=${FROM}`,
      SEEDED.manager,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('End Date Time must be after Start Date Time.');
    const tooLong = await send(
      'GET',
      `/api/v1/attorney/litigationCalendar?startDateTime=2030-01-01T00:00:00Z&endDateTime=2032-01-01T00:00:00Z`,
      SEEDED.manager,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A range of at most 400 days can be shown.');
    const notAnInstant = await send(
      'GET',
      `/api/v1/attorney/litigationCalendar?startDateTime=yesterday&endDateTime=${TO}`,
      SEEDED.manager,
    );
    expect(notAnInstant.statusCode).toBe(400);
    expect((await send('GET', calendarUrl('&attorneyId=x'), SEEDED.manager)).statusCode).toBe(400);
  });

  it('shows arbitrations, mediations and trials of litigation attorneys in range, with the attorney’s name', async () => {
    const res = await send('GET', calendarUrl(), SEEDED.admin);
    expect(res.statusCode).toBe(200);
    const events = res.json() as LitigationEvent[];
    expect(events.map((e) => e.subject)).toEqual([
      'Mediation: Poe v. Zed',
      'Arbitration: Doe v. Acme',
      'Trial: Roe v. Wade Co',
    ]);
    expect(events[1]).toMatchObject({
      kind: 'ARBITRATION',
      attorneyId: avery.id,
      attorneyName: avery.name,
      organizer: avery.name,
      eventDateTime: '2031-03-04T17:00:00.000Z',
      eventEndDateTime: '2031-03-04T18:00:00.000Z',
      start: { formattedDateTime: '2031-03-04T17:00:00.000Z' },
    });
    expect(events[2]!.location).toEqual({ displayName: 'Dept. 12' });
  });

  it('is office-scoped (the manager does not see Dallas) and narrows to one attorney', async () => {
    const manager = (await send('GET', calendarUrl(), SEEDED.manager)).json() as { attorneyId: string }[];
    expect(manager.map((e) => e.attorneyId)).toEqual([avery.id, avery.id]);
    const one = (await send('GET', calendarUrl(`&attorneyId=${dallas.id}`), SEEDED.admin)).json() as {
      subject: string;
    }[];
    expect(one.map((e) => e.subject)).toEqual(['Mediation: Poe v. Zed']);
    expect((await send('GET', calendarUrl(`&attorneyId=${dallas.id}`), SEEDED.manager)).json()).toEqual([]);
  });

  it('the seed gives litigation attorneys arbitrations, mediations and trials around today', async () => {
    const from = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 50 * 86_400_000).toISOString();
    const res = await send(
      'GET',
      `/api/v1/attorney/litigationCalendar?startDateTime=${from}&endDateTime=${to}`,
      SEEDED.admin,
    );
    const kinds = new Set((res.json() as { kind: string }[]).map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['ARBITRATION', 'MEDIATION', 'TRIAL']);
  });
});

describe('GET /api/v1/dropdown/litigationAttorneys', () => {
  it('401, 403, and the litigation attorneys of the caller’s offices by name', async () => {
    expect((await send('GET', '/api/v1/dropdown/litigationAttorneys', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/dropdown/litigationAttorneys', SEEDED.collector)).statusCode).toBe(403);
    const admin = (await send('GET', '/api/v1/dropdown/litigationAttorneys', SEEDED.admin)).json() as Ref[];
    expect(admin.map((a) => a.id)).toEqual(expect.arrayContaining([avery.id, dallas.id]));
    expect(admin.map((a) => a.id)).not.toContain(laOther.id);
    expect(Object.keys(admin[0]!).sort()).toEqual(['id', 'name']);
    const manager = (await send('GET', '/api/v1/dropdown/litigationAttorneys', SEEDED.manager)).json() as Ref[];
    expect(manager.map((a) => a.id)).toContain(avery.id);
    expect(manager.map((a) => a.id)).not.toContain(dallas.id);
  });
});

describe('POST /api/v1/attorney/saveLitigationAttorney and removeLitigationAttorney', () => {
  it('401, 403 without LITIGATION_CALENDAR UPDATE, 400 with the message for a missing or bad attorneyId', async () => {
    expect((await save(null, laOther.id)).statusCode).toBe(401);
    expect((await save(SEEDED.attorney, laOther.id)).statusCode).toBe(403);
    expect((await remove(SEEDED.operator, laOther.id)).statusCode).toBe(403);
    const missing = await save(SEEDED.manager, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Attorney is a required field.');
    expect((await remove(SEEDED.manager, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('404 for an unknown attorney and for one outside the caller’s offices (nothing changes)', async () => {
    expect((await save(SEEDED.manager, randomUUID())).statusCode).toBe(404);
    expect((await remove(SEEDED.admin, randomUUID())).statusCode).toBe(404);
    expect((await remove(SEEDED.manager, dallas.id)).statusCode).toBe(404);
    const [row] = await t.db().select().from(attorneys).where(eq(attorneys.id, dallas.id));
    expect(row!.isLitigation).toBe(true);
  });

  it('marks and unmarks an attorney, idempotently, audited once per change', async () => {
    const first = await save(SEEDED.manager, laOther.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: laOther.id, name: laOther.name, isLitigation: true });
    expect((await save(SEEDED.manager, laOther.id)).json().isLitigation).toBe(true);
    const dropdown = (await send('GET', '/api/v1/dropdown/litigationAttorneys', SEEDED.manager)).json() as Ref[];
    expect(dropdown.map((a) => a.id)).toContain(laOther.id);
    const calendar = (await send('GET', calendarUrl(`&attorneyId=${laOther.id}`), SEEDED.manager)).json() as {
      subject: string;
    }[];
    expect(calendar.map((e) => e.subject)).toEqual(['Mediation of a non-litigation attorney']);

    expect((await remove(SEEDED.manager, laOther.id)).json().isLitigation).toBe(false);
    const again = await remove(SEEDED.manager, laOther.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().isLitigation).toBe(false);
    expect((await send('GET', calendarUrl(`&attorneyId=${laOther.id}`), SEEDED.manager)).json()).toEqual([]);

    const audit = await t
      .db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, laOther.id), like(auditEvents.action, 'attorney.litigation.%')))
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => a.action)).toEqual(['attorney.litigation.save', 'attorney.litigation.remove']);
  });
});
