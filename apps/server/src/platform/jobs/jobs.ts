import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { withSafeErrors } from '../errors/error-serializer.ts';
import { pgliteExecutor } from './pglite-executor.ts';
import type { QueueDepth } from './queue-depth.ts';
import { startQueueDepthRefresh } from './queue-depth.ts';

/**
 * Queue name → payload of its jobs. Modules add their queues by declaration merging, next to the code
 * that sends them:
 *
 *   declare module '../../platform/jobs/jobs.ts' {
 *     interface JobQueues { 'sms.send': { messageId: string } }
 *   }
 *
 * Payloads are stored as JSON: keep them to ids and small values, and let the handler read the rest
 * (a payload is copied into the job table and its archive, and must not carry message bodies).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobQueues {}

/** Every payload is a JSON object; pg-boss stores it in a jsonb column. */
export type QueueMap<Queues> = { [Queue in keyof Queues]: object };

/** What a handler gets: the job id is the idempotency key, since a job can run again after a crash. */
export interface Job<Data> {
  id: string;
  queue: string;
  data: Data;
}

/** Resolve to complete the job; throw to fail it, which retries it while its retry limit allows. */
export type JobHandler<Data> = (job: Job<Data>) => Promise<void>;

/**
 * Runs a fetched batch, in order. A job that failed is reported with `failed` (awaited), which fails it alone,
 * to be retried while its limit allows; the others complete when the handler resolves. A throw fails every job
 * of the batch not yet reported.
 */
export type BatchHandler<Data> = (
  jobs: Job<Data>[],
  failed: (job: Job<Data>, error: unknown) => Promise<void>,
) => Promise<void>;

export interface WorkOptions {
  /** Jobs fetched and completed per round trip (for busy queues); 1 by default. */
  batchSize?: number;
  /** Overrides the platform's polling interval for this worker (a queue nobody waits on can poll less often). */
  pollingIntervalSeconds?: number;
}

/** pg-boss's per-job options that we support; retry settings override the defaults below. */
export type SendOptions = Pick<
  PgBoss.SendOptions,
  | 'id'
  | 'priority'
  | 'startAfter'
  | 'singletonKey'
  | 'singletonSeconds'
  | 'expireInSeconds'
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
>;

export type JobState = PgBoss.JobWithMetadata['state'];

export interface JobStatus {
  id: string;
  queue: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  /** Not fetched before this instant. */
  startAfter: Date;
  completedOn: Date | null;
}

export interface Jobs<Queues extends QueueMap<Queues> = JobQueues> {
  /**
   * Queues a job; resolves to its id, or null when a singleton option suppressed a duplicate.
   * On PGlite, never await this inside a Drizzle transaction: PGlite has one connection, the
   * transaction holds it, and the send would wait for it forever. Send after the commit.
   */
  send<Queue extends keyof Queues & string>(
    queue: Queue,
    data: Queues[Queue],
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Queues a job without waiting for it: jobs sent within a few milliseconds go to the database in one
   * insert (a busy route saves a statement per request). A failed insert is logged, not thrown, so the
   * caller must be able to find and re-send what it queued (e.g. texts still `queued` after a minute).
   */
  sendSoon<Queue extends keyof Queues & string>(
    queue: Queue,
    data: Queues[Queue],
    options?: Pick<SendOptions, 'id' | 'startAfter'>,
  ): void;
  /**
   * Starts a worker that polls the queue and runs its jobs one at a time. `batchSize` > 1 fetches and
   * completes that many per round trip (for busy queues); a job that throws is failed on its own and
   * retried, the others complete. `pollingIntervalSeconds` overrides the platform's interval for this
   * worker (a queue nobody waits on can poll less often).
   */
  work<Queue extends keyof Queues & string>(
    queue: Queue,
    handler: JobHandler<Queues[Queue]>,
    options?: WorkOptions,
  ): Promise<void>;
  /**
   * Like work, for a handler that does better with its batch as a whole: the delivery of a batch of texts reads
   * each text's state in the round trip that records the one before.
   */
  workBatch<Queue extends keyof Queues & string>(
    queue: Queue,
    handler: BatchHandler<Queues[Queue]>,
    options?: WorkOptions,
  ): Promise<void>;
  /** State of one job, also after it has been archived; null once it is deleted or never existed. */
  getJob(queue: keyof Queues & string, id: string): Promise<JobStatus | null>;
  /** Counts per queue, read now; also refreshes the `casedesk_job_queue_depth` gauge. */
  queueDepths(): Promise<QueueDepth[]>;
  /** Stops fetching, lets active handlers finish (up to `stopTimeoutMs`), then releases the database. */
  stop(): Promise<void>;
}

/** Pino's logger fits; pg-boss's own errors and failed handlers are reported here. */
export interface JobsLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface StartJobsOptions {
  /** PostgreSQL only (required there): pg-boss opens its own pool with it, e.g. DATABASE_URL. */
  connectionString?: string;
  /** Size of that pool; workers hold a connection only for the length of one query. */
  poolSize?: number;
  logger?: JobsLogger;
  /** How long stop() waits for active handlers before failing them back to retry. */
  stopTimeoutMs?: number;
  /** Tests: poll every 0.5 s (pg-boss's minimum) and refresh the gauge every second. */
  testMode?: boolean;
}

/**
 * Polling costs a query per worker per interval, and on PGlite every query runs on the Node main
 * thread; 2 s keeps a laptop quiet while a sent SMS still leaves within a couple of seconds.
 */
const POLLING_SECONDS = 2;
const TEST_POLLING_SECONDS = 0.5;
const DEPTH_REFRESH_MS = 15_000;
const TEST_DEPTH_REFRESH_MS = 1_000;
/** server.ts forces an exit 15 s after SIGTERM; leave room for Fastify and the database to close. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Defaults for jobs that do not say otherwise: provider outages last minutes, so immediate retries are
 * useless. With backoff the waits are about 15–30 s, 30–60 s, 1–2 min and 2–4 min before the job fails.
 */
const RETRY_DEFAULTS = { retryLimit: 4, retryDelay: 15, retryBackoff: true } as const;
/** sendSoon: how long jobs wait for company before their insert, and how many go in one. */
const SEND_SOON_DELAY_MS = 5;
const SEND_SOON_MAX_BATCH = 200;

const consoleLogger: JobsLogger = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
};

