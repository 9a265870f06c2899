import { setTimeout as sleep } from 'node:timers/promises';
import { GraphTokenError, graphTokenSource } from '../../platform/providers/graph/graph-token.ts';
import { retryAfterSeconds } from '../../platform/providers/graph/retry-after.ts';
import type { GraphUser } from './graph-directory-mapping.ts';
import { GRAPH_USER_SELECT } from './graph-directory-mapping.ts';

export interface GraphDirectoryOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://graph.microsoft.com/v1.0 (national clouds and tests give their own). */
  baseUrl: string;
  /** Default https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token. */
  tokenUrl?: string;
  fetch?: typeof fetch;
  /** Waits before a throttled read is tried again. */
  sleep?: (ms: number) => Promise<void>;
  /** A page throttled or refused by an outage is read again this often, when Graph says when (Retry-After). */
  retries?: number;
  timeoutMs?: number;
}

/**
 * Graph refused a directory read or could not be reached: status and code only, never a message body. 410 on a
 * delta link means Graph no longer knows it; the sync then starts over with a full read.
 */
export class GraphDirectoryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly transient: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'GraphDirectoryError';
  }
}

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A page waits inline at most this long for Retry-After; a longer wait fails this run (the next one resumes). */
const MAX_INLINE_WAIT_SECONDS = 30;

interface DeltaPage {
  value: GraphUser[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/**
 * Microsoft Graph users through `GET /users/delta` with an application token (client credentials, application
 * permission User.Read.All). A round starts from the stored delta link, or from scratch, and follows
 * @odata.nextLink page by page until Graph gives the next @odata.deltaLink.
 */
export function graphDirectoryClient(options: GraphDirectoryOptions) {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const origin = new URL(baseUrl).origin;
  const doFetch = options.fetch ?? fetch;
  const wait = options.sleep ?? ((ms: number) => sleep(ms));
  const retries = options.retries ?? 3;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const tokens = graphTokenSource({
    tenantId: options.tenantId,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    tokenUrl: options.tokenUrl,
    scope: `${origin}/.default`,
    fetch: doFetch,
    now: Date.now,
  });

  async function token(): Promise<string> {
    try {
      return await tokens.token();
    } catch (error) {
      if (!(error instanceof GraphTokenError)) throw error;
      throw new GraphDirectoryError(error.message, error.status, error.code, error.transient);
    }
  }

  async function readPage(url: string): Promise<DeltaPage> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof GraphDirectoryError) throw error;
        throw new GraphDirectoryError(`Graph unreachable: ${(error as Error).message}`, 0, 'network', true);
      }
      if (response.status === 401 && attempt === 0) {
        tokens.invalidate();
        await response.body?.cancel();
        continue;
      }
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const canWait = attempt < retries && TRANSIENT_STATUSES.has(response.status);
      if (canWait && retryAfter !== null && retryAfter <= MAX_INLINE_WAIT_SECONDS) {
        await response.body?.cancel();
        await wait(retryAfter * 1000);
        continue;
      }
      if (!response.ok) throw await graphError(response, retryAfter);
      return (await response.json()) as DeltaPage;
    }
  }

  /** The token goes only to Graph: a link elsewhere is neither followed nor stored. */
  const ownLink = (link: string): boolean => {
    try {
      return new URL(link).origin === origin;
    } catch {
      return false;
    }
  };

  return {
    /** Where a full round starts. */
    firstLink(): string {
      const url = new URL(`${baseUrl}/users/delta`);
      url.searchParams.set('$select', GRAPH_USER_SELECT.join(','));
      return url.toString();
    },

    ownLink,

    /**
     * Reads one round from `startLink` (a stored delta link, or firstLink()), handing each page to `onPage`
     * before reading the next; resolves to the delta link the next round starts from.
     */
    async readRound(startLink: string, onPage: (users: GraphUser[]) => Promise<void>): Promise<string> {
      let link = startLink;
      for (;;) {
        const page = await readPage(link);
        await onPage(page.value ?? []);
        const next = page['@odata.nextLink'];
        const delta = page['@odata.deltaLink'];
        if (next) {
          if (!ownLink(next)) throw new GraphDirectoryError('Graph next link points elsewhere', 502, 'nextLink', false);
          link = next;
        } else if (delta) {
          if (!ownLink(delta)) {
            throw new GraphDirectoryError('Graph delta link points elsewhere', 502, 'deltaLink', false);
          }
          return delta;
        } else {
          throw new GraphDirectoryError('Graph ended a delta round without a delta link', 502, 'deltaLink', true);
        }
      }
    },
  };
}

export type GraphDirectoryClient = ReturnType<typeof graphDirectoryClient>;

async function graphError(response: Response, retryAfter: number | null): Promise<GraphDirectoryError> {
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
  const code = body.error?.code ?? null;
  return new GraphDirectoryError(
    `Graph answered ${response.status}${code ? ` ${code}` : ''}`,
    response.status,
    code,
    TRANSIENT_STATUSES.has(response.status),
    retryAfter,
  );
}
