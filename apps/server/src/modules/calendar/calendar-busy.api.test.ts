import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { findBusy } from './calendar.repository.ts';
import { calendarEvents } from './calendar.tables.ts';

let t: TestApp;
let attorneyId: string;
// Years beyond the seeded appointments: this test owns the attorney's time that day.
const day = '2030-03-12';

beforeAll(async () => {
  t = await createTestApp();
  const [attorney] = await t.db().select({ id: attorneys.id }).from(attorneys).limit(1);
  attorneyId = attorney!.id;
});
afterAll(async () => t?.close());

/** A time (UTC) on the test's day, plus some milliseconds. */
const at = (clock: string, ms = 0) => new Date(Date.parse(`${day}T${clock}:00.000Z`) + ms);

const event = (startsAt: Date, endsAt: Date, cancelledAt: Date | null = null) => ({
  attorneyId,
  kind: 'EVENT' as const,
  subject: 'Busy-time read test',
  startsAt,
  endsAt,
  cancelledAt,
});

describe('findBusy', () => {
  it('reads live events overlapping the range as the epoch milliseconds of their Dates', async () => {
    // Odd milliseconds: the read must give back exactly what a Date of the stored time holds.
    const live = event(at('10:00', 123), at('10:30', 457));
    await t
      .db()
      .insert(calendarEvents)
      .values([live, event(at('11:00'), at('11:30'), new Date()), event(at('18:00'), at('19:00'))]);
    const busy = await findBusy(t.db(), [attorneyId], at('09:00'), at('12:00'));
    expect(busy).toEqual([{ attorneyId, start: live.startsAt.getTime(), end: live.endsAt.getTime() }]);
    expect(await findBusy(t.db(), [], at('09:00'), at('12:00'))).toEqual([]);
  });

  it('leaves out events that only touch the range; one overlapping it by a millisecond is busy', async () => {
    const lastMillisecond = event(at('08:59', 59_999), at('09:00'));
    await t
      .db()
      .insert(calendarEvents)
      .values([event(at('08:00'), at('08:30')), event(at('09:00'), at('09:30')), lastMillisecond]);
    const busy = await findBusy(t.db(), [attorneyId], at('08:30'), at('09:00'));
    expect(busy).toEqual([
      { attorneyId, start: lastMillisecond.startsAt.getTime(), end: lastMillisecond.endsAt.getTime() },
    ]);
  });
});