const DEADLOCK = '40P01';

/**
 * Creating a queue adds a partition and its foreign keys, so two instances starting at once (the processes of
 * one cluster) and creating different queues can deadlock: PostgreSQL cancels one of them. Its retry is safe,
 * as pg-boss creates a queue that already exists as a no-op.
 */
async function createQueueRetryingDeadlock(boss: PgBoss, queue: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(queue);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt === 5) throw error;
      await sleep(20 * attempt + Math.random() * 50);
    }
  }
}

/** Starts pg-boss on our database; call after migrations (it installs or upgrades its `pgboss` schema). */
export async function startJobs<Queues extends QueueMap<Queues> = JobQueues>(
  database: Database,
  options: StartJobsOptions = {},
): Promise<Jobs<Queues>> {
  // The logger may be the console, which would print a database error's detail and parameters.
  const logger = withSafeErrors(options.logger ?? consoleLogger);
  const stopTimeoutMs = options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
  const logFailure = (queue: string, jobId: string, error: unknown) => {
    // Only ids and the error: payloads may hold personal data (DESIGN §3 Logs).
    logger.warn({ queue, jobId, err: error }, 'job failed; pg-boss retries it while its retry limit allows');
    return error;
  };
  const boss = new PgBoss({
    ...connectionOptions(database, options),
    schema: 'pgboss',
    pollingIntervalSeconds: options.testMode ? TEST_POLLING_SECONDS : POLLING_SECONDS,
    // Expiry, archiving and deletion; the first instance to reach the interval does it for everyone.
    supervise: true,
    maintenanceIntervalSeconds: 120,
    // No cron jobs yet: scheduling would add a worker polling every 5 s. Enable it with the first schedule.
    schedule: false,
    ...RETRY_DEFAULTS,
  });
  // An EventEmitter without an 'error' listener throws, which would take the process down.
  boss.on('error', (error) => logger.error({ err: error }, 'job platform error'));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  /** pg-boss v10 needs a queue (a table partition) before jobs can be sent to or fetched from it. */
  const ensureQueue = (queue: string): Promise<void> => {
    let created = queues.get(queue);
    if (!created) {
      created = createQueueRetryingDeadlock(boss, queue);
      created.catch(() => queues.delete(queue));
      queues.set(queue, created);
    }
    return created;
  };

  const active = new Set<Promise<void>>();
  const pending = new Map<string, PgBoss.JobInsert[]>();
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const flushPending = (): Promise<void> => {
    flushTimer = undefined;
    const batches = [...pending];
    pending.clear();
    flushing = flushing.then(async () => {
      for (const [queue, jobs] of batches) {
        try {
          await ensureQueue(queue);
          await boss.insert(jobs);
        } catch (error) {
          logger.error({ queue, jobs: jobs.length, err: error }, 'queueing jobs failed; their owner re-sends them');
        }
      }
    });
    return flushing;
  };
  const refresh = startQueueDepthRefresh(boss, options.testMode ? TEST_DEPTH_REFRESH_MS : DEPTH_REFRESH_MS, logger);
  await refresh.now();
  let stopping: Promise<void> | undefined;

  const workBatch: Jobs<Queues>['workBatch'] = async (queue, handler, workOptions = {}) => {
    if (stopping) throw new Error('The job platform is stopping');
    await ensureQueue(queue);
    const batchSize = workOptions.batchSize ?? 1;
    const worker: { id?: string } = {};
    const { pollingIntervalSeconds } = workOptions;
    const fetchOptions = { batchSize, ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}) };
    const failed = async (job: Job<unknown>, error: unknown) => {
      logFailure(queue, job.id, error);
      // pg-boss completes the batch's jobs still active when the handler resolves; this one is failed now.
      await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
    };
    worker.id = await boss.work<Queues[typeof queue]>(queue, fetchOptions, async (batch) => {
      // pg-boss waits its polling interval after every fetch, even a full one: a backlog would drain at
      // one batch per interval. A full batch means more may be waiting, so the worker fetches again now.
      if (batch.length === batchSize && worker.id) boss.notifyWorker(worker.id);
      const run = handler(
        batch.map((job) => ({ id: job.id, queue, data: job.data })),
        failed,
      );
      const tracked = run.then(
        () => undefined,
        () => undefined,
      );
      active.add(tracked);
      void tracked.finally(() => active.delete(tracked));
      try {
        await run;
      } catch (error) {
        // pg-boss fails every job of the batch not yet reported, each to be retried.
        if (batch.length === 1) throw logFailure(queue, batch[0]!.id, error);
        logger.warn({ queue, jobs: batch.length, err: error }, 'job batch failed; its unreported jobs are retried');
        throw error;
      }
    });
  };

  return {
    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      return boss.send(queue, data, sendOptions);
    },

    sendSoon(queue, data, sendOptions = {}) {
      const jobs = pending.get(queue) ?? [];
      // Like send: a job id already queued is not queued again (one insert cannot hold the same id twice).
      if (sendOptions.id && jobs.some((job) => job.id === sendOptions.id)) return;
      jobs.push({
        name: queue,
        data,
        ...RETRY_DEFAULTS,
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.startAfter ? { startAfter: insertStartAfter(sendOptions.startAfter) } : {}),
      });
      pending.set(queue, jobs);
      if (jobs.length >= SEND_SOON_MAX_BATCH) void flushPending();
      else flushTimer ??= setTimeout(() => void flushPending(), SEND_SOON_DELAY_MS);
    },

    async work(queue, handler, workOptions = {}) {
      const single = (workOptions.batchSize ?? 1) === 1;
      await workBatch(
        queue,
        async (batch, failed) => {
          for (const job of batch) {
            try {
              await handler(job);
            } catch (error) {
              // One job alone is failed by pg-boss itself, with the error as it was thrown.
              if (single) throw error;
              await failed(job, error);
            }
          }
        },
        workOptions,
      );
    },

    workBatch,

    async getJob(queue, id) {
      const job = await boss.getJobById(queue, id, { includeArchive: true });
      if (!job) return null;
      const { state, retryCount, retryLimit, createdOn, startAfter, completedOn } = job;
      return { id: job.id, queue, state, retryCount, retryLimit, createdOn, startAfter, completedOn };
    },

    queueDepths: () => refresh.now(),

    stop() {
      stopping ??= stopJobs();
      return stopping;
    },
  };

  async function stopJobs(): Promise<void> {
    const started = Date.now();
    if (flushTimer) clearTimeout(flushTimer);
    await flushPending();
    refresh.stop();
    // Graceful: no new fetches; waits while pg-boss knows a handler is active, then fails what is left
    // (back to retry) and, on PostgreSQL, closes its own pool.
    await boss.stop({ graceful: true, wait: true, close: true, timeout: stopTimeoutMs });
    // A fetch already in flight when stop began can still hand a job to a handler after pg-boss has
    // checked; wait for those too, so none runs against a database the caller is about to close.
    const remaining = Math.max(0, stopTimeoutMs - (Date.now() - started));
    // The timer is unref'd so a handler that finished early does not leave the process waiting on it.
    if (active.size > 0) await Promise.race([Promise.all(active), sleep(remaining, undefined, { ref: false })]);
    if (database.kind === 'pglite') {
      // pg-boss marks a finished job complete without awaiting it; PGlite runs queries in order, so a
      // query queued after a turn of the event loop returns only once that completion is written.
      await new Promise((resolve) => setImmediate(resolve));
      await database.query('select 1');
    }
  }
}

function connectionOptions(database: Database, options: StartJobsOptions): PgBoss.DatabaseOptions {
  if (database.kind === 'pglite') return { db: pgliteExecutor(database) };
  if (!options.connectionString) {
    throw new Error('startJobs on PostgreSQL needs options.connectionString (pg-boss opens its own pool)');
  }
  return { connectionString: options.connectionString, max: options.poolSize ?? 5, application_name: 'casedesk-jobs' };
}

/** pg-boss's insert takes a start as a Date or ISO text only; send also takes seconds from now. */
function insertStartAfter(startAfter: number | string | Date): Date | string {
  return typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter;
}
