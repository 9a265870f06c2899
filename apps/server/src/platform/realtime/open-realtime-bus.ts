import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import type { PostgresBusLogger } from './postgres-bus.ts';
import { postgresBus } from './postgres-bus.ts';
import type { RealtimeBus } from './realtime-bus.ts';
import { inProcessBus } from './realtime-bus.ts';

/**
 * DESIGN §1 live fan-out: in-process on the embedded PGlite (one process is the whole product), through
 * PostgreSQL LISTEN/NOTIFY when instances share a PostgreSQL server.
 */
export async function openRealtimeBus(
  config: Pick<Config, 'DATABASE_URL'>,
  database: Pick<Database, 'kind' | 'query'>,
  logger: PostgresBusLogger,
): Promise<RealtimeBus> {
  if (database.kind !== 'postgres') return inProcessBus();
  if (!config.DATABASE_URL) {
    logger.warn({}, 'PostgreSQL without DATABASE_URL: live messages stay within this instance');
    return inProcessBus();
  }
  return postgresBus({
    connectionString: config.DATABASE_URL,
    query: (text, params) => database.query(text, params),
    logger,
  });
}
