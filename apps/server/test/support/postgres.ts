import pg from 'pg';

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
