import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';
import { ownCpuClock, processCpuClock } from './process-cpu.ts';
import { runClosedLoop } from './closed-loop.ts';
import type { LeanResponse } from './http-connection.ts';
import { HttpConnection, request } from './http-connection.ts';

export const WARM_UP_SECONDS = 2;

export interface RouteTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Bodies sent in turn, one per request, so a search route is not measured on one cached keyword. */
  bodies?: string[];
  /** Paths sent in turn (a query parameter that varies, e.g. the phone number of a history page). */
  paths?: string[];
  /** The one body the check before the load sends, for a route whose bodies each work once (a booking). */
  probe?: string;
  /** Connections for this route when its budget names its own (else --connections). */
  connections?: number;
  /** Measured seconds at least this long (else --duration): a slow route needs them for a p95 of enough requests. */
  minDuration?: number;
  /** The seeded user who sends it, when not the administrator (a route whose answer depends on the role). */
  email?: string;
}

export interface LoadResult {
  route: string;
  connections: number;
  /** The measured window, after the warm-up. */
  durationSeconds: number;
  requestsPerSecond: number;
  /** 2xx response times in ms of requests sent after the warm-up, every one kept, for the percentiles. */
  latency: Summary;
  /**
   * The same responses' server time: what the server reports in Server-Timing (Fastify reading the request
   * to its response). It leaves out the wait in the socket's queue, the load generator and the network.
   */
  serverTime: Summary;
  completed: number;
  /**
   * CPU time per request completed in the measured window (ms): the server process's (its Node CPU per
   * request, read from /proc; NaN when no pid was given) and the load generator's (this process).
   */
  cpuMsPerRequest: { server: number; loadGenerator: number };
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** A request that has not been answered in this long counts as an error and its connection is replaced. */
const REQUEST_TIMEOUT_MS = 10_000;

let stopping: AbortController | undefined;

/** `app;dur=12.3` → 12.3; NaN when the header is missing. */
function serverDuration(header: string): number {
  const match = /(?:^|,)\s*app;dur=([\d.]+)/.exec(header);
  return match ? Number(match[1]) : Number.NaN;
}

/** The i-th request of the rotation: one shared cursor over the bodies and paths, as every connection sends the next. */
function requestBytes(target: RouteTarget, url: URL, token: string): (i: number) => Buffer {
  const headers = {
    authorization: `Bearer ${token}`,
    ...(target.body || target.bodies ? { 'content-type': 'application/json' } : {}),
  };
  const pick = (list: string[] | undefined, i: number) => (list?.length ? list[i % list.length] : undefined);
  const fixed =
    target.bodies?.length || target.paths?.length
      ? undefined
      : request(target.method, url.host, target.path, headers, target.body);
  return (i) =>
    fixed ??
    request(
      target.method,
      url.host,
      pick(target.paths, i) ?? target.path,
      headers,
      pick(target.bodies, i) ?? target.body,
    );
}

/** Ctrl-C: end the running load now instead of after its full duration. */
export function stopLoad(): void {
  stopping?.abort();
}

/**
 * One run of warm-up + measurement over the same connections, keeping only what happens after the warm-up.
 * Two separate runs would open fresh connections for the measurement, and on a saturated server the first
 * request of a new connection can wait seconds (seen here: up to 2 s) — a ramp-up artefact that would land in
 * p99 instead of the steady state the budget is about. Each connection sends its next request when its last
 * answer is in (closed loop), on a lean keep-alive connection (http-connection.ts says why not autocannon).
 */
export async function loadRoute(
  baseUrl: string,
  target: RouteTarget,
  token: string,
  connections: number,
  duration: number,
  serverPid?: number,
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const bytesOf = requestBytes(target, url, token);
  const open = Array.from({ length: connections }, () => new HttpConnection(url.hostname, port));
  const latencies: number[] = [];
  const serverTimes: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;

  /** One request on the worker's connection; a failure or a timeout counts as an error and reconnects. */
  const send = async (i: number, worker: number): Promise<LeanResponse | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Request timed out')), REQUEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([open[worker]!.send(bytesOf(i)), timeout]);
    } catch {
      open[worker]!.close();
      open[worker] = new HttpConnection(url.hostname, port);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };

  stopping = new AbortController();
  let loop;
  try {
    loop = await runClosedLoop({
      workers: connections,
      durationSeconds: duration,
      warmUpSeconds: WARM_UP_SECONDS,
      clocks: [serverPid === undefined ? () => Number.NaN : processCpuClock(serverPid), ownCpuClock],
      run: send,
      signal: stopping.signal,
      completed: (response, latency) => {
        if (!response) {
          errors++;
          return false;
        }
        statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
        if (response.status < 200 || response.status >= 300 || latency === undefined) return;
        latencies.push(latency);
        const serverMs = serverDuration(response.serverTiming);
        if (!Number.isNaN(serverMs)) serverTimes.push(serverMs);
      },
    });
  } finally {
    stopping = undefined;
    for (const connection of open) connection.close();
  }

  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const [server, loadGenerator] = loop.cpuMsPerRequest;
  return {
    route: target.name,
    connections,
    durationSeconds: duration,
    requestsPerSecond: round(loop.completed / duration, 1),
    latency: summarize(latencies),
    serverTime: summarize(serverTimes),
    completed: loop.completed,
    cpuMsPerRequest: { server: server!, loadGenerator: loadGenerator! },
    errors,
    non2xx,
    statusCodes,
  };
}
