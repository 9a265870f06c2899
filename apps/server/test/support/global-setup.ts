import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database.ts';
import { seedDemoData } from '../../src/seed/seed.ts';
import { dropPostgresDatabase, postgresUrlFor, runOnPostgres } from './postgres.ts';

export const TEST_CLIENTS = 200;

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`), which takes well under
 * a second instead of migrating and seeding again.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `casedesk_template_${process.pid}`;
    await runOnPostgres(baseUrl, [`DROP DATABASE IF EXISTS ${name}`, `CREATE DATABASE ${name}`]);
    const database = await openDatabase({ databaseUrl: postgresUrlFor(baseUrl, name) });
    await database.migrate();
    await seedDemoData(database.db, { clients: TEST_CLIENTS });
    await database.close();
    project.provide('templateDatabase', name);
    return async () => dropPostgresDatabase(baseUrl, name);
  }
  const database = await openDatabase({});
  await database.migrate();
  await seedDemoData(database.db, { clients: TEST_CLIENTS });
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
