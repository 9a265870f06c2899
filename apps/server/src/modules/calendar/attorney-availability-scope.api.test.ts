import { CALENDAR_EVENTS_MESSAGES } from '@casedesk/contract/calendar/calendar-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/*
 * SPEC §6: an attorney's open slots, calendar and calendars list follow the caller's ATTORNEY_AVAILABILITY
 * READ office condition. The viewer below reads the availability of Dallas attorneys only.
 */
const VIEWER = SEEDED.collector;
let t: TestApp;
let avery: { id: string; userId: string };
let dallas: { id: string; userId: string };

const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.authFor(VIEWER) });
const week = 'startDate=2026-12-07&endDate=2026-12-11';
const events = (userId: string, from = '2026-12-07T00:00:00.000Z', to = '2026-12-12T00:00:00.000Z') =>
  get(`/api/v1/appointment/calendarEvents?userId=${userId}&startDateTime=${from}&endDateTime=${to}`);

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t
    .db()
    .select({ id: attorneys.id, userId: attorneys.userId, mail: users.mail, office: offices.name })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  avery = rows.find((r) => r.mail === SEEDED.attorney)!;
  dallas = rows.find((r) => r.office === 'Dallas')!;
  const [dallasOffice] = await t.db().select().from(offices).where(eq(offices.name, 'Dallas'));
  const viewer = await findUserByEmail(t.db(), VIEWER);
  await setPermissions(t.db(), viewer!.id, [
    {
      permissionType: 'ATTORNEY_AVAILABILITY',
      accessLevelDTO: [
        {
          accessType: 'READ',
          conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [dallasOffice!.id] }],
        },
      ],
    },
  ]);
});
afterAll(async () => t?.close());

describe('attorney availability within the caller’s ATTORNEY_AVAILABILITY office condition', () => {
  it('the open slots list only the attorneys of offices in reach', async () => {
    const all = await get(`/api/v1/attorney/availability?${week}`);
    expect(all.statusCode, all.body).toBe(200);
    const ids = (all.json() as { attorneyId: string }[]).map((a) => a.attorneyId);
    expect(ids).toContain(dallas.id);
    expect(ids).not.toContain(avery.id);
    const named = await get(`/api/v1/appointment/attorneyAvailability?${week}&attorneyId=${avery.id}`);
    expect(named.json()).toEqual([]);
  });

  it('the calendar and the calendars list of an attorney out of reach are not found', async () => {
    expect((await events(dallas.userId)).statusCode).toBe(200);
    expect((await events(avery.userId)).statusCode).toBe(404);
    expect((await get(`/api/v1/user/allCalendars?userId=${dallas.userId}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/user/allCalendars?userId=${avery.userId}`)).statusCode).toBe(404);
  });

  it('the calendar of a user who is no attorney is not found out of reach, nor that of an unknown user', async () => {
    const operator = await findUserByEmail(t.db(), SEEDED.operator);
    expect((await events(operator!.id)).statusCode).toBe(404);
    expect((await events('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a calendar range of more than 31 days is a 400 with the message', async () => {
    const res = await events(dallas.userId, '2026-12-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CALENDAR_EVENTS_MESSAGES.rangeTooLong);
    expect((await events(dallas.userId, '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).statusCode).toBe(200);
  });
});
