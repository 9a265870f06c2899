import type PgBoss from 'pg-boss';
import { jobQueueDepth } from '../metrics/metrics.ts';

export interface QueueDepth {
  queue: string;
  /** Waiting to run: new, or failed and due for a retry. */
  queued: number;
  /** Fetched by a worker and not finished yet. */
  active: number;
}

/** pg-boss's own queues (cron hand-off) are not ours to watch. */
const INTERNAL_QUEUE_PREFIX = '__pgboss__';

/** Reads every queue's counts through pg-boss's getQueueSize and sets the gauge to queued + active. */
export async function readQueueDepths(boss: PgBoss): Promise<QueueDepth[]> {
  const queues = (await boss.getQueues()).filter(({ name }) => !name.startsWith(INTERNAL_QUEUE_PREFIX));
  const depths = await Promise.all(
    queues.map(async ({ name }) => {
      // getQueueSize counts jobs in states before the given one: created, retry | active.
      const queued = await boss.getQueueSize(name, { before: 'active' });
      const unfinished = await boss.getQueueSize(name, { before: 'completed' });
      // Two reads, so a job fetched in between could make the difference negative for a moment.
      return { queue: name, queued, active: Math.max(0, unfinished - queued) };
    }),
  );
  for (const { queue, queued, active } of depths) jobQueueDepth.set({ queue }, queued + active);
  return depths;
}

export interface QueueDepthRefresh {
  now(): Promise<QueueDepth[]>;
  stop(): void;
}

/** Keeps the gauge fresh for GET /metrics while the platform runs; scrapes never wait on the database. */
export function startQueueDepthRefresh(
  boss: PgBoss,
  intervalMs: number,
  logger: { error(details: object, message: string): void },
): QueueDepthRefresh {
  let running = false;
  const timer = setInterval(() => {
    // A slow database must not pile up overlapping reads.
    if (running) return;
    running = true;
    readQueueDepths(boss)
      .catch((error: unknown) => logger.error({ err: error }, 'reading job queue depths failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  // The refresh alone must not keep the process alive.
  timer.unref();
  return { now: () => readQueueDepths(boss), stop: () => clearInterval(timer) };
}
