import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CalendarOwner } from './calendar-provider.ts';
import { CalendarProviderError } from './calendar-provider.ts';
import { retryAfterSeconds } from '../../../platform/providers/graph/retry-after.ts';
import { graphCalendarProvider } from './graph-calendar-provider.ts';
import { fromGraphEvent } from './graph-event-mapping.ts';

/**
 * DESIGN §5: the adapter runs as in production; only Graph's HTTP is recorded. The injected fetch answers with
 * Microsoft's recorded responses (fixtures/) and keeps every request, so these tests see exactly what would go
 * on the wire: URL, query, headers and body.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));
const recorded = (name: string) => {
  const { status, headers, body } = fixture(name) as { status: number; headers: Record<string, string>; body: object };
  return () => new Response(JSON.stringify(body), { status, headers });
};
const json =
  (name: string, status = 200) =>
  () =>
    new Response(JSON.stringify(fixture(name)), { status, headers: { 'content-type': 'application/json' } });

interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Answers in order: each request takes the next answer. */
function graphStub(answers: (() => Response)[]) {
  const requests: Recorded[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    requests.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${init?.method} ${String(input)}`);
    return answer();
  };
  return { fetch: fetchStub, requests };
}

const TOKEN = fixture('token.json').access_token as string;
const owner: CalendarOwner = { attorneyId: 'a1', email: 'avery.attorney@casedesk.example', name: 'Avery Attorney' };
const MAILBOX = 'https://graph.microsoft.com/v1.0/users/avery.attorney%40casedesk.example';
const event = {
  id: '7d4c1c9e-2f3b-4e55-9a8e-0c6f1d2b3a44',
  subject: 'Consultation',
  notes: 'Car accident, rear-ended on I-10',
  location: 'Los Angeles office',
  startsAt: new Date('2026-03-10T17:00:00Z'),
  endsAt: new Date('2026-03-10T17:30:00Z'),
};

function adapter(answers: (() => Response)[], extra: { now?: () => number } = {}) {
  const stub = graphStub(answers);
  const waits: number[] = [];
  const provider = graphCalendarProvider({
    tenantId: 'contoso-tenant',
    clientId: 'casedesk-app',
    clientSecret: 'fixture-secret',
    fetch: stub.fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { provider, requests: stub.requests, waits };
}

describe('Graph adapter: token', () => {
  it('asks the tenant’s v2 endpoint for a client-credentials token for Graph', async () => {
    const { provider, requests } = adapter([json('token.json'), json('event-created.json', 201)]);
    await provider.createEvent(owner, event);
    const [token] = requests;
    expect(token!.method).toBe('POST');
    expect(token!.url.toString()).toBe('https://login.microsoftonline.com/contoso-tenant/oauth2/v2.0/token');
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      client_id: 'casedesk-app',
      client_secret: 'fixture-secret',
      scope: 'https://graph.microsoft.com/.default',
      grant_type: 'client_credentials',
    });
  });

  it('reuses the token until a minute before it expires, then fetches a new one', async () => {
    let now = Date.parse('2026-03-02T18:00:00Z');
    const { provider, requests } = adapter(
      [
        json('token.json'),
        json('event-created.json', 201),
        json('event-created.json', 201),
        json('token.json'),
        json('event-created.json', 201),
      ],
      { now: () => now },
    );
    await provider.createEvent(owner, event);
    now += 3_500_000; // 58 min 20 s: still inside the 3599 s lifetime less the minute
    await provider.createEvent(owner, event);
    now += 60_000;
    await provider.createEvent(owner, event);
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/contoso-tenant/oauth2/v2.0/token',
      '/v1.0/users/avery.attorney%40casedesk.example/events',
      '/v1.0/users/avery.attorney%40casedesk.example/events',
      '/contoso-tenant/oauth2/v2.0/token',
      '/v1.0/users/avery.attorney%40casedesk.example/events',
    ]);
  });

  it('a refused token is a permanent error (a person must fix the credentials)', async () => {
    const refused = () =>
      new Response(
        JSON.stringify({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret' }),
        {
          status: 401,
        },
      );
    const { provider } = adapter([refused]);
    await expect(provider.createEvent(owner, event)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
      transient: false,
    });
  });

  it('an outage of the token endpoint is a transient calendar error (the sync job retries it)', async () => {
    const { provider } = adapter([() => new Response('{}', { status: 503 })]);
    const failure = await provider.createEvent(owner, event).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CalendarProviderError);
    expect(failure).toMatchObject({ status: 503, transient: true });
  });

  it('an unreachable token endpoint is a transient calendar error', async () => {
    const { provider } = adapter([
      () => {
        throw new TypeError('fetch failed');
      },
    ]);
    const failure = await provider.createEvent(owner, event).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CalendarProviderError);
    expect(failure).toMatchObject({ status: 0, code: 'network', transient: true });
  });
});

describe('Graph adapter: calendarView', () => {
  const start = new Date('2026-03-09T07:00:00Z');
  const end = new Date('2026-03-14T07:00:00Z');

  it('reads the attorney’s calendarView in UTC and follows @odata.nextLink', async () => {
    const { provider, requests } = adapter([
      json('token.json'),
      json('calendar-view-page-1.json'),
      json('calendar-view-page-2.json'),
    ]);
    const events = await provider.listEvents(owner, start, end);

    const [, first, second] = requests;
    expect(first!.method).toBe('GET');
    expect(`${first!.url.origin}${first!.url.pathname}`).toBe(`${MAILBOX}/calendarView`);
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({
      startDateTime: '2026-03-09T07:00:00.000Z',
      endDateTime: '2026-03-14T07:00:00.000Z',
      $select: 'subject,bodyPreview,body,start,end,location,attendees,organizer,isCancelled,showAs,sensitivity',
      $orderby: 'start/dateTime',
      $top: '100',
    });
    expect(first!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      prefer: 'outlook.timezone="UTC", outlook.body-content-type="text"',
    });
    expect(second!.url.toString()).toBe(fixture('calendar-view-page-1.json')['@odata.nextLink']);
    expect(second!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(requests).toHaveLength(3);

    // The cancelled occurrence is left out; SPEC §3 shape, instants in UTC.
    expect(events).toEqual([
      {
        id: 'AAMkAGI2TGuLAAA=',
        eventTitle: 'Deposition prep - Ramirez v. Holt',
        eventDateTime: '2026-03-09T17:00:00.000Z',
        eventEndDateTime: '2026-03-09T18:30:00.000Z',
        eventNotes: 'Review exhibits 4-9 before Thursday.\r\nBring the binder.',
        organizer: 'Avery Attorney',
        subject: 'Deposition prep - Ramirez v. Holt',
        bodyPreview: 'Review exhibits 4-9 before Thursday.',
        location: { displayName: 'Conference Room 3' },
        attendees: [
          { emailAddress: { name: 'Morgan Paralegal' } },
          { emailAddress: { name: 'court.reporter@example.org' } },
        ],
        start: { formattedDateTime: '2026-03-09T17:00:00.000Z' },
        end: { formattedDateTime: '2026-03-09T18:30:00.000Z' },
        busy: true,
        private: false,
      },
      {
        id: 'AAMkAGI2TGuNAAA=',
        eventTitle: 'Mediation - Chen estate',
        eventDateTime: '2026-03-12T16:00:00.000Z',
        eventEndDateTime: '2026-03-12T23:00:00.000Z',
        eventNotes: 'Mediator: Hon. R. Alvarez (ret.)',
        organizer: 'Avery Attorney',
        subject: 'Mediation - Chen estate',
        bodyPreview: 'Mediator: Hon. R. Alvarez (ret.)',
        location: { displayName: 'JAMS Los Angeles, 555 W 5th St' },
        attendees: [],
        start: { formattedDateTime: '2026-03-12T16:00:00.000Z' },
        end: { formattedDateTime: '2026-03-12T23:00:00.000Z' },
        // Tentative still takes the time.
        busy: true,
        private: true,
      },
    ]);
  });

  it('waits out a 429 with Retry-After and reads again', async () => {
    const { provider, requests, waits } = adapter([
      json('token.json'),
      recorded('throttled-429.json'),
      json('calendar-view-page-2.json'),
    ]);
    const events = await provider.listEvents(owner, start, end);
    expect(waits).toEqual([3000]);
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/contoso-tenant/oauth2/v2.0/token',
      '/v1.0/users/avery.attorney%40casedesk.example/calendarView',
      '/v1.0/users/avery.attorney%40casedesk.example/calendarView',
    ]);
    expect(events.map((e) => e.id)).toEqual(['AAMkAGI2TGuNAAA=']);
  });

  it('a 503 without Retry-After fails the read as transient', async () => {
    const { provider, waits } = adapter([json('token.json'), recorded('unavailable-503.json')]);
    const failure = await provider.listEvents(owner, start, end).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CalendarProviderError);
    expect(failure).toMatchObject({ status: 503, code: 'ServiceUnavailable', transient: true });
    expect(waits).toEqual([]);
  });

  it('does not send the token to a next link outside Graph', async () => {
    const page = fixture('calendar-view-page-1.json');
    page['@odata.nextLink'] = 'https://attacker.example/v1.0/users/x/calendarView?$skip=100';
    const { provider, requests } = adapter([json('token.json'), () => new Response(JSON.stringify(page))]);
    await expect(provider.listEvents(owner, start, end)).rejects.toBeInstanceOf(CalendarProviderError);
    expect(requests.some((r) => r.url.hostname === 'attacker.example')).toBe(false);
  });
});

describe('Graph adapter: writes', () => {
  it('creates in the attorney’s mailbox with our id as transactionId and UTC times', async () => {
    const { provider, requests } = adapter([json('token.json'), json('event-created.json', 201)]);
    const externalId = await provider.createEvent(owner, event);
    expect(externalId).toBe('AAMkAGI2TGuOAAA=');
    const [, create] = requests;
    expect(create!.method).toBe('POST');
    expect(create!.url.toString()).toBe(`${MAILBOX}/events`);
    expect(create!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      prefer: 'outlook.timezone="UTC"',
    });
    expect(JSON.parse(create!.body!)).toEqual({
      subject: 'Consultation',
      body: { contentType: 'text', content: 'Car accident, rear-ended on I-10' },
      start: { dateTime: '2026-03-10T17:00:00.000', timeZone: 'UTC' },
      end: { dateTime: '2026-03-10T17:30:00.000', timeZone: 'UTC' },
      location: { displayName: 'Los Angeles office' },
      showAs: 'busy',
      transactionId: '7d4c1c9e-2f3b-4e55-9a8e-0c6f1d2b3a44',
    });
  });

  it('updates with PATCH and removes with DELETE on the event’s own URL', async () => {
    const { provider, requests } = adapter([
      json('token.json'),
      json('event-created.json'),
      () => new Response(null, { status: 204 }),
    ]);
    const moved = { ...event, startsAt: new Date('2026-03-11T18:00:00Z'), endsAt: new Date('2026-03-11T19:00:00Z') };
    await provider.updateEvent(owner, 'AAMkAGI2TGuOAAA=', moved);
    await provider.cancelEvent(owner, 'AAMkAGI2TGuOAAA=');
    const [, patch, remove] = requests;
    expect(patch!.method).toBe('PATCH');
    expect(patch!.url.toString()).toBe(`${MAILBOX}/events/AAMkAGI2TGuOAAA%3D`);
    expect(JSON.parse(patch!.body!)).toMatchObject({
      start: { dateTime: '2026-03-11T18:00:00.000', timeZone: 'UTC' },
      end: { dateTime: '2026-03-11T19:00:00.000', timeZone: 'UTC' },
    });
    expect(JSON.parse(patch!.body!)).not.toHaveProperty('transactionId');
    expect(remove!.method).toBe('DELETE');
    expect(remove!.url.toString()).toBe(`${MAILBOX}/events/AAMkAGI2TGuOAAA%3D`);
    expect(remove!.body).toBeUndefined();
  });

  it('an event already deleted in Outlook (404) counts as removed', async () => {
    const gone = () =>
      new Response(
        JSON.stringify({
          error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
        }),
        {
          status: 404,
        },
      );
    const { provider } = adapter([json('token.json'), gone]);
    await expect(provider.cancelEvent(owner, 'AAMkAGI2TGuOAAA=')).resolves.toBeUndefined();
  });

  it('writes do not wait inline: a 429 or 503 is a transient error with its Retry-After, for the job to retry', async () => {
    const { provider, waits } = adapter([
      json('token.json'),
      recorded('throttled-429.json'),
      recorded('unavailable-503.json'),
    ]);
    await expect(provider.createEvent(owner, event)).rejects.toMatchObject({
      status: 429,
      code: 'ApplicationThrottled',
      transient: true,
      retryAfterSeconds: 3,
    });
    await expect(provider.updateEvent(owner, 'AAMkAGI2TGuOAAA=', event)).rejects.toMatchObject({
      status: 503,
      transient: true,
      retryAfterSeconds: null,
    });
    expect(waits).toEqual([]);
  });

  it('a 400 is permanent; an unreachable Graph is transient', async () => {
    const bad = () =>
      new Response(JSON.stringify({ error: { code: 'ErrorInvalidRequest', message: 'Your request is invalid.' } }), {
        status: 400,
      });
    const down = () => {
      throw new TypeError('fetch failed');
    };
    const { provider } = adapter([json('token.json'), bad, down]);
    await expect(provider.createEvent(owner, event)).rejects.toMatchObject({ status: 400, transient: false });
    await expect(provider.createEvent(owner, event)).rejects.toMatchObject({ status: 0, transient: true });
  });

  it('a 401 from Graph fetches a new token once and repeats the call', async () => {
    const expired = () =>
      new Response(
        JSON.stringify({ error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } }),
        {
          status: 401,
        },
      );
    const { provider, requests } = adapter([
      json('token.json'),
      expired,
      json('token.json'),
      json('event-created.json', 201),
    ]);
    expect(await provider.createEvent(owner, event)).toBe('AAMkAGI2TGuOAAA=');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    expect(requests.filter((r) => r.url.pathname.endsWith('/token'))).toHaveLength(2);
  });
});

describe('Graph event mapping: busy time', () => {
  const event = (showAs?: string) =>
    fromGraphEvent({
      id: 'AAMk=',
      start: { dateTime: '2026-03-10T17:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2026-03-10T18:00:00.0000000', timeZone: 'UTC' },
      ...(showAs === undefined ? {} : { showAs }),
    });

  it('free and working elsewhere leave the time bookable; anything else, or nothing said, takes it', () => {
    expect(event('free').busy).toBe(false);
    expect(event('workingElsewhere').busy).toBe(false);
    for (const showAs of ['busy', 'tentative', 'oof', 'unknown', undefined]) expect(event(showAs).busy).toBe(true);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('2026-10-21T07:28:00Z'))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
