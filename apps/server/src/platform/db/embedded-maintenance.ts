import type { Database } from './database.ts';

/**
 * PGlite is PostgreSQL in one process, so autovacuum's launcher never runs: without this, a table that
 * grows after the seed keeps a stale visibility map (index-only counts, such as client search's, read the table
 * again) and stale statistics (the planner guesses row counts). This does autovacuum's work on the embedded engine,
 * with PostgreSQL's default thresholds. A PostgreSQL server runs its own autovacuum and is left to it.
 */
export interface TableActivity {
  /** schema.table, quoted for SQL. */
  table: string;
  /** pg_class.reltuples: rows at the last vacuum or analyze (0 when never counted). */
  rows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export type Upkeep = 'vacuum analyze' | 'analyze';

// PostgreSQL's defaults (autovacuum_vacuum_threshold / _scale_factor, the _insert_ pair, the analyze pair).
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_THRESHOLD = 1000;
const INSERT_VACUUM_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** What autovacuum would do to the table now, by its own formulas; undefined when nothing is due. */
export function upkeepDue(activity: TableActivity): Upkeep | undefined {
  const rows = Math.max(0, activity.rows);
  if (
    activity.deadRows > VACUUM_THRESHOLD + VACUUM_SCALE * rows ||
    activity.insertedSinceVacuum > INSERT_VACUUM_THRESHOLD + INSERT_VACUUM_SCALE * rows
  ) {
    return 'vacuum analyze';
  }
  if (activity.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * rows) return 'analyze';
  return undefined;
}

/** Every table's activity since its last vacuum and analyze (the statistics the engine keeps, as autovacuum reads them). */
export async function readTableActivity(database: Pick<Database, 'query'>): Promise<TableActivity[]> {
  const rows = await database.query<{
    table: string;
    rows: number;
    dead_rows: string;
    inserted: string;
    modified: string;
  }>(
    `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as table, c.reltuples::float8 as rows,
       s.n_dead_tup as dead_rows, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where c.relkind = 'r'
     order by s.schemaname, s.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    deadRows: Number(r.dead_rows),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
  }));
}

export interface UpkeepDone {
  table: string;
  upkeep: Upkeep;
  ms: number;
}

/**
 * One pass: each table that is due gets its vacuum or analyze, one statement at a time, so requests that
 * queued behind one (PGlite runs one statement at a time) go before the next.
 */
export async function maintainTables(database: Pick<Database, 'query'>): Promise<UpkeepDone[]> {
  const done: UpkeepDone[] = [];
  for (const activity of await readTableActivity(database)) {
    const upkeep = upkeepDue(activity);
    if (!upkeep) continue;
    const started = performance.now();
    await database.query(`${upkeep} ${activity.table}`);
    done.push({ table: activity.table, upkeep, ms: Math.round(performance.now() - started) });
  }
  return done;
}

export interface MaintenanceLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * On PGlite, a pass every `intervalMs` (0: never); on a PostgreSQL server, nothing: its autovacuum does this.
 */
export function startEmbeddedMaintenance(
  database: Database,
  intervalMs: number,
  log: MaintenanceLog,
): { stop(): Promise<void> } {
  if (database.kind !== 'pglite' || intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A long vacuum must not pile up passes behind it.
    if (running) return;
    running = maintainTables(database)
      .then((done) => {
        for (const { table, upkeep, ms } of done) log.info({ table, ms }, `embedded database: ${upkeep} ${table}`);
      })
      .catch((error: unknown) => log.error({ err: error }, 'embedded database maintenance failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // Maintenance alone must not keep the process alive.
  timer.unref();
  return {
    // Closing waits for a pass under way: the database closes right after.
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
