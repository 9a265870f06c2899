import type { Faker } from '@faker-js/faker';
import type { Slot } from '@casedesk/contract/appointments/slots';
import { computeSlots } from '@casedesk/contract/appointments/slots';
import { addDays, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { LITIGATION_EVENT_KINDS } from '@casedesk/contract/calendar/calendar-event';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { attorneys } from '../modules/attorneys/attorneys.tables.ts';
import { calendarEvents } from '../modules/calendar/calendar.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import type { Db } from '../platform/db/database.ts';
import { DEMO_HOLIDAYS, DEMO_WEEK } from './appointments.seed.ts';

/**
 * Litigation events per litigation attorney: one in each week from a week ago, so the last ends seven
 * weeks ahead, before the API tests' bookings (futureTuesday: eight weeks ahead and later).
 */
export const LITIGATION_EVENTS_PER_ATTORNEY = 8;
const STRETCH_DAYS = 7;

const TITLES = { ARBITRATION: 'Arbitration', MEDIATION: 'Mediation', TRIAL: 'Trial' } as const;

/** A two-hour trial where the day has two back-to-back free hours, else the first free hour. */
function pickTime(slots: Slot[], kind: (typeof LITIGATION_EVENT_KINDS)[number], faker: Faker): Slot {
  if (kind === 'TRIAL') {
    const starts = new Set(slots.map((s) => s.start.getTime()));
    const long = slots.filter((s) => starts.has(s.end.getTime()));
    if (long.length) {
      const first = faker.helpers.arrayElement(long);
      return { start: first.start, end: new Date(first.end.getTime() + 3_600_000) };
    }
  }
  return faker.helpers.arrayElement(slots);
}

/**
 * SPEC §2 /management/litigation-calendar demo data: arbitrations, mediations and trials (SPEC §9) of
 * the litigation attorneys, from a week ago to seven weeks ahead, in their working hours and in
 * time their seeded appointments leave free (they share the exclusion constraint).
 */
export async function seedLitigationEvents(db: Db, faker: Faker, now = new Date()): Promise<void> {
  const lawyers = await db
    .select({ id: attorneys.id, timeZone: offices.timeZone })
    .from(attorneys)
    .innerJoin(offices, eq(offices.id, attorneys.officeId))
    .where(eq(attorneys.isLitigation, true))
    .orderBy(asc(attorneys.id));
  if (lawyers.length === 0) return;
  const taken = await db
    .select({ attorneyId: calendarEvents.attorneyId, start: calendarEvents.startsAt, end: calendarEvents.endsAt })
    .from(calendarEvents)
    .where(
      and(
        inArray(
          calendarEvents.attorneyId,
          lawyers.map((l) => l.id),
        ),
        isNull(calendarEvents.cancelledAt),
      ),
    );
  const holidays = new Set(DEMO_HOLIDAYS.map((h) => h.date));
  const events: (typeof calendarEvents.$inferInsert)[] = [];
  for (const lawyer of lawyers) {
    const busy = taken.filter((t) => t.attorneyId === lawyer.id).map(({ start, end }) => ({ start, end }));
    const today = wallTimeOf(now, lawyer.timeZone).date;
    for (let i = 0; i < LITIGATION_EVENTS_PER_ATTORNEY; i += 1) {
      const from = addDays(today, i * STRETCH_DAYS - 7);
      const days = computeSlots({
        from,
        to: addDays(from, STRETCH_DAYS - 1),
        timeZone: lawyer.timeZone,
        windows: DEMO_WEEK,
        length: 60,
        busy,
        holidays,
        now: new Date(0),
        past: false,
      }).filter((d) => d.slots.length > 0);
      if (days.length === 0) continue;
      const kind = LITIGATION_EVENT_KINDS[i % LITIGATION_EVENT_KINDS.length]!;
      const time = pickTime(faker.helpers.arrayElement(days).slots, kind, faker);
      busy.push(time);
      const party = faker.person.lastName();
      events.push({
        attorneyId: lawyer.id,
        kind,
        subject: `${TITLES[kind]}: ${party} v. ${faker.company.name()}`,
        notes: faker.lorem.sentence(),
        location: `${faker.location.county()} Courthouse, Room ${faker.number.int({ min: 100, max: 499 })}`,
        attendees: [faker.person.fullName(), faker.person.fullName()],
        startsAt: time.start,
        endsAt: time.end,
      });
    }
  }
  if (events.length) await db.insert(calendarEvents).values(events);
}
