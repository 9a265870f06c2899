import { addDays, dayOfWeekOf, instantOfWallTime, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

export const LA = 'America/Los_Angeles';

/** Seeded attorneys: Avery in Los Angeles (the manager's), and one in Dallas (outside the manager's offices). */
export async function appointmentRefs(t: TestApp) {
  const rows = await t
    .db()
    .select({
      id: attorneys.id,
      userId: attorneys.userId,
      mail: users.mail,
      office: offices.name,
      officeId: offices.id,
    })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  const avery = rows.find((r) => r.mail === SEEDED.attorney)!;
  const dallas = rows.find((r) => r.office === 'Dallas')!;
  const laOthers = rows.filter((r) => r.office === 'Los Angeles' && r.mail !== SEEDED.attorney);
  return { avery, dallas, laOther: laOthers[0]! };
}

/** A Tuesday at least `weeksAhead` weeks from now (beyond the seeded appointments), as yyyy-MM-dd. */
export function futureTuesday(weeksAhead = 8, now = new Date()): string {
  let date = addDays(wallTimeOf(now, LA).date, weeksAhead * 7);
  while (dayOfWeekOf(date) !== 2) date = addDays(date, 1);
  return date;
}

/** The instant of a wall-clock time in Los Angeles. */
export function la(date: string, clock: string): string {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return instantOfWallTime(date, h * 60 + m, LA)!.toISOString();
}

export function sender(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
