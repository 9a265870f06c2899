import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { openDatabase } from '@casedesk/server/src/platform/db/database.ts';
import type { BenchArgs } from './args.ts';
import type { Cleanup } from './cleanup.ts';
import { ProgressLine } from './progress.ts';

const BENCH_DATABASE = 'casedesk_bench';
/** Scenarios whose data is kept in a database of their own, so that a kept one does not replace another's. */
const OWN_DATABASES: Partial<Record<BenchArgs['scenario'], string>> = {
  collections: 'casedesk_bench_coll',
  dashboards: 'casedesk_bench_dash',
  // A fresh run drops and creates its database: no other scenario may take the clients scenario's from under it
  // (the matching scenario reads that one: recipeOf).
  appointments: 'casedesk_bench_appt',
  communication: 'casedesk_bench_comm',
  platform: 'casedesk_bench_platform',
  admin: 'casedesk_bench_admin',
  accounting: 'casedesk_bench_acct',
  mail: 'casedesk_bench_mail',
};
/** Outside the product's schema: only --keep runs create it, in the bench's own database. */
const RECIPE_TABLE = 'bench_kept_recipe';

/** A fresh, empty store for one run, described as the environment the server and its seed read. */
export interface DataStore {
  kind: BenchArgs['database'];
  /** DATA_DIR or DATABASE_URL for the server's processes. */
  env: Record<string, string>;
  /** Opens the store in this process (PGlite: only while no server holds the directory). */
  open(): Promise<Database>;
  /** Where the data is, for the report; no credentials. */
  label: string;
  /** A database an earlier --keep run seeded with the same recipe: nothing to seed or add. */
  reused: boolean;
  /** --keep: records the recipe once seeding and additions are done, so a later run can reuse the data. */
  markSeeded(): Promise<void>;
}

/** What makes two runs' data the same: the scenario and every size the seed and its additions take. */
function recipeOf(args: BenchArgs): string {
  const { clients, messages, attorneys, events, users, calls, payments, trustEntries, accounts, appointments } = args;
  // The matching scenario reads the clients scenario's data (clients, and inquiries with opposing parties).
  const scenario = args.scenario === 'matching' ? 'clients' : args.scenario;
  return JSON.stringify({
    scenario,
    clients,
    messages,
    attorneys,
    events,
    ...(scenario === 'admin' ? { users, calls } : {}),
    ...(scenario === 'accounting' ? { payments, trustEntries } : {}),
    ...(scenario === 'collections' ? { accounts, payments } : {}),
    ...(scenario === 'dashboards' ? { users, calls, payments, appointments } : {}),
  });
}

export async function createDataStore(args: BenchArgs, cleanup: Cleanup): Promise<DataStore> {
  return args.database === 'postgres'
    ? createPostgresDatabase(
        args.postgresUrl,
        args.keep ? recipeOf(args) : undefined,
        cleanup,
        OWN_DATABASES[args.scenario] ?? BENCH_DATABASE,
      )
    : createPgliteDirectory(cleanup);
}

function createPgliteDirectory(cleanup: Cleanup): DataStore {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-bench-'));
  cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    // The server keeps PGlite in DATA_DIR/pglite (platform/db/open-configured.ts).
    open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    label: dataDir,
    reused: false,
    markSeeded: async () => {},
  };
}

/** One statement on a connection of its own, closed after it (the bench's administrative statements). */
export async function queryOnOwnConnection<T>(databaseUrl: string, sql: string): Promise<T[]> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    return await database.query<T>(sql);
  } finally {
    await database.close();
  }
}

/** The recipe a --keep run left in the bench database, or undefined when there is none. */
async function keptRecipe(benchUrl: string): Promise<string | undefined> {
  try {
    const [row] = await queryOnOwnConnection<{ recipe: string }>(
      benchUrl,
      `select recipe from ${RECIPE_TABLE} limit 1`,
    );
    return row?.recipe;
  } catch {
    return undefined; // no such database or table: nothing was kept
  }
}

