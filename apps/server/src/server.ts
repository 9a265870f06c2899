import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { runClusterPrimary } from './platform/cluster/cluster-primary.ts';
import { openConfiguredDatabase } from './platform/db/open-configured.ts';
import { prepareDatabase } from './seed/prepare-database.ts';

const config = loadConfig();
const clustered = config.serverProcesses > 1;

if (config.DATABASE_URL && cluster.isPrimary) {
  // Migrations and the demo seed once, on a connection of their own, without the requests' statement timeout.
  const setup = await openConfiguredDatabase(config, { setup: true });
  try {
    await prepareDatabase(config, setup);
  } finally {
    await setup.close();
  }
}

if (clustered && cluster.isPrimary) {
  runClusterPrimary({
    processes: config.serverProcesses,
    // The connections a single process would keep, shared out, unless the setting names them per process.
    workerEnv: process.env.DATABASE_POOL_SIZE
      ? {}
      : { DATABASE_POOL_SIZE: String(Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / config.serverProcesses))) },
    log: (message) => console.log(message),
  });
} else {
  await serve();
}

async function serve() {
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
