import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-app.ts';
import type { Database } from './database.ts';
import type { MaintenanceLog } from './embedded-maintenance.ts';
import { maintainTables, readTableActivity, startEmbeddedMaintenance } from './embedded-maintenance.ts';

let database: Database;
let dispose: () => Promise<void>;

// autovacuum off for this table: on a PostgreSQL server its own autovacuum must not get there first.
const CHURN = `create table maintenance_churn (id int primary key, v text) with (autovacuum_enabled = false);
  insert into maintenance_churn select g, 'x' || g from generate_series(1, 5000) g;
  update maintenance_churn set v = 'y' where id <= 1500;
  delete from maintenance_churn where id > 4500`;
const TABLE = 'public.maintenance_churn';

interface TableStats {
  dead: number;
  vacuumed: boolean;
  analyzed: boolean;
}

async function statsOf(table: string): Promise<TableStats> {
  const [row] = await database.query<{ dead: string; vacuumed: boolean; analyzed: boolean }>(
    `select n_dead_tup as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
     from pg_stat_user_tables where relid = $1::regclass`,
    [table],
  );
  return { dead: Number(row!.dead), vacuumed: row!.vacuumed, analyzed: row!.analyzed };
}

/** The engine publishes a transaction's counts a moment after it ends (up to a second when idle). */
async function activityShows(table: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const activity = (await readTableActivity(database)).find((t) => t.table === table);
    if (activity && activity.modifiedSinceAnalyze > 0) return;
    if (Date.now() > deadline) throw new Error(`no activity recorded for ${table}`);
    await sleep(200);
  }
}

function recordingLog(): { log: MaintenanceLog; logged: string[] } {
  const logged: string[] = [];
  const keep = (_details: object, message: string) => logged.push(message);
  return { log: { info: keep, error: keep }, logged };
}

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose?.();
});

describe('embedded database maintenance (autovacuum where the engine has none)', () => {
  it('vacuums and analyzes a table past the thresholds, then leaves it alone', async () => {
    for (const statement of CHURN.split(';')) await database.query(statement);
    await activityShows(TABLE);
    expect(await statsOf(TABLE)).toMatchObject({ vacuumed: false, analyzed: false });

    const done = await maintainTables(database);
    expect(done.find((d) => d.table === TABLE)).toMatchObject({ upkeep: 'vacuum analyze' });
    expect(await statsOf(TABLE)).toEqual({ dead: 0, vacuumed: true, analyzed: true });

    const again = await maintainTables(database);
    expect(again.map((d) => d.table)).not.toContain(TABLE);
  });

  it('runs its passes by itself on PGlite and does nothing on a PostgreSQL server (its own autovacuum does)', async () => {
    await database.query(`update maintenance_churn set v = 'z' where id <= 1500`);
    await activityShows(TABLE);
    const { log, logged } = recordingLog();
    const maintenance = startEmbeddedMaintenance(database, 100, log);
    await sleep(1500);
    await maintenance.stop();
    if (database.kind === 'pglite') expect(logged).toContain(`embedded database: vacuum analyze ${TABLE}`);
    else expect(logged).toEqual([]);
  });

  it('never starts with an interval of 0', async () => {
    const { log, logged } = recordingLog();
    const maintenance = startEmbeddedMaintenance(database, 0, log);
    await sleep(300);
    await maintenance.stop();
    expect(logged).toEqual([]);
  });
});
