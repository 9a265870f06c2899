import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';

export interface ClusterOptions {
  processes: number;
  /** Each worker's environment on top of this process's (its share of the database connections). */
  workerEnv: Record<string, string>;
  log: (message: string) => void;
}

/** A worker that dies this soon after it was forked is failing to start, not crashing under load. */
const FAILED_START_MS = 10_000;
/** How long the workers have to finish in-flight requests before the primary gives up on them. */
const STOP_GRACE_MS = 20_000;

/** A worker asks whether the database is ready; the primary answers once migrations and the seed are done. */
const WAITING = 'casedesk:waiting-for-database';
const PREPARED = 'casedesk:database-prepared';

export interface ClusterPrimary {
  /** Migrations and the seed are done: the waiting workers (and any forked later) may open the database. */
  prepared(): void;
  /** Preparing failed: stop the workers and exit with an error. */
  abort(): never;
}

/**
 * The cluster's primary: forks one server per process slot on the same port (Node hands each new connection
 * to a worker in turn), forks again when one dies, and on SIGTERM or SIGINT asks every worker to finish its
 * in-flight requests before it exits itself. It serves nothing. The workers are forked at once, so they load
 * their code while the primary migrates; each waits for `prepared()` before it touches the database.
 */
export function startClusterPrimary({ processes, workerEnv, log }: ClusterOptions): ClusterPrimary {
  let stopping = false;
  let isPrepared = false;
  const waiting = new Set<Worker>();
  const release = (worker: Worker) => {
    if (worker.isConnected()) worker.send({ type: PREPARED });
  };
  const listening = new Set<number>();
  let announced = false;
  const forkedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    forkedAt.set(worker.id, Date.now());
    worker.on('message', (message: { type?: unknown } | null) => {
      if (message?.type !== WAITING) return;
      if (isPrepared) release(worker);
      else waiting.add(worker);
    });
    return worker;
  };

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (listening.size === processes && !announced) {
      announced = true;
      log(`All ${processes} server processes are listening`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    waiting.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const lived = Date.now() - (forkedAt.get(worker.id) ?? 0);
    if (lived < FAILED_START_MS && !listening.size) {
      // Nothing ever came up: a bad setting or an unreachable database; looping would hide it.
      log(`A server process exited (${signal ?? code}) while starting; stopping`);
      process.exit(1);
    }
    log(`A server process exited (${signal ?? code}); starting another`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} server processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < processes; i += 1) fork();
  return {
    prepared() {
      isPrepared = true;
      for (const worker of waiting) release(worker);
      waiting.clear();
    },
    abort() {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    },
  };
}

/** In a worker: resolves when the primary says the database is migrated and seeded. */
export function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: unknown } | null) => {
      if (message?.type !== PREPARED) return;
      process.off('message', onMessage);
      resolve();
    };
    // Listening before asking, so the answer cannot arrive unheard.
    process.on('message', onMessage);
    process.send!({ type: WAITING });
  });
}
