import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../db/database.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { Jobs, JobsLogger, StartJobsOptions } from './jobs.ts';
import { startJobs } from './jobs.ts';
import { pgliteExecutor } from './pglite-executor.ts';

/** Queues of this file only; real modules extend `JobQueues` instead. */
interface TestQueues {
  'test.once': { n: number };
  'test.failing': { n: number };
  'test.defaults': { n: number };
  'test.first': { orderId: string };
  'test.second': { orderId: string };
  'test.depth': { n: number };
  'test.slow': { n: number };
  'test.hung': { n: number };
  'test.soon': { n: number };
  'test.backlog': { n: number };
  'test.batch': { n: number };
}

let database: Database;
let dispose: () => Promise<void>;
let app: AppInstance;
let connectionString: string | undefined;
const logged: { level: 'error' | 'warn'; message: string }[] = [];
const logger: JobsLogger = {
  error: (_details, message) => logged.push({ level: 'error', message }),
  warn: (_details, message) => logged.push({ level: 'warn', message }),
};

beforeAll(async () => {
  // pg-boss opens its own pool on PostgreSQL, so it needs this test database's address.
  ({ database, databaseUrl: connectionString, dispose } = await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...(connectionString ? { DATABASE_URL: connectionString, DEMO: 'true' } : {}),
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await dispose?.();
});

const start = (options: StartJobsOptions = {}): Promise<Jobs<TestQueues>> =>
  startJobs<TestQueues>(database, { testMode: true, connectionString, logger, ...options });

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Several polling rounds (0.5 s each in test mode): long enough for a duplicate delivery to show. */
const POLLS = 1_500;

describe(`jobs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('works a sent job exactly once, with its payload', async () => {
    const jobs = await start();
    try {
      const seen: { id: string; data: unknown }[] = [];
      await jobs.work('test.once', async (job) => {
        seen.push({ id: job.id, data: job.data });
      });
      const id = await jobs.send('test.once', { n: 1 });
      await waitFor(async () => (await jobs.getJob('test.once', id!))?.state === 'completed');
      await sleep(POLLS);
      expect(seen).toEqual([{ id, data: { n: 1 } }]);
    } finally {
      await jobs.stop();
    }
  });

  it('retries a failing job per its retry options, then marks it failed', async () => {
    const jobs = await start();
    try {
      let attempts = 0;
      await jobs.work('test.failing', async () => {
        attempts++;
        throw new Error('provider unavailable');
      });
      const id = await jobs.send('test.failing', { n: 1 }, { retryLimit: 2, retryDelay: 0, retryBackoff: false });
      await waitFor(async () => (await jobs.getJob('test.failing', id!))?.state === 'failed');
      await sleep(POLLS);
      expect(attempts).toBe(3);
      expect(await jobs.getJob('test.failing', id!)).toMatchObject({ state: 'failed', retryCount: 2, retryLimit: 2 });
      expect(logged.filter((entry) => entry.level === 'warn')).toHaveLength(3);
    } finally {
      await jobs.stop();
    }
  });

  it('sendSoon: jobs sent together go in one insert with their ids; a batch worker fails only the job that threw', async () => {
    const jobs = await start();
    try {
      const done: number[] = [];
      let firstTry = true;
      await jobs.work(
        'test.soon',
        async (job) => {
          if (job.data.n === 3 && firstTry) {
            firstTry = false;
            throw new Error('transient');
          }
          done.push(job.data.n);
        },
        { batchSize: 10 },
      );
      const ids = [1, 2, 3, 4, 5].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
      ids.forEach((id, i) => jobs.sendSoon('test.soon', { n: i + 1 }, { id }));
      jobs.sendSoon('test.soon', { n: 99 }, { id: ids[0]! }); // the same id again is refused, not run twice
      await waitFor(async () => (await jobs.getJob('test.soon', ids[1]!))?.state === 'completed');
      expect((await jobs.getJob('test.soon', ids[0]!))!.retryLimit).toBe(4); // the platform's retry defaults
      const third = await jobs.getJob('test.soon', ids[2]!);
      expect(third?.state).toBe('retry'); // failed alone, back in the queue for its retry
      expect(done.sort()).toEqual([1, 2, 4, 5]);
    } finally {
      await jobs.stop();
    }
  });

  it('workBatch: the handler gets the batch in order; a job it reports failed is retried alone, the rest complete', async () => {
    const jobs = await start();
    try {
      const seen: number[][] = [];
      let firstTry = true;
      await jobs.workBatch(
        'test.batch',
        async (batch, failed) => {
          seen.push(batch.map((job) => job.data.n));
          const second = batch.find((job) => job.data.n === 2);
          if (second && firstTry) {
            firstTry = false;
            await failed(second, new Error('transient'));
          }
        },
        { batchSize: 10 },
      );
      const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-0000000001${n}0`);
      ids.forEach((id, i) => jobs.sendSoon('test.batch', { n: i + 1 }, { id }));
      await waitFor(async () => (await jobs.getJob('test.batch', ids[2]!))?.state === 'completed');
      expect(seen[0]).toEqual([1, 2, 3]);
      expect((await jobs.getJob('test.batch', ids[0]!))?.state).toBe('completed');
      expect((await jobs.getJob('test.batch', ids[1]!))?.state).toBe('retry'); // failed alone, back in the queue
      expect(logged).toContainEqual({ level: 'warn', message: expect.stringMatching(/^job failed/) });
    } finally {
      await jobs.stop();
    }
  });

  it('a backlog drains at once, not one batch per polling interval', async () => {
    const jobs = await start();
    try {
      // The backlog is queued before the worker starts, whose first fetch is then immediate.
      for (let n = 0; n < 60; n++) jobs.sendSoon('test.backlog', { n });
      await waitFor(async () =>
        (await jobs.queueDepths()).some((depth) => depth.queue === 'test.backlog' && depth.queued === 60),
      );
      let done = 0;
      // 12 full batches with a 60 s interval: waiting one interval after each would take 11 minutes, far
      // past waitFor's deadline. No elapsed time is measured; the interval dwarfs any machine's slowness.
      await jobs.work('test.backlog', async () => void done++, { batchSize: 5, pollingIntervalSeconds: 60 });
      await waitFor(() => done === 60);
    } finally {
      await jobs.stop();
    }
  });

  it('gives jobs without retry options the platform defaults', async () => {
    const jobs = await start();
    try {
      const id = await jobs.send('test.defaults', { n: 1 });
      expect(await jobs.getJob('test.defaults', id!)).toMatchObject({ state: 'created', retryLimit: 4, retryCount: 0 });
    } finally {
      await jobs.stop();
    }
  });

  it('keeps a job sent inside a handler across a stop and start, and works it then', async () => {
    const first = await start();
    await first.work('test.first', async (job) => {
      await first.send('test.second', { orderId: job.data.orderId });
    });
    const id = await first.send('test.first', { orderId: 'A-1' });
    await waitFor(async () => (await first.getJob('test.first', id!))?.state === 'completed');
    // Nobody works test.second before the stop: only the database holds it now.
    await first.stop();

    const second = await start();
    try {
      expect(await second.queueDepths()).toContainEqual({ queue: 'test.second', queued: 1, active: 0 });
      const done: string[] = [];
      await second.work('test.second', async (job) => {
        done.push(job.data.orderId);
      });
      await waitFor(() => done.length > 0);
      await sleep(POLLS);
      expect(done).toEqual(['A-1']);
    } finally {
      await second.stop();
    }
  });

  it('reports queue depth, and keeps the gauge behind GET /metrics fresh on its own', async () => {
    const jobs = await start();
    try {
      for (const n of [1, 2, 3]) await jobs.send('test.depth', { n });
      expect(await jobs.queueDepths()).toContainEqual({ queue: 'test.depth', queued: 3, active: 0 });
      expect(await gaugeLine('test.depth')).toBe('casedesk_job_queue_depth{queue="test.depth"} 3');

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      await jobs.work('test.depth', async () => {
        started++;
        await gate;
      });
      await waitFor(() => started === 1);
      expect(await jobs.queueDepths()).toContainEqual({ queue: 'test.depth', queued: 2, active: 1 });

      release();
      // No queueDepths() call from here: the refresh timer alone brings the gauge to zero.
      await waitFor(async () => (await gaugeLine('test.depth')) === 'casedesk_job_queue_depth{queue="test.depth"} 0');
    } finally {
      await jobs.stop();
    }
  });

  it('stop() lets an active handler finish and its job complete', async () => {
    const jobs = await start();
    let started = false;
    let finished = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await jobs.work('test.slow', async () => {
      started = true;
      await gate;
      finished = true;
    });
    const id = await jobs.send('test.slow', { n: 1 });
    await waitFor(() => started);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    // The handler holds on; stopping must not end before it does, however long it is given.
    await sleep(500);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);

    const after = await start();
    try {
      expect(await after.getJob('test.slow', id!)).toMatchObject({ state: 'completed', retryCount: 0 });
    } finally {
      await after.stop();
    }
  });

  it('stop() gives up on a handler after its timeout; the next start retries that job', async () => {
    const first = await start({ stopTimeoutMs: 1_000 });
    let started = false;
    // Never settles, as if the provider call hung: stop must not wait for it forever.
    await first.work('test.hung', async () => {
      started = true;
      await new Promise<never>(() => {});
    });
    const id = await first.send('test.hung', { n: 1 }, { retryLimit: 1, retryDelay: 0, retryBackoff: false });
    await waitFor(() => started);
    await first.stop();

    const second = await start();
    try {
      expect(await second.getJob('test.hung', id!)).toMatchObject({ state: 'retry', retryCount: 0 });
      let ran = 0;
      await second.work('test.hung', async () => {
        ran++;
      });
      await waitFor(async () => (await second.getJob('test.hung', id!))?.state === 'completed');
      expect(ran).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('pg-boss itself reported no errors in any of the above', () => {
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'PGlite: a pg-boss script that fails half-way leaves the one connection usable',
    async () => {
      const executor = pgliteExecutor(database);
      // The shape of pg-boss's locked() maintenance scripts, failing after the first statement.
      await expect(executor.executeSql('BEGIN; SELECT 1; SELECT 1/0; COMMIT;', [])).rejects.toThrow('division by zero');
      expect(await database.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    },
  );
});

async function gaugeLine(queue: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body.split('\n').find((line) => line.startsWith(`casedesk_job_queue_depth{queue="${queue}"}`));
}
