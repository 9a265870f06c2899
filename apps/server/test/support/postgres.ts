import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/database.ts';

export function postgresUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function runOnPostgres(baseUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  await runOnPostgres(baseUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}

export interface OwnDatabase {
  database: Database;
  databaseUrl: string;
  /** Closes the pool and drops the database. */
  dispose(): Promise<void>;
}

/** A database of the test's own on the PostgreSQL server: a copy of `template`, or empty without one. */
export async function openOwnPostgresDatabase(
  baseUrl: string,
  options: { prefix: string; template?: string; poolSize: number },
): Promise<OwnDatabase> {
  const name = `${options.prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runOnPostgres(baseUrl, [`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`]);
  const databaseUrl = postgresUrlFor(baseUrl, name);
  const database = await openDatabase({ databaseUrl, poolSize: options.poolSize });
  return {
    database,
    databaseUrl,
    dispose: async () => {
      await database.close();
      await dropPostgresDatabase(baseUrl, name);
    },
  };
}
