import { addDays, dayOfWeekOf, instantOfWallTime, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { saveAppointmentSchema } from '@casedesk/contract/appointments/appointment';
import { availabilityQuerySchema } from '@casedesk/contract/attorneys/attorney-schedule';
import type { WelcomeTextSender } from '@casedesk/server/src/modules/appointments/appointments.service.ts';
import { saveAppointmentWithWelcome } from '@casedesk/server/src/modules/appointments/appointments.service.ts';
import { attorneyAvailability } from '@casedesk/server/src/modules/calendar/calendar.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { openRecordingConnection } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';

/** Appointments: 100 attorneys, 50,000 calendar events; 20 concurrent bookers. */
export const APPOINTMENT_SCENARIO_CONNECTIONS = 20;
export const AVAILABILITY_ROUTE = 'GET /api/v1/attorney/availability';
/** The same availability with --connections operators asking at once: reported beside it, not judged. */
export const AVAILABILITY_CROWD_ROUTE = `${AVAILABILITY_ROUTE} (all at once)`;
export const BOOKING_ROUTE = 'POST /api/v1/appointment/bookAppointment';
export const DEFAULT_ATTORNEYS = 100;
export const DEFAULT_EVENTS = 50_000;

/** Events are spread over this many weeks around today, so the measured week holds its share of them. */
const EVENT_WEEKS = 26;
/** Bookings go this many weeks ahead: past the events' span, free of the seed's holidays. */
const BOOKING_FIRST_WEEK = 20;
const BOOKING_WEEKS = 10;
const INQUIRY_SAMPLE = 5000;
/** Bookings taken out of the load's and recorded (rolled back) for the bare SQL; their slots stay free for it. */
const RECORDED_BOOKINGS = 200;
/** The seed's working week (apps/server/src/seed/appointments.seed.ts), given to the added attorneys too. */
const WINDOWS = [
  { start: 9 * 60, end: 12 * 60 },
  { start: 13 * 60, end: 17 * 60 },
];

/**
 * Brings the attorneys up to `total` (new users with the ATTORNEY role, spread over the offices, each with
 * the seed's Mon–Fri hours), in set SQL.
 */
export async function addAttorneysAtScale(database: Database, total: number): Promise<number> {
  const [{ count }] = (await database.query<{ count: string }>('select count(*) from attorneys')) as [
    { count: string },
  ];
  const missing = total - Number(count);
  if (missing <= 0) return 0;
  await database.query(
    `with office_list as (select array_agg(id order by name) as ids from offices),
     new_users as (
       insert into users (display_name, mail, role, office_id)
       select 'Bench Attorney ' || g, 'bench.attorney.' || g || '@casedesk.local', 'ATTORNEY',
              ids[1 + g % array_length(ids, 1)]
       from generate_series(1, $1::int) g, office_list
       returning id, office_id
     )
     insert into attorneys (user_id, office_id, law_type, jurisdiction)
     select id, office_id, 'Personal Injury', 'California' from new_users`,
    [missing],
  );
  await database.query(
    `insert into attorney_schedules (attorney_id, day_of_week, start_time, end_time)
     select a.id, d, w.start_time, w.end_time
     from attorneys a
     cross join generate_series(1, 5) d
     cross join (values ('09:00', '12:00'), ('13:00', '17:00')) w(start_time, end_time)
     where not exists (select 1 from attorney_schedules s where s.attorney_id = a.id)`,
  );
  return missing;
}

/**
 * `total` half-hour events spread evenly over every attorney and EVENT_WEEKS weeks around today (one every
 * 8.5 hours per attorney, so some fall inside working hours and some outside). The exclusion constraint
 * refuses an event over a seeded appointment; ON CONFLICT DO NOTHING skips those few.
 */
export async function addEventsAtScale(database: Database, total: number): Promise<number> {
  const rows = await database.query<{ count: string }>(
    `with list as (select array_agg(id order by id) as ids from attorneys),
     inserted as (
       insert into calendar_events (attorney_id, kind, subject, starts_at, ends_at)
       select ids[1 + g % array_length(ids, 1)], 'EVENT', 'Bench event ' || g,
              date_trunc('week', now()) - interval '${EVENT_WEEKS / 2} weeks'
                + (g / array_length(ids, 1)) * interval '510 minutes',
              date_trunc('week', now()) - interval '${EVENT_WEEKS / 2} weeks'
                + (g / array_length(ids, 1)) * interval '510 minutes' + interval '30 minutes'
       from generate_series(0, $1::int - 1) g, list
       on conflict do nothing
       returning 1
     )
     select count(*) from inserted`,
    [total],
  );
  await database.query('vacuum analyze calendar_events');
  await database.query('checkpoint');
  return Number(rows[0]?.count ?? 0);
}

export interface AppointmentScenario {
  availabilityPaths: string[];
  /** The load's bookings: every free slot but the probe's and those set aside for the recording. */
  bookings: string[];
  /** The booking the check before the load makes, so it takes none of the measured slots. */
  probe: string;
  /** Each route's recorded statements, one list per body (PostgreSQL only), for the bare SQL beside its load. */
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
}

interface SampledAttorney {
  id: string;
  time_zone: string;
}

/** The Monday of the week `weeks` from now, as an office calendar date. */
function mondayAhead(weeks: number, timeZone: string): string {
  const today = wallTimeOf(new Date(), timeZone).date;
  const back = (dayOfWeekOf(today) + 6) % 7;
  return addDays(today, weeks * 7 - back);
}

/** The next four weeks at each appointment length. */
function availabilityPaths(timeZone: string): string[] {
  return [1, 2, 3, 4].flatMap((week) => {
    const start = mondayAhead(week, timeZone);
    return [15, 30, 60].map(
      (length) =>
        `/api/v1/attorney/availability?startDate=${start}&endDate=${addDays(start, 6)}&appointmentLength=${length}`,
    );
  });
}

/**
 * Every free half hour of every attorney in BOOKING_WEEKS working weeks far ahead, attorneys interleaved so
 * neighbouring requests book different calendars; inquiries in turn.
 */
function bookingBodies(attorneys: SampledAttorney[], inquiries: { id: string }[]): string[] {
  const bookings: string[] = [];
  for (let week = BOOKING_FIRST_WEEK; week < BOOKING_FIRST_WEEK + BOOKING_WEEKS; week++) {
    for (let day = 0; day < 5; day++) {
      for (const window of WINDOWS) {
        for (let minutes = window.start; minutes + 30 <= window.end; minutes += 30) {
          for (const attorney of attorneys) {
            const date = addDays(mondayAhead(week, attorney.time_zone), day);
            const start = instantOfWallTime(date, minutes, attorney.time_zone);
            if (!start) continue;
            bookings.push(
              JSON.stringify({
                inquiryId: inquiries[bookings.length % inquiries.length]!.id,
                attorneyId: attorney.id,
                appointmentDateTime: start.toISOString(),
                appointmentLength: 30,
                appointmentType: 'Zoom',
              }),
            );
          }
        }
      }
    }
  }
  return bookings;
}

/** Every `bookings.length / count`-th booking taken out for the recording, spread over every week and attorney. */
function setAside(bookings: string[], count: number): { kept: string[]; sample: string[] } {
  const step = Math.max(2, Math.floor(bookings.length / count));
  const chosen = (i: number) => i % step === step - 1 && i < step * count;
  return { kept: bookings.filter((_, i) => !chosen(i)), sample: bookings.filter((_, i) => chosen(i)) };
}

const noWelcomeText: WelcomeTextSender = async () => 'NOT_REQUESTED';

/**
 * Each availability path's statements, and each set-aside booking's, recorded through the route's own service
 * call as the administrator (the load's user). A booking is recorded inside a transaction rolled back
 * afterwards, so its slot stays free for its replay.
 */
async function recordAppointmentRoutes(
  databaseUrl: string,
  adminEmail: string,
  paths: string[],
  bookings: string[],
): Promise<Record<string, RecordedStatement[][]>> {
  const connection = await openRecordingConnection(databaseUrl);
  try {
    const { db } = connection.database;
    const actor = await scenarioActor(connection.database, adminEmail);
    const availability: RecordedStatement[][] = [];
    for (const path of paths) {
      const query = availabilityQuerySchema.parse(Object.fromEntries(new URL(path, 'http://bench').searchParams));
      availability.push(await connection.record(() => attorneyAvailability(db, actor, query)));
    }
    const booking: RecordedStatement[][] = [];
    for (const body of bookings) {
      // As the route calls it: a booking always makes a new appointment.
      const input = { ...saveAppointmentSchema.parse(JSON.parse(body)), appointmentId: undefined };
      booking.push(
        await connection.recordRolledBack(() => saveAppointmentWithWelcome(db, actor, input, noWelcomeText)),
      );
    }
    return { [AVAILABILITY_ROUTE]: availability, [AVAILABILITY_CROWD_ROUTE]: availability, [BOOKING_ROUTE]: booking };
  } finally {
    await connection.close();
  }
}

/**
 * How each route's statements are replayed. Availability: as sent (unnamed Drizzle queries, planned for their
 * values), one after another; the route sends its last two (events, holidays) at once, so the bare side waits
 * for the small holidays read after the events read rather than beside it. Booking: as the route's named
 * prepared statements, each booking in a transaction rolled back (ReplayOptions.rolledBack), so the same
 * recorded insert replays without meeting its own appointment id or time slot and leaves nothing behind; the
 * set-aside slots are never booked by the load.
 */
const APPOINTMENT_REPLAY: Record<string, ReplayOptions> = {
  [AVAILABILITY_ROUTE]: { asSent: true, parallel: false },
  [AVAILABILITY_CROWD_ROUTE]: { asSent: true, parallel: false },
  [BOOKING_ROUTE]: { rolledBack: true },
};

/**
 * Availability: the next four weeks at each appointment length. Bookings: every free half hour far ahead
 * (bookingBodies), inquiries in turn from a sample of the seed, less RECORDED_BOOKINGS set aside. On PostgreSQL
 * (`databaseUrl`), each route's statements recorded for its bare SQL; PGlite has one connection, no replay.
 */
export async function buildAppointmentScenario(
  database: Database,
  adminEmail: string,
  databaseUrl: string | undefined,
): Promise<AppointmentScenario> {
  const attorneys = await database.query<SampledAttorney>(
    `select a.id, o.time_zone from attorneys a join offices o on o.id = a.office_id order by a.id`,
  );
  const inquiries = await database.query<{ id: string }>(
    `select id from inquiries order by random() limit ${INQUIRY_SAMPLE}`,
  );
  if (attorneys.length === 0 || inquiries.length === 0) throw new Error('The seed has no attorneys or inquiries');
  const paths = availabilityPaths(attorneys[0]!.time_zone);
  const [probe, ...bookings] = bookingBodies(attorneys, inquiries);
  const { kept, sample } = setAside(bookings, RECORDED_BOOKINGS);
  const recorded = databaseUrl ? await recordAppointmentRoutes(databaseUrl, adminEmail, paths, sample) : {};
  return { availabilityPaths: paths, bookings: kept, probe: probe!, recorded, replay: APPOINTMENT_REPLAY };
}

export function appointmentScenarioTargets(scenario: AppointmentScenario): RouteTarget[] {
  return [
    // The availability budget names no concurrency (the booking budget names its 20 bookers): it is the
    // time an operator waits for the drawer, so it is measured one request at a time…
    {
      name: AVAILABILITY_ROUTE,
      method: 'GET',
      path: scenario.availabilityPaths[0]!,
      paths: scenario.availabilityPaths,
      connections: 1,
    },
    // …and, for the record, with every connection asking at once.
    {
      name: AVAILABILITY_CROWD_ROUTE,
      method: 'GET',
      path: scenario.availabilityPaths[0]!,
      paths: scenario.availabilityPaths,
    },
    // Each body books a different free slot once; the rotation would only come back to one after all of them.
    {
      name: BOOKING_ROUTE,
      method: 'POST',
      path: '/api/v1/appointment/bookAppointment',
      bodies: scenario.bookings,
      probe: scenario.probe,
    },
  ];
}

/** Days back and ahead of today that appointments added at scale spread over (a year, and the coming two weeks). */
const APPOINTMENT_DAYS_BACK = 365;
const APPOINTMENT_DAYS_AHEAD = 14;
const APPOINTMENT_BATCH = 200_000;

/**
 * `total` appointments over the last year, today and the coming two weeks, in set SQL: every attorney in turn
 * (in their office), between 9:00 and 17:00 UTC-7 (the demo offices' zone), booked by the operators one to
 * twenty days before; a past one ended in a stage in the proportions a firm sees (showed, signed, no-show,
 * cancelled), a coming one is set with a confirmation status. Each is a matter's (an inquiry with no appointment
 * yet, its client's); the first for each matter is its current one. Volume, not the booking rules: no calendar
 * event holds the attorney's time (the dashboards read appointments, not calendars).
 */
export async function addAppointmentsAtScale(
  database: Database,
  total: number,
  log: (line: string) => void,
): Promise<number> {
  if (total === 0) return 0;
  // Tables, not temporary ones: the pool may send each statement on another connection.
  await database.query(`create unlogged table bench_matters as
    select row_number() over (order by i.id) as n, i.id, i.client_id from inquiries i
     where not exists (select 1 from appointments a where a.inquiry_id = i.id)`);
  await database.query('alter table bench_matters add primary key (n)');
  const [matters] = await database.query<{ n: number }>('select count(*)::int as n from bench_matters');
  if (!matters?.n) throw new Error('No inquiries to book appointments for: the seed is empty');
  const operators = (
    await database.query<{ id: string }>(`select id from users where role = 'OPERATOR' order by mail`)
  ).map((r) => r.id);
  const span = APPOINTMENT_DAYS_BACK + APPOINTMENT_DAYS_AHEAD + 1;
  for (let from = 1; from <= total; from += APPOINTMENT_BATCH) {
    const to = Math.min(total, from + APPOINTMENT_BATCH - 1);
    await database.query(
      `with attorney_list as (
         select array_agg(id order by id) as ids, array_agg(office_id order by id) as offices from attorneys
       ), picked as (
         select g, 1 + (g - 1) % $3 as matter,
                date_trunc('day', now()) + ((g::bigint * 7919) % ${span} - ${APPOINTMENT_DAYS_BACK}) * interval '1 day'
                  + interval '16 hours' + (g % 16) * interval '30 minutes' as at
         from generate_series($1::int, $2::int) g
       )
       insert into appointments (client_id, inquiry_id, attorney_id, office_id, title, appointment_date_time,
                                 appointment_length, stage_id, appt_status, is_current, booked_by_id, created_at,
                                 updated_at)
       select m.client_id, m.id, a.ids[1 + p.g % array_length(a.ids, 1)], a.offices[1 + p.g % array_length(a.ids, 1)],
              'Bench appointment ' || p.g, p.at, (array[30, 30, 60, 15])[1 + p.g % 4],
              case when p.at >= now() then 117
                   else (array[122, 122, 122, 122, 122, 118, 118, 118, 121, 121, 121, 121, 119, 119, 120, 117])[1 + p.g % 16] end,
              (array['NOT_CALLED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED_TEXT', 'LEFT_MESSAGE', 'NO_ANSWER',
                     'RESCHEDULE_TEXT', 'WAIT_LIST'])[1 + (p.g / 16) % 8],
              p.g <= $3,
              ($4::uuid[])[1 + p.g % greatest(1, cardinality($4::uuid[]))],
              -- Booked one to twenty days before; one still ahead was booked at some moment between then and now.
              case when p.at - (1 + p.g % 20) * interval '1 day' < now() then p.at - (1 + p.g % 20) * interval '1 day'
                   else now() - ((p.g::bigint * 7919) % greatest(1, extract(epoch from now() - p.at + interval '20 days')::bigint))
                                * interval '1 second' end,
              least(now(), p.at)
       from picked p
       join bench_matters m on m.n = p.matter
       cross join attorney_list a`,
      [from, to, matters.n, operators],
    );
    log(`  ${to.toLocaleString('en-US')} appointments`);
  }
  await database.query('drop table bench_matters');
  await database.query('vacuum analyze appointments');
  await database.query('checkpoint');
  return total;
}
