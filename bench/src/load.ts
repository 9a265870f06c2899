import type { Instance, Options, RequestParams, Result } from 'autocannon';
import autocannon from 'autocannon';
import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';
import type { CpuClock } from './process-cpu.ts';
import { measuredCpu, ownCpuClock, processCpuClock } from './process-cpu.ts';

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
  /** 2xx response times in ms of requests sent after the warm-up, every one kept (autocannon's table has no p95). */
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
  /** autocannon's own figures over the whole run, warm-up included, to cross-check ours. */
  autocannonWholeRun: {
    requestsPerSecond: number;
    p50: number;
    p99: number;
    max: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
}

let current: Instance | undefined;

/** The server's and the load generator's CPU ms per request; NaN when the run never started. */
function cpuPerRequest(cpu: ReturnType<typeof measuredCpu> | undefined, completed: number) {
  const [server, loadGenerator] = cpu?.perRequest(completed) ?? [Number.NaN, Number.NaN];
  return { server: server!, loadGenerator: loadGenerator! };
}

/** `app;dur=12.3` → 12.3; NaN when the header is missing. */
function serverDuration(header: string | undefined): number {
  const match = /(?:^|,)\s*app;dur=([\d.]+)/.exec(header ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

/** One shared cursor over the bodies and paths, so every connection sends the next one. */
function rotating(target: RouteTarget): (request: RequestParams) => RequestParams {
  let next = 0;
  return (request) => {
    const body = target.bodies?.length ? target.bodies[next % target.bodies.length]! : target.body;
    const path = target.paths?.length ? target.paths[next % target.paths.length]! : request.path;
    next += 1;
    return { ...request, path, ...(body ? { body } : {}) };
  };
}

/** Ctrl-C: end the running load now instead of after its full duration. */
export function stopLoad(): void {
  current?.stop();
}

/**
 * One autocannon run of warm-up + measurement over the same connections, keeping only what happens after
 * the warm-up. Two separate runs would open fresh connections for the measurement, and on a saturated
 * server the first request of a new connection can wait seconds (seen here: up to 2 s) — a ramp-up
 * artefact that would land in p99 instead of the steady state the budget is about.
 */
export async function loadRoute(
  baseUrl: string,
  target: RouteTarget,
  token: string,
  connections: number,
  duration: number,
  serverPid?: number,
): Promise<LoadResult> {
  const headers = {
    authorization: `Bearer ${token}`,
    ...(target.body || target.bodies ? { 'content-type': 'application/json' } : {}),
  };
  const options: Options = {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    connections,
    duration: WARM_UP_SECONDS + duration,
    title: target.name,
    headers,
    ...(target.body ? { body: target.body } : {}),
    // A request entry of its own does not inherit the headers above, so it names them again.
    requests: [
      {
        method: target.method,
        headers,
        ...(target.bodies?.length || target.paths?.length ? { setupRequest: rotating(target) } : {}),
        onResponse: (_status, _body, _context, responseHeaders) => {
          lastServerMs = serverDuration(responseHeaders['server-timing']);
        },
      },
    ],
  };

  const latencies: number[] = [];
  const serverTimes: number[] = [];
  // Set by onResponse just before the same response's 'response' event.
  let lastServerMs = Number.NaN;
  const statusCodes: Record<string, number> = {};
  let completed = 0;
  let errors = 0;
  let measureFrom = Number.POSITIVE_INFINITY;
  let measureUntil = Number.POSITIVE_INFINITY;

  const serverClock: CpuClock = serverPid === undefined ? () => Number.NaN : processCpuClock(serverPid);
  let cpu: ReturnType<typeof measuredCpu> | undefined;
  const instance = autocannon(options);
  current = instance;
  instance.on('start', () => {
    measureFrom = performance.now() + WARM_UP_SECONDS * 1000;
    measureUntil = measureFrom + duration * 1000;
    cpu = measuredCpu([serverClock, ownCpuClock], WARM_UP_SECONDS, duration);
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    const now = performance.now();
    // Throughput counts completions inside the window; latency only requests that were also sent inside it.
    if (now < measureFrom || now > measureUntil) return;
    completed++;
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300 && now - ms >= measureFrom) {
      latencies.push(ms);
      if (!Number.isNaN(lastServerMs)) serverTimes.push(lastServerMs);
    }
    lastServerMs = Number.NaN;
  });
  instance.on('reqError', () => {
    const now = performance.now();
    if (now >= measureFrom && now <= measureUntil) errors++;
  });
  let result: Result;
  try {
    result = await new Promise<Result>((resolve, reject) => instance.then(resolve, reject));
  } finally {
    current = undefined;
    cpu?.close();
  }

  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    route: target.name,
    connections,
    durationSeconds: duration,
    requestsPerSecond: round(completed / duration, 1),
    latency: summarize(latencies),
    serverTime: summarize(serverTimes),
    completed,
    cpuMsPerRequest: cpuPerRequest(cpu, completed),
    errors,
    non2xx,
    statusCodes,
    autocannonWholeRun: {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    },
  };
}
