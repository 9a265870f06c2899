import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from './open-configured.ts';

/** A runaway statement is cancelled by PostgreSQL itself, whichever query sends it. */
describe.skipIf(!process.env.DATABASE_URL)('statement timeout on PostgreSQL', () => {
  const opened: Database[] = [];
  afterAll(async () => Promise.all(opened.map((database) => database.close())));

  it('cancels a statement that runs past it (57014), and the connection serves the next one', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL!,
      poolSize: 1,
      statementTimeoutMs: 200,
    });
    opened.push(database);
    await expect(database.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
    expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    const [setting] = await database.query<{ statement_timeout: string }>('show statement_timeout');
    expect(setting!.statement_timeout).toBe('200ms');
  });

  it('the server’s connections have STATEMENT_TIMEOUT_MS; migrations and commands (setup) have none', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL!, DEMO: 'true' });
    const serving = await openConfiguredDatabase(config);
    const setup = await openConfiguredDatabase(config, { setup: true });
    opened.push(serving, setup);
    const timeoutOf = async (database: Database) =>
      (await database.query<{ statement_timeout: string }>('show statement_timeout'))[0]!.statement_timeout;
    expect(await timeoutOf(serving)).toBe('15s');
    expect(await timeoutOf(setup)).toBe('0');
  });
});
