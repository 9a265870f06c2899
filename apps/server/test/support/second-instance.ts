import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import type { AppInstance } from '../../src/platform/http/app-instance.ts';
import type { TestApp, TestAppOptions } from './test-app.ts';

export interface SecondInstance {
  app: AppInstance;
  close(): Promise<void>;
}

/**
 * Another app instance on the test app's PostgreSQL database, with its own connection pool, as a
 * second server behind a load balancer would be (DESIGN §1). Tokens of the first one are valid here:
 * both read the same signing keys from the database. Close it before the first test app.
 */
export async function startSecondInstance(
  first: TestApp,
  { rateLimitClock }: Pick<TestAppOptions, 'rateLimitClock'> = {},
): Promise<SecondInstance> {
  const databaseUrl = first.config.DATABASE_URL;
  if (!databaseUrl) throw new Error('A second instance needs PostgreSQL (DATABASE_URL)');
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const app = await buildApp({
    config: first.config,
    database,
    logger: false,
    ...(rateLimitClock ? { rateLimitClock } : {}),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
