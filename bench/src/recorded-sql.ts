import { createHash } from 'node:crypto';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { Logger } from 'drizzle-orm';
import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';

/** One statement as the driver received it: Drizzle's text and the values bound to it. */
export interface RecordedStatement {
  text: string;
  params: unknown[];
  /** Read through a cursor, a chunk at a time (an export), not in one answer. */
  cursor?: boolean;
}

type StatementRecorder = (call: () => Promise<unknown>) => Promise<RecordedStatement[]>;

/**
 * Records the statements a service call sends, through Drizzle's query logger, and the raw ones it sends
 * through `database.query` and `database.cursor` (a cursor's statement is recorded once, as the query it
 * reads; `cursor: true` marks it). Drizzle hands its session's logger to each query as it is prepared, and a
 * named statement is prepared once (platform/db/prepared.ts), so this must be installed before the first
 * service call on `database`.
 */
export function installStatementRecorder(database: Database): StatementRecorder {
  const session = (database.db as unknown as { session: { logger: Logger } }).session;
  let recording: RecordedStatement[] | undefined;
  session.logger = { logQuery: (text, params) => recording?.push({ text, params }) };
  const query = database.query.bind(database);
  database.query = (async (text: string, params: unknown[] = []) => {
    recording?.push({ text, params });
    return query(text, params);
  }) as Database['query'];
  const cursor = database.cursor;
  database.cursor = (text, params, chunkRows) => {
    recording?.push({ text, params, cursor: true });
    return cursor(text, params, chunkRows);
  };
  return async (call) => {
    recording = [];
    try {
      await call();
      return recording;
    } finally {
      recording = undefined;
    }
  };
}

interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

/**
 * Sends recorded statements straight to the driver, one after another: no Drizzle building or mapping, no
 * service code. On PostgreSQL each text is a named statement, so its plan is reused where PostgreSQL keeps
 * one; PGlite has no plan reuse (it runs every statement as the product does there).
 */
export function replayer(database: Database): (statements: RecordedStatement[]) => Promise<void> {
  if (database.kind === 'pglite') {
    return async (statements) => {
      for (const { text, params } of statements) await database.query(text, params);
    };
  }
  const pool = (database.db as unknown as { $client: PgPool }).$client;
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `bare_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
    return name;
  };
  return async (statements) => {
    for (const { text, params } of statements) await pool.query({ name: nameOf(text), text, values: params });
  };
}

const FLOOR_WARM_UP = 20;
const FLOOR_ITERATIONS = 300;
/** How many of a route's inputs have their statements recorded for the replay. */
const RECORDED_INPUTS = 200;

export interface ServiceFloor {
  route: string;
  /** What one request runs below HTTP: the service with its queries, on one connection. */
  statements: string;
  total: Summary;
  /** The limit: the same inputs' recorded statements sent straight to the driver, one after another. */
  bareSql: Summary;
  /** Statements per request, averaged over the inputs. */
  statementsPerRequest: number;
  /** The statements each input sent, for the bare SQL replayed beside the route's HTTP load (not in the report). */
  recorded: RecordedStatement[][];
}

/** A route's own service call for its i-th input (inputs taken in turn), as the route makes it. */
export type FloorCall = [route: string, statements: string, call: (i: number) => Promise<unknown>];

async function timeRepeatedly(call: (i: number) => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < FLOOR_WARM_UP + FLOOR_ITERATIONS; i++) {
    const started = performance.now();
    await call(i);
    if (i >= FLOOR_WARM_UP) samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/**
 * The floor under each route (DESIGN §6): its service call straight on the database, with no HTTP, token
 * check, validation or serialization; and under that the limit, the statements the call sent, replayed on
 * the driver. Call before any other service call on `database` (installStatementRecorder).
 */
export async function measureServiceFloors(database: Database, floors: FloorCall[]): Promise<ServiceFloor[]> {
  const record = installStatementRecorder(database);
  const replay = replayer(database);
  const results: ServiceFloor[] = [];
  for (const [route, statements, call] of floors) {
    const total = await timeRepeatedly(call);
    const recorded: RecordedStatement[][] = [];
    for (let i = 0; i < RECORDED_INPUTS; i++) recorded.push(await record(() => call(i)));
    const bareSql = await timeRepeatedly((i) => replay(recorded[i % recorded.length]!));
    const statementsPerRequest = recorded.reduce((sum, r) => sum + r.length, 0) / recorded.length;
    results.push({ route, statements, total, bareSql, statementsPerRequest: round(statementsPerRequest, 2), recorded });
  }
  return results;
}

export interface ReplayOptions {
  /**
   * Send each statement as the route's Drizzle query sends it (an unnamed statement, planned for its values
   * each time) rather than as a named one. A named statement's generic plan, which PostgreSQL may switch to
   * after five runs, can be far slower than the product's for a report whose bounds are values.
   */
  asSent?: boolean;
  /** The route sends a request's statements at once (Promise.all), so the replay does too. */
  parallel?: boolean;
}

/** Replays statements as unnamed ones on the pool, one after another or all at once. */
function asSentReplayer(database: Database, parallel: boolean): (statements: RecordedStatement[]) => Promise<void> {
  if (database.kind === 'pglite') return replayer(database);
  const pool = (database.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } })
    .$client;
  return async (statements) => {
    if (parallel) await Promise.all(statements.map(({ text, params }) => pool.query(text, params)));
    else for (const { text, params } of statements) await pool.query(text, params);
  };
}

/** Bare SQL under load: recorded statements replayed by as many connections as the route was loaded with. */
export interface BareSqlLoad {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latency: Summary;
}

/**
 * The route's bare SQL at the route's own concurrency (DESIGN §6): `connections` workers, each on its own
 * pool connection, replay the recorded requests in turn (one shared cursor, as autocannon rotates bodies)
 * for a warm-up and then `durationSeconds`, closed loop like the HTTP load. `database` needs a pool of at
 * least `connections`.
 */
export async function replayUnderLoad(
  database: Database,
  recorded: RecordedStatement[][],
  connections: number,
  durationSeconds: number,
  warmUpSeconds: number,
  options: ReplayOptions = {},
): Promise<BareSqlLoad> {
  const replay = options.asSent ? asSentReplayer(database, options.parallel ?? false) : replayer(database);
  const latencies: number[] = [];
  let completed = 0;
  let next = 0;
  const start = performance.now();
  const measureFrom = start + warmUpSeconds * 1000;
  const measureUntil = measureFrom + durationSeconds * 1000;
  const worker = async () => {
    while (performance.now() < measureUntil) {
      const statements = recorded[next++ % recorded.length]!;
      const sent = performance.now();
      await replay(statements);
      const done = performance.now();
      if (done < measureFrom || done > measureUntil) continue;
      completed++;
      if (sent >= measureFrom) latencies.push(done - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return {
    connections,
    durationSeconds,
    requestsPerSecond: round(completed / durationSeconds, 1),
    latency: summarize(latencies),
  };
}
