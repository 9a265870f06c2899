import { queryOnOwnConnection } from './data-store.ts';

/**
 * PostgreSQL in service runs autovacuum; a test machine's server may have it off (`show autovacuum`). There a kept
 * database gathers every run's dead rows (the job queue's completed jobs, the texts a send's replay deletes) and
 * each load reads past more of them than production would, so a route's ratio drifts from run to run. Where it
 * is off, the bench vacuums the database before each load, HTTP and bare SQL alike, as autovacuum would have
 * between them. Answers the vacuum to run, or undefined where autovacuum is on (or on PGlite).
 */
export async function vacuumWhereAutovacuumIsOff(
  databaseUrl: string | undefined,
): Promise<(() => Promise<void>) | undefined> {
  if (!databaseUrl) return undefined;
  const [setting] = await queryOnOwnConnection<{ autovacuum: string }>(databaseUrl, 'show autovacuum');
  if (setting?.autovacuum !== 'off') return undefined;
  // A plain VACUUM (not FULL) blocks no reader or writer; about a second on 1,000,000 clients.
  return async () => void (await queryOnOwnConnection(databaseUrl, 'vacuum'));
}
