import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, dayOfWeekOf, instantOfWallTime, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import { requeueUnsyncedEvents, syncCalendarEvent } from './calendar-sync-job.ts';
import type { CalendarProvider } from './providers/calendar-provider.ts';
import { CALENDAR_SYNC_QUEUE } from './calendar-sync.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { users } from '../users/users.tables.ts';
import { calendarEvents } from './calendar.tables.ts';

/**
 * Write-through to Microsoft Graph with a local HTTP server standing in for Graph and its token endpoint
 * (the only thing not ours). The app, its jobs and its database are real: an event booked while "Graph is
 * down" is stored at once (the database is the source of truth), retried by the job, and ends SYNCED.
 */
interface Seen {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}

const graph = {
  server: http.createServer(),
  /** Event writes (a booking's calendarView read goes to `views`). */
  seen: [] as Seen[],
  views: [] as Seen[],
  /** Statuses the next event writes answer with (then 201/200/204 for good). */
  failures: [] as number[],
  /** Statuses the next calendarView reads answer with (then 200). */
  viewFailures: [] as number[],
  /** Milliseconds the next calendarView reads wait before answering. */
  viewDelays: [] as number[],
  /** Delayed calendarView answers still waiting to be sent (cleared after each test). */
  pendingViews: new Set<NodeJS.Timeout>(),
  created: 0,
  /** What calendarView answers with, whatever the window (the app keeps what overlaps). */
  calendarView: [] as object[],
};

graph.server.on('request', (req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const path = req.url ?? '';
    const send = (status: number, payload?: object) => {
      res.writeHead(status, payload ? { 'content-type': 'application/json' } : {});
      res.end(payload ? JSON.stringify(payload) : undefined);
    };
    if (path === '/token') {
      send(200, { token_type: 'Bearer', expires_in: 3599, access_token: 'local-graph-token' });
      return;
    }
    const isView = req.method === 'GET' && path.includes('/calendarView?');
    (isView ? graph.views : graph.seen).push({
      method: req.method!,
      path,
      authorization: req.headers.authorization,
      body,
    });
    const failure = (isView ? graph.viewFailures : graph.failures).shift();
    if (failure) {
      send(failure, { error: { code: 'ServiceUnavailable', message: 'The service is temporarily unavailable.' } });
      return;
    }
    if (isView) {
      const timer = setTimeout(() => {
        graph.pendingViews.delete(timer);
        send(200, { value: graph.calendarView });
      }, graph.viewDelays.shift() ?? 0);
      graph.pendingViews.add(timer);
      return;
    }
    if (req.method === 'POST') send(201, { id: `graph-event-${++graph.created}`, ...JSON.parse(body) });
    else if (req.method === 'PATCH') send(200, { id: path.split('/').pop(), ...JSON.parse(body) });
    else if (req.method === 'DELETE') send(204);
    else send(404, { error: { code: 'ErrorItemNotFound' } });
  });
});

const LA = 'America/Los_Angeles';
/** A Tuesday `weeksAhead` weeks out (beyond the seeded appointments; Avery works 9–12 and 13–17 there). */
function futureTuesday(weeksAhead: number): string {
  let date = addDays(wallTimeOf(new Date(), LA).date, weeksAhead * 7);
  while (dayOfWeekOf(date) !== 2) date = addDays(date, 1);
  return date;
}
const la = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return instantOfWallTime(date, h * 60 + m, LA)!.toISOString();
};

let t: TestApp;
let avery: { id: string; mail: string; officeId: string };
let inquiry: { id: string; clientId: string };
const MAX_ATTEMPTS = 3;

beforeAll(async () => {
  await new Promise<void>((resolve) => graph.server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(graph.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    CALENDAR_PROVIDER: 'graph',
    GRAPH_TENANT_ID: 'contoso',
    GRAPH_CLIENT_ID: 'casedesk',
    GRAPH_CLIENT_SECRET: 'local-secret',
    GRAPH_BASE_URL: `${base}/v1.0`,
    GRAPH_TOKEN_URL: `${base}/token`,
    CALENDAR_SYNC_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    CALENDAR_SYNC_RETRY_DELAY_SECONDS: '1',
    CALENDAR_SYNC_SWEEP_SECONDS: '3600',
  });
  const [row] = await t
    .db()
    .select({ id: attorneys.id, mail: users.mail, officeId: attorneys.officeId })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .where(eq(users.mail, SEEDED.attorney));
  avery = row as typeof avery;
  inquiry = await createInquiryIn(t, avery.officeId);
});
afterAll(async () => {
  await t?.close();
  graph.server.close();
});
beforeEach(() => {
  graph.seen.length = 0;
  graph.views.length = 0;
  graph.failures.length = 0;
  graph.viewFailures.length = 0;
  graph.viewDelays.length = 0;
  graph.pendingViews.forEach(clearTimeout);
  graph.pendingViews.clear();
  graph.calendarView = [];
});

