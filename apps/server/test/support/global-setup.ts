import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { seedDemoData } from '../../src/seed/seed.ts';
import { workflows } from '../../src/modules/collections/workflow.tables.ts';
import { dropPostgresDatabase, postgresUrlFor, runOnPostgres } from './postgres.ts';

export const TEST_CLIENTS = 200;

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`), which takes well under
 * a second instead of migrating and seeding again.
 */
/**
 * The demo seed as the tests' start, less its active workflows: a workflow started by every account a test opens
 * would text its client on the real clock, beside what the test looks at. A test that wants one creates it (or
 * activates the seeded one) in its own copy.
 */
async function seedTestData(db: Db): Promise<void> {
  await seedDemoData(db, { clients: TEST_CLIENTS });
  await db.update(workflows).set({ active: false });
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `casedesk_template_${process.pid}`;
    await runOnPostgres(baseUrl, [`DROP DATABASE IF EXISTS ${name}`, `CREATE DATABASE ${name}`]);
    const database = await openDatabase({ databaseUrl: postgresUrlFor(baseUrl, name) });
    await database.migrate();
    await seedTestData(database.db);
    await database.close();
    project.provide('templateDatabase', name);
    return async () => dropPostgresDatabase(baseUrl, name);
  }
  const database = await openDatabase({});
  await database.migrate();
  await seedTestData(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
