import { createHash } from 'node:crypto';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { openDatabase } from '@casedesk/server/src/platform/db/database.ts';
import type { Logger } from 'drizzle-orm';
import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';
import type { InProcessLoad } from './closed-loop.ts';
import { closedLoop } from './closed-loop.ts';

/** One statement as the driver received it: Drizzle's text and the values bound to it. */
export interface RecordedStatement {
  text: string;
  params: unknown[];
  /** Read through a cursor, a chunk at a time (an export), not in one answer. */
  cursor?: boolean;
}

export type StatementRecorder = (call: () => Promise<unknown>) => Promise<RecordedStatement[]>;

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

/** A connection of its own to record service calls on (openRecordingConnection). */
export interface RecordingConnection {
  database: Database;
  /** The statements a read sends. */
  record: StatementRecorder;
  /** The statements a write sends, in a transaction rolled back afterwards: the write is recorded, not made. */
  recordRolledBack: StatementRecorder;
  close(): Promise<void>;
}

/**
 * PostgreSQL: a pool of one connection with the statement recorder installed, so the `begin` and `rollback`
 * around a write's service call hold every statement it sends in that one transaction. A write route's
 * recording then takes no slot, key or row its load or a later route would meet.
 */
export async function openRecordingConnection(databaseUrl: string): Promise<RecordingConnection> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const record = installStatementRecorder(database);
  const recordRolledBack: StatementRecorder = async (call) => {
    await database.query('begin');
    try {
      return await record(call);
    } finally {
      await database.query('rollback');
    }
  };
  return { database, record, recordRolledBack, close: () => database.close() };
}

interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

/** One name per statement text, so PostgreSQL keeps each as a prepared statement on every connection. */
function statementNamer(): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `bare_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
    return name;
  };
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
  const nameOf = statementNamer();
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
  /** The service call, for its load at the route's concurrency beside the HTTP load (not in the report). */
  call: ServiceCall;
}

/** A route's own service call for its i-th input (inputs taken in turn) on `database`, as the route makes it. */
export type ServiceCall = (database: Database, i: number) => Promise<unknown>;
export type FloorCall = [route: string, statements: string, call: ServiceCall];

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
    const total = await timeRepeatedly((i) => call(database, i));
    const recorded: RecordedStatement[][] = [];
    for (let i = 0; i < RECORDED_INPUTS; i++) recorded.push(await record(() => call(database, i)));
    const bareSql = await timeRepeatedly((i) => replay(recorded[i % recorded.length]!));
    const statementsPerRequest = round(recorded.reduce((sum, r) => sum + r.length, 0) / recorded.length, 2);
    results.push({ route, statements, total, bareSql, statementsPerRequest, recorded, call });
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
  /**
   * The route writes (a booking): each request's statements run on one connection between `begin` and
   * `rollback`, so the same insert replays again and again without meeting its own key or time slot and
   * leaves no row for later routes to read. Two round trips more than the route sends, and no commit: a
   * rollback waits for no WAL flush, which the route's own commit does.
   */
  rolledBack?: boolean;
  /** The route commits a new row each time (a text), and the replay commits it too: see CommittedReplay. */
  committed?: CommittedReplay;
}

/**
 * A write replayed as the route sends it, each statement committed on its own as the route's are, so the bare
 * SQL waits for the same WAL flushes. The row's recorded key would meet itself from the second replay on, so
 * each replay sends the request's statements with fresh keys (`renew`); once the load is over, `settle` takes
 * away what it wrote that later routes or the server's jobs would meet.
 */
export interface CommittedReplay {
  renew(statements: RecordedStatement[]): RecordedStatement[];
  settle(database: Database): Promise<void>;
}

/**
 * The statements with a recorded key replaced by another wherever a text value holds it: as the value itself
 * (an `id` parameter) or inside one (an audit row's `after` JSON). The statement texts stay as recorded.
 */
export function withKeyReplaced(statements: RecordedStatement[], recorded: string, fresh: string): RecordedStatement[] {
  return statements.map((statement) => ({
    ...statement,
    params: statement.params.map((value) =>
      typeof value === 'string' && value.includes(recorded) ? value.replaceAll(recorded, fresh) : value,
    ),
  }));
}

interface PgPoolClient {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<unknown>;
  release(): void;
}

/** Each request's statements in a transaction of their own, rolled back (ReplayOptions.rolledBack). */
function rolledBackReplayer(database: Database, asSent: boolean): (statements: RecordedStatement[]) => Promise<void> {
  if (database.kind === 'pglite') return replayer(database);
  const pool = (database.db as unknown as { $client: { connect(): Promise<PgPoolClient> } }).$client;
  const nameOf = statementNamer();
  return async (statements) => {
    const client = await pool.connect();
    try {
      await client.query({ text: 'begin' });
      for (const { text, params } of statements) {
        await client.query(asSent ? { text, values: params } : { name: nameOf(text), text, values: params });
      }
    } finally {
      await client.query({ text: 'rollback' });
      client.release();
    }
  };
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
export type BareSqlLoad = InProcessLoad;

/**
 * The route's bare SQL at the route's own concurrency (DESIGN §6): `connections` workers, each on its own
 * pool connection, replay the recorded requests in turn (one shared cursor, as the HTTP load rotates bodies)
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
  const { committed } = options;
  if (committed) {
    const replay = replayer(database);
    try {
      return await closedLoop(connections, durationSeconds, warmUpSeconds, (i) =>
        replay(committed.renew(recorded[i % recorded.length]!)),
      );
    } finally {
      await committed.settle(database);
    }
  }
  const replay = options.rolledBack
    ? rolledBackReplayer(database, options.asSent ?? false)
    : options.asSent
      ? asSentReplayer(database, options.parallel ?? false)
      : replayer(database);
  return closedLoop(connections, durationSeconds, warmUpSeconds, (i) => replay(recorded[i % recorded.length]!));
}