/**
 * PostgreSQL: a fresh database per run, dropped afterwards; with --keep (recipe set) the database stays,
 * and one kept with the same recipe is reused as it is.
 */
async function createPostgresDatabase(
  serverUrl: string,
  recipe: string | undefined,
  cleanup: Cleanup,
  name: string,
): Promise<DataStore> {
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = `/${name}`;
  const reused = recipe !== undefined && (await keptRecipe(benchUrl.toString())) === recipe;
  if (!reused) {
    // A run that was killed hard may have left the database behind; FORCE ends its stray sessions.
    await queryOnOwnConnection(serverUrl, `drop database if exists ${name} with (force)`);
    await queryOnOwnConnection(serverUrl, `create database ${name}`);
  }
  if (recipe === undefined) {
    cleanup.add(`drop database ${name}`, async () => {
      await queryOnOwnConnection(serverUrl, `drop database if exists ${name} with (force)`);
    });
  }
  const open = () => openDatabase({ databaseUrl: benchUrl.toString(), poolSize: 4 });
  let marked = false;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: benchUrl.toString() },
    open,
    label: `${benchUrl.host}/${name}`,
    reused,
    async markSeeded() {
      // A scenario may mark its data as soon as it is added, before the routes are recorded; once is enough.
      if (recipe === undefined || reused || marked) return;
      marked = true;
      const database = await open();
      try {
        await database.query(`create table ${RECIPE_TABLE} (recipe text not null)`);
        await database.query(`insert into ${RECIPE_TABLE} (recipe) values ($1)`, [recipe]);
      } finally {
        await database.close();
      }
    },
  };
}

/** PostgreSQL can be watched from outside while the seed runs; PGlite's directory belongs to the seed. */
async function watchSeededClients(
  store: DataStore,
): Promise<{ count(): Promise<number | undefined>; close(): Promise<void> }> {
  if (store.kind !== 'postgres') return { count: async () => undefined, close: async () => {} };
  const database = await store.open();
  return {
    async count() {
      try {
        const [row] = await database.query<{ n: number }>('select count(*)::int as n from clients');
        return row?.n;
      } catch {
        return 0; // migrations have not created the table yet
      }
    },
    close: () => database.close(),
  };
}

/**
 * Seeds through the server's own seed CLI (the same code a first start runs), so the benchmark measures
 * the data the product makes. SEED_CLIENTS sizes it.
 */
export async function seedStore(
  store: DataStore,
  clients: number,
  repoRoot: string,
  cleanup: Cleanup,
): Promise<number> {
  const progress = new ProgressLine();
  const started = performance.now();
  // The demo seed, on either engine: on PostgreSQL demo mode is off unless asked for (DESIGN §7).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...store.env,
    SEED_CLIENTS: String(clients),
    LOG_LEVEL: 'warn',
    DEMO: 'true',
  };
  delete env.NODE_ENV;
  if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/seed.cli.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.add('stop the seed', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk
      .toString('utf8')
      .split(/[\r\n]+/)
      .filter(Boolean))
      progress.log(`  seed: ${line}`);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);

  const watcher = await watchSeededClients(store);
  let finished = false;
  const tick = async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const done = await watcher.count();
    if (finished) return; // a count that outlived the seed would redraw a stale line
    const share =
      done === undefined || clients === 0
        ? ''
        : ` ${done}/${clients} clients (${Math.floor((done / clients) * 100)}%),`;
    progress.update(`Seeding ${clients} clients into ${store.kind}…${share} ${seconds} s`);
  };
  const timer = setInterval(() => void tick(), 1_000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new Error(`The seed exited with code ${code}`);
  } finally {
    finished = true;
    clearInterval(timer);
    await watcher.close();
  }
  const seconds = (performance.now() - started) / 1000;
  progress.done(`Seeded ${clients} clients in ${seconds.toFixed(1)} s.`);
  return seconds * 1000;
}
