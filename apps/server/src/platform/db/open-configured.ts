import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR (DESIGN §1). The server's
 * statements are held to STATEMENT_TIMEOUT_MS; `setup` (migrations, seeding, commands) is not: building an
 * index or seeding a million clients takes longer than any request may.
 */
export async function openConfiguredDatabase(config: Config, { setup = false } = {}): Promise<Database> {
  if (config.DATABASE_URL) {
    const timeout = setup ? 0 : config.STATEMENT_TIMEOUT_MS;
    return openDatabase({
      databaseUrl: config.DATABASE_URL,
      poolSize: setup ? 2 : config.DATABASE_POOL_SIZE,
      ...(timeout ? { statementTimeoutMs: timeout } : {}),
    });
  }
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  return openDatabase({ dataDir });
}
