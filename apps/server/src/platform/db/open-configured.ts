import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR (DESIGN §1). */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  }
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  return openDatabase({ dataDir });
}
