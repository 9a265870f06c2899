import cluster from 'node:cluster';
import type * as AppModule from './app.ts';
import { loadConfig } from './config.ts';
import { databasePrepared, startClusterPrimary } from './platform/cluster/cluster-primary.ts';

const config = loadConfig();
const clustered = config.serverProcesses > 1;

// Everything else is imported where it is used, so the cluster's primary forks its workers before it loads the
// migrations and the seed, and never loads the app it does not serve.
const prepareModules = () =>
  Promise.all([import('./platform/db/open-configured.ts'), import('./seed/prepare-database.ts')]);

/** Migrations and the demo seed once, on a connection of their own, without the requests' statement timeout. */
async function preparePostgres() {
  const [{ openConfiguredDatabase }, { prepareDatabase }] = await prepareModules();
  const setup = await openConfiguredDatabase(config, { setup: true });
  try {
    await prepareDatabase(config, setup);
  } finally {
    await setup.close();
  }
}

if (clustered && cluster.isPrimary) {
  const primary = startClusterPrimary({
    processes: config.serverProcesses,
    // The connections a single process would keep, shared out, unless the setting names them per process.
    workerEnv: process.env.DATABASE_POOL_SIZE
      ? {}
      : { DATABASE_POOL_SIZE: String(Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / config.serverProcesses))) },
    log: (message) => console.log(message),
  });
  try {
    await preparePostgres();
    primary.prepared();
  } catch (error) {
    console.error('Preparing the database failed', error);
    primary.abort();
  }
} else {
  // A worker loads the app while the primary is still migrating.
  const appModule = import('./app.ts');
  if (cluster.isWorker) await databasePrepared();
  else if (config.DATABASE_URL) await preparePostgres();
  await serve(await appModule);
}

async function serve({ buildApp }: typeof AppModule) {
  const [{ openConfiguredDatabase }, { prepareDatabase }] = await prepareModules();
  const database = await openConfiguredDatabase(config);
  if (!config.DATABASE_URL) await prepareDatabase(config, database);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    app.log.info(
      `Casedesk is ready at ${config.publicUrl} (${database.kind}, ${config.localIdentity ? 'local sign-in' : config.issuer}${config.demo ? ', demo mode' : ''}${clustered ? `, ${config.serverProcesses} processes` : ''})`,
    );
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // Fastify stops accepting, lets in-flight requests finish, then closes; the database closes last.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