const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.authFor(SEEDED.operator), ...(payload ? { payload } : {}) });

const book = async (day: string, clock: string) => {
  const res = await send('PUT', '/api/v1/appointment', {
    inquiryId: inquiry.id,
    attorneyId: avery.id,
    appointmentDateTime: la(day, clock),
    appointmentLength: 30,
    appointmentStageId: 117,
    title: 'Consultation',
    notes: 'Rear-ended on I-10',
    offset: -8,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
};

/** The times Avery holds in the database on a day, as instants. */
const eventsOn = async (day: string) =>
  (
    await t
      .db()
      .select({ startsAt: calendarEvents.startsAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.attorneyId, avery.id))
  )
    .map((e) => e.startsAt.toISOString())
    .filter((at) => at >= la(day, '00:00') && at < la(addDays(day, 1), '00:00'));

const eventOf = async (appointmentId: string) =>
  (await t.db().select().from(calendarEvents).where(eq(calendarEvents.appointmentId, appointmentId)))[0]!;

/** Polls the row until it reaches the state (jobs poll every 0.5 s under test; retries back off from 1 s). */
async function until(appointmentId: string, state: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await eventOf(appointmentId);
    if (event.syncState === state && event.syncLeaseUntil === null) return event;
    if (Date.now() > deadline) throw new Error(`event still ${event.syncState} (${event.syncError})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('calendar write-through to Microsoft Graph', () => {
  it('an event booked while Graph is down is stored at once, retried, and ends SYNCED', async () => {
    graph.failures.push(503);
    const day = futureTuesday(9);
    const appointment = await book(day, '10:00');

    // The booking answered without Graph: the row holds the time, marked for the push.
    const stored = await eventOf(appointment.id);
    expect(stored.syncState).toBe('PENDING');
    expect(stored.externalId).toBeNull();

    const synced = await until(appointment.id, 'SYNCED');
    expect(synced).toMatchObject({
      externalId: 'graph-event-1',
      externalMailbox: avery.mail,
      syncAttempts: 0,
      syncError: null,
    });
    const mailbox = `/v1.0/users/${encodeURIComponent(avery.mail)}`;
    expect(graph.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${mailbox}/events`,
      `POST ${mailbox}/events`,
    ]);
    expect(graph.seen[1]!.authorization).toBe('Bearer local-graph-token');
    expect(JSON.parse(graph.seen[1]!.body)).toEqual({
      subject: 'Consultation',
      body: { contentType: 'text', content: 'Rear-ended on I-10' },
      start: { dateTime: la(day, '10:00').slice(0, -1), timeZone: 'UTC' },
      end: { dateTime: la(day, '10:30').slice(0, -1), timeZone: 'UTC' },
      location: { displayName: '' },
      showAs: 'busy',
      transactionId: stored.id,
    });

    // Double booking stays the database's to refuse, Graph or not.
    const again = await send('PUT', '/api/v1/appointment', {
      inquiryId: inquiry.id,
      attorneyId: avery.id,
      appointmentDateTime: la(day, '10:00'),
      appointmentLength: 30,
      appointmentStageId: 117,
      offset: -8,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a reschedule is a PATCH of the same Graph event; a deleted appointment is a DELETE', async () => {
    const day = futureTuesday(10);
    const appointment = await book(day, '11:00');
    const created = await until(appointment.id, 'SYNCED');

    const moved = await send('PUT', '/api/v1/appointment/rescheduleAppointment', {
      appointmentId: appointment.id,
      appointmentDateTime: la(day, '14:00'),
    });
    expect(moved.statusCode).toBe(200);
    expect((await eventOf(appointment.id)).syncState).toBe('PENDING');
    const patched = await until(appointment.id, 'SYNCED');
    expect(patched.externalId).toBe(created.externalId);
    const patch = graph.seen.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(
      `/v1.0/users/${encodeURIComponent(avery.mail)}/events/${encodeURIComponent(created.externalId!)}`,
    );
    expect(JSON.parse(patch.body).start).toEqual({ dateTime: la(day, '14:00').slice(0, -1), timeZone: 'UTC' });

    const deleted = await send('DELETE', `/api/v1/appointment/${inquiry.id}/${appointment.id}`);
    expect(deleted.statusCode).toBe(200);
    const cancelled = await until(appointment.id, 'SYNCED');
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(graph.seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([patch.path]);
  });

  it('down longer than the retries: FAILED with the error, then pushed by the sweep once Graph is back', async () => {
    graph.failures.push(...Array<number>(MAX_ATTEMPTS).fill(503));
    const appointment = await book(futureTuesday(11), '09:00');

    const failed = await until(appointment.id, 'FAILED', 30_000);
    expect(failed).toMatchObject({
      syncAttempts: MAX_ATTEMPTS,
      syncError: 'Graph answered 503 ServiceUnavailable',
      externalId: null,
    });
    expect(graph.seen).toHaveLength(MAX_ATTEMPTS);

    // Nothing is dropped: the periodic sweep queues FAILED events again.
    const queued = await requeueUnsyncedEvents(t.db(), t.app.jobs, { retryLimit: 0 }, new Date(Date.now() + 1000));
    expect(queued).toBeGreaterThanOrEqual(1);
    const synced = await until(appointment.id, 'SYNCED');
    expect(synced.externalId).toMatch(/^graph-event-/);
    expect(synced.syncError).toBeNull();
    expect(graph.seen).toHaveLength(MAX_ATTEMPTS + 1);
    expect((await t.app.jobs.queueDepths()).some((q) => q.queue === CALENDAR_SYNC_QUEUE)).toBe(true);
  });

  it('moving an appointment to another attorney moves its Graph event to their mailbox', async () => {
    const day = futureTuesday(12);
    const appointment = await book(day, '15:00');
    const first = await until(appointment.id, 'SYNCED');
    const [other] = await t
      .db()
      .select({ id: attorneys.id, mail: users.mail })
      .from(attorneys)
      .innerJoin(users, eq(users.id, attorneys.userId))
      .where(and(eq(attorneys.officeId, avery.officeId), ne(attorneys.id, avery.id)));
    graph.seen.length = 0;

    const moved = await send('PUT', '/api/v1/appointment/rescheduleAppointment', {
      appointmentId: appointment.id,
      appointmentDateTime: la(day, '15:00'),
      attorneyId: other!.id,
    });
    expect(moved.statusCode).toBe(200);
    const synced = await until(appointment.id, 'SYNCED');
    expect(synced.externalMailbox).toBe(other!.mail);
    expect(synced.externalId).not.toBe(first.externalId);
    expect(graph.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1.0/users/${encodeURIComponent(avery.mail)}/events/${encodeURIComponent(first.externalId!)}`,
      `POST /v1.0/users/${encodeURIComponent(other!.mail!)}/events`,
    ]);
  });

  it('the attorney’s calendar also shows Outlook-only events, and ours once: in full to the attorney, else as busy blocks', async () => {
    const day = futureTuesday(13);
    const appointment = await book(day, '09:00');
    const ours = await until(appointment.id, 'SYNCED');
    graph.calendarView = [
      {
        id: ours.externalId,
        subject: 'Consultation',
        bodyPreview: 'Rear-ended on I-10',
        start: { dateTime: `${la(day, '09:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        end: { dateTime: `${la(day, '09:30').slice(0, -1)}0000`, timeZone: 'UTC' },
        isCancelled: false,
      },
      {
        id: 'AAMkOutlookOnly=',
        subject: 'Dentist',
        bodyPreview: '',
        body: { contentType: 'text', content: '' },
        start: { dateTime: `${la(day, '12:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        end: { dateTime: `${la(day, '13:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        location: { displayName: 'Downtown' },
        attendees: [],
        organizer: { emailAddress: { name: 'Avery Attorney', address: avery.mail } },
        isCancelled: false,
      },
      {
        id: 'AAMkOutlookPrivate=',
        subject: 'Custody hearing (family)',
        bodyPreview: 'Personal',
        start: { dateTime: `${la(day, '15:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        end: { dateTime: `${la(day, '16:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        sensitivity: 'private',
        isCancelled: false,
      },
      {
        id: 'AAMkOutlookFree=',
        subject: 'Lunch maybe',
        start: { dateTime: `${la(day, '13:00').slice(0, -1)}0000`, timeZone: 'UTC' },
        end: { dateTime: `${la(day, '13:30').slice(0, -1)}0000`, timeZone: 'UTC' },
        showAs: 'free',
        isCancelled: false,
      },
    ];
    const [user] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, avery.mail));
    const from = la(day, '00:00');
    const to = la(addDays(day, 1), '00:00');
    const url = `/api/v1/appointment/calendarEvents?userId=${user!.id}&startDateTime=${encodeURIComponent(from)}&endDateTime=${encodeURIComponent(to)}`;
    type Shown = {
      subject: string;
      kind: string;
      appointmentId: string | null;
      bodyPreview: string | null;
      eventDateTime: string;
    };
    const calendarAs = async (mail: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: await t.authFor(mail) });
      expect(res.statusCode).toBe(200);
      return res.json() as Shown[];
    };
    // The attorney: their meetings in full, the private one as a busy block.
    const own = await calendarAs(SEEDED.attorney);
    expect(own.map((e) => [e.subject, e.kind, e.appointmentId])).toEqual([
      ['Consultation', 'APPOINTMENT', appointment.id],
      ['Dentist', 'EVENT', null],
      ['Lunch maybe', 'EVENT', null],
      ['Busy', 'EVENT', null],
    ]);
    expect(own[1]).toMatchObject({
      eventDateTime: la(day, '12:00'),
      location: { displayName: 'Downtown' },
      organizer: 'Avery Attorney',
    });
    // An operator booking for them: that the time is taken, nothing of what fills it; free time not at all.
    const operator = await calendarAs(SEEDED.operator);
    expect(operator.map((e) => [e.subject, e.eventDateTime])).toEqual([
      ['Consultation', la(day, '09:00')],
      ['Busy', la(day, '12:00')],
      ['Busy', la(day, '15:00')],
    ]);
    expect(operator[1]).toMatchObject({ bodyPreview: null, organizer: null, location: { displayName: null } });
    expect(JSON.stringify(operator)).not.toMatch(/Dentist|Downtown|Custody|Personal|Lunch/);
    const view = graph.views.at(-1)!;
    expect(view.path).toContain(`/v1.0/users/${encodeURIComponent(avery.mail)}/calendarView?`);

    // Graph down: the calendar still shows our own events.
    graph.viewFailures.push(503);
    const degraded = await t.app.inject({ method: 'GET', url, headers: await t.authFor(SEEDED.operator) });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json().map((e: { subject: string }) => e.subject)).toEqual(['Consultation']);
  });

  it('a meeting only in Outlook takes its time: booking or moving onto it is refused, a free one is not', async () => {
    const day = futureTuesday(14);
    const outlook = (id: string, from: string, to: string, showAs: string) => ({
      id,
      subject: 'Court call',
      start: { dateTime: `${la(day, from).slice(0, -1)}0000`, timeZone: 'UTC' },
      end: { dateTime: `${la(day, to).slice(0, -1)}0000`, timeZone: 'UTC' },
      isCancelled: false,
      showAs,
    });
    graph.calendarView = [
      outlook('AAMkBusy=', '10:00', '11:00', 'busy'),
      outlook('AAMkFree=', '14:00', '15:00', 'free'),
    ];
    const bookAt = (clock: string) =>
      send('PUT', '/api/v1/appointment', {
        inquiryId: inquiry.id,
        attorneyId: avery.id,
        appointmentDateTime: la(day, clock),
        appointmentLength: 30,
        appointmentStageId: 117,
        offset: -8,
      });

    const refused = await bookAt('10:30');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Event already scheduled for this date and time');
    // The attorney's own mailbox, read for the booking's half hour.
    const read = new URL(graph.views.at(-1)!.path, 'http://graph');
    expect(read.pathname).toBe(`/v1.0/users/${encodeURIComponent(avery.mail)}/calendarView`);
    expect(read.searchParams.get('startDateTime')).toBe(la(day, '10:30'));
    expect(read.searchParams.get('endDateTime')).toBe(la(day, '11:00'));
    expect(await eventsOn(day)).toEqual([]);

    // Right after the meeting is free, and so is the time of a meeting shown as free.
    const after = await book(day, '11:00');
    await book(day, '14:00');

    // Our own event, mirrored in Outlook, does not stand in its own way when it moves; the meeting does.
    const mirrored = await until(after.id, 'SYNCED');
    graph.calendarView.push(outlook(mirrored.externalId!, '11:00', '11:30', 'busy'));
    const reschedule = (clock: string) =>
      send('PUT', '/api/v1/appointment/rescheduleAppointment', {
        appointmentId: after.id,
        appointmentDateTime: la(day, clock),
      });
    expect((await reschedule('11:15')).statusCode).toBe(200);
    const ontoMeeting = await reschedule('10:45');
    expect(ontoMeeting.statusCode).toBe(409);
    expect(ontoMeeting.json().message).toBe('Event already scheduled for this date and time');

    // Graph down: the booking goes ahead on the database's events, as the calendar then shows them.
    graph.viewFailures.push(503);
    await book(day, '16:00');
    // Graph slow: the operator waits 3 s at most, then the same. Proved by order, not by a clock: the
    // booking is made while Graph's answer, a minute away, is still unsent.
    graph.viewDelays.push(60_000);
    await book(day, '16:30');
    expect(graph.pendingViews.size).toBe(1);
  });

  describe('the push job, run directly against a scripted provider', () => {
    /** A provider whose create takes a while and can change the row meanwhile (a reschedule during the push). */
    function slowProvider(duringCreate?: () => Promise<void>) {
      const calls: string[] = [];
      const provider: CalendarProvider = {
        name: 'graph',
        listEvents: async () => [],
        async createEvent(_owner, event) {
          calls.push(`create ${event.startsAt.toISOString()}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await duringCreate?.();
          return 'scripted-1';
        },
        async updateEvent(_owner, id, event) {
          calls.push(`update ${id} ${event.startsAt.toISOString()}`);
        },
        async cancelEvent(_owner, id) {
          calls.push(`cancel ${id}`);
        },
      };
      return { provider, calls };
    }

    async function pendingSeededEvent() {
      const [row] = await t
        .db()
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.attorneyId, avery.id), eq(calendarEvents.syncState, 'LOCAL')))
        .limit(1);
      await t.db().update(calendarEvents).set({ syncState: 'PENDING' }).where(eq(calendarEvents.id, row!.id));
      return row!;
    }

    it('two jobs for one event push it once (the lease)', async () => {
      const event = await pendingSeededEvent();
      const { provider, calls } = slowProvider();
      const deps = { db: t.db(), provider, maxAttempts: 3 };
      await Promise.all([syncCalendarEvent(deps, event.id), syncCalendarEvent(deps, event.id)]);
      expect(calls).toEqual([`create ${event.startsAt.toISOString()}`]);
      const [after] = await t.db().select().from(calendarEvents).where(eq(calendarEvents.id, event.id));
      expect(after).toMatchObject({ syncState: 'SYNCED', externalId: 'scripted-1', syncLeaseUntil: null });
    });

    it('a change made during the push is pushed too before the event counts as SYNCED', async () => {
      const event = await pendingSeededEvent();
      // Years past anything the seed books: a week later could meet another seeded event (the 23P01 of the
      // exclusion constraint), depending on the day the suite runs and on which event the engine returns first.
      const later = new Date(event.startsAt.getTime() + 3 * 365 * 86_400_000);
      const { provider, calls } = slowProvider(async () => {
        await t
          .db()
          .update(calendarEvents)
          .set({ startsAt: later, endsAt: new Date(later.getTime() + 30 * 60_000), updatedAt: new Date() })
          .where(eq(calendarEvents.id, event.id));
      });
      await syncCalendarEvent({ db: t.db(), provider, maxAttempts: 3 }, event.id);
      expect(calls).toEqual([`create ${event.startsAt.toISOString()}`, `update scripted-1 ${later.toISOString()}`]);
      const [after] = await t.db().select().from(calendarEvents).where(eq(calendarEvents.id, event.id));
      expect(after).toMatchObject({ syncState: 'SYNCED', externalId: 'scripted-1' });
    });
  });
});
