import { setTimeout as sleep } from 'node:timers/promises';
import type { CalendarEventWrite, CalendarOwner, CalendarProvider, ProviderEvent } from './calendar-provider.ts';
import { CalendarProviderError } from './calendar-provider.ts';
import type { GraphEvent } from './graph-event-mapping.ts';
import { fromGraphEvent, toGraphEventBody } from './graph-event-mapping.ts';
import { GraphTokenError, graphTokenSource } from '../../../platform/providers/graph/graph-token.ts';
import { retryAfterSeconds } from '../../../platform/providers/graph/retry-after.ts';

export const DEFAULT_GRAPH_BASE_URL = 'https://graph.microsoft.com/v1.0';

export interface GraphProviderOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://graph.microsoft.com/v1.0 (national clouds and tests give their own). */
  baseUrl?: string;
  /** Default https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token. */
  tokenUrl?: string;
  /** Node's global fetch unless given; tests pass one that answers with recorded Graph responses. */
  fetch?: typeof fetch;
  now?: () => number;
  /** Waits before a throttled read is tried again; tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** A read throttled or refused by an outage is tried again this often, when Graph says when (Retry-After). */
  readRetries?: number;
  timeoutMs?: number;
}

/** Graph's own page size for calendarView is 10; fewer round trips for a busy week. */
const PAGE_SIZE = 100;
/** A read waits inline at most this long for Retry-After; longer waits fail the read instead. */
const MAX_INLINE_WAIT_SECONDS = 10;
const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const SELECT = [
  'subject',
  'bodyPreview',
  'body',
  'start',
  'end',
  'location',
  'attendees',
  'organizer',
  'isCancelled',
  'showAs',
  'sensitivity',
];

/**
 * Microsoft Graph calendar adapter (DESIGN §1): events of the attorney's mailbox (`/users/{address}`), with
 * an application token (client credentials, permission Calendars.ReadWrite). Reads go through calendarView,
 * which expands recurring meetings into occurrences; times travel in UTC both ways.
 */
export function graphCalendarProvider(options: GraphProviderOptions): CalendarProvider {
  const baseUrl = (options.baseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const wait = options.sleep ?? ((ms: number) => sleep(ms));
  const readRetries = options.readRetries ?? 2;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = graphTokenSource({
    tenantId: options.tenantId,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    tokenUrl: options.tokenUrl,
    scope: `${new URL(baseUrl).origin}/.default`,
    fetch: doFetch,
    now: options.now ?? Date.now,
  });

  /** The shared token source's refusals, classified as before: the sync job retries only transient ones. */
  async function calendarToken(): Promise<string> {
    try {
      return await tokens.token();
    } catch (error) {
      if (!(error instanceof GraphTokenError)) throw error;
      throw new CalendarProviderError(error.message, error.status, error.code, error.transient);
    }
  }

  const mailbox = (owner: CalendarOwner) => `${baseUrl}/users/${encodeURIComponent(owner.email)}`;

  /** One call with the bearer token; a 401 fetches a new token once. Resolves to the response (2xx or 404). */
  async function call(url: string, init: { method: string; headers?: Record<string, string>; body?: unknown }) {
    for (let attempt = 0; ; attempt++) {
      const token = await calendarToken();
      let response: Response;
      try {
        response = await doFetch(url, {
          method: init.method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new CalendarProviderError(`Graph unreachable: ${(error as Error).message}`, 0, 'network', true);
      }
      if (response.status === 401 && attempt === 0) {
        tokens.invalidate();
        await response.body?.cancel();
        continue;
      }
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const canWait = init.method === 'GET' && attempt < readRetries && TRANSIENT_STATUSES.has(response.status);
      if (canWait && retryAfter !== null && retryAfter <= MAX_INLINE_WAIT_SECONDS) {
        await response.body?.cancel();
        await wait(retryAfter * 1000);
        continue;
      }
      if (response.ok || response.status === 404) return response;
      throw await graphError(response, retryAfter);
    }
  }

  async function listEvents(owner: CalendarOwner, start: Date, end: Date): Promise<ProviderEvent[]> {
    const first = new URL(`${mailbox(owner)}/calendarView`);
    first.searchParams.set('startDateTime', start.toISOString());
    first.searchParams.set('endDateTime', end.toISOString());
    first.searchParams.set('$select', SELECT.join(','));
    first.searchParams.set('$orderby', 'start/dateTime');
    first.searchParams.set('$top', String(PAGE_SIZE));
    const events: ProviderEvent[] = [];
    let next: string | undefined = first.toString();
    while (next) {
      const response = await call(next, {
        method: 'GET',
        // UTC wall times, and bodies as text (eventNotes) rather than HTML.
        headers: { prefer: 'outlook.timezone="UTC", outlook.body-content-type="text"' },
      });
      if (response.status === 404) throw await graphError(response, null);
      const page = (await response.json()) as { value: GraphEvent[]; '@odata.nextLink'?: string };
      for (const event of page.value) if (!event.isCancelled) events.push(fromGraphEvent(event));
      next = page['@odata.nextLink'];
      // The token goes only to Graph: a next link elsewhere is not followed.
      if (next && new URL(next).origin !== first.origin) {
        throw new CalendarProviderError('Graph next link points elsewhere', 502, 'nextLink', false);
      }
    }
    return events;
  }

  return {
    name: 'graph',
    listEvents,

    async createEvent(owner, event) {
      const response = await call(`${mailbox(owner)}/events`, {
        method: 'POST',
        headers: { prefer: 'outlook.timezone="UTC"' },
        body: { ...toGraphEventBody(event), transactionId: event.id },
      });
      if (response.status === 404) throw await graphError(response, null);
      const created = (await response.json()) as { id?: string };
      if (!created.id) throw new CalendarProviderError('Graph created an event without an id', 502, null, true);
      return created.id;
    },

    async updateEvent(owner, externalId, event: CalendarEventWrite) {
      const response = await call(`${mailbox(owner)}/events/${encodeURIComponent(externalId)}`, {
        method: 'PATCH',
        headers: { prefer: 'outlook.timezone="UTC"' },
        body: toGraphEventBody(event),
      });
      if (response.status === 404) throw await graphError(response, null);
      await response.body?.cancel();
    },

    async cancelEvent(owner, externalId) {
      const response = await call(`${mailbox(owner)}/events/${encodeURIComponent(externalId)}`, {
        method: 'DELETE',
      });
      // 204, or 404 when someone deleted it in Outlook already: either way it is gone.
      await response.body?.cancel();
    },
  };
}

/** Graph's error body `{ error: { code, message } }` as our error; only status and code, never contents. */
async function graphError(response: Response, retryAfter: number | null): Promise<CalendarProviderError> {
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
  const code = body.error?.code ?? null;
  return new CalendarProviderError(
    `Graph answered ${response.status}${code ? ` ${code}` : ''}`,
    response.status,
    code,
    TRANSIENT_STATUSES.has(response.status),
    retryAfter,
  );
}
