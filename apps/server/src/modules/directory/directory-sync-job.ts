import { DIRECTORY_SYNC_MESSAGES } from '@casedesk/contract/directory/directory-sync';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { DirectorySyncDeps, GraphSettings } from './directory-sync.service.ts';
import { missingGraphSettings, runDirectorySync } from './directory-sync.service.ts';

export const DIRECTORY_SYNC_QUEUE = 'directory.sync';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** The nightly sync of the night named (the firm's local date). */
    'directory.sync': { trigger: 'nightly'; night: string };
  }
}

type NightlyConfig = GraphSettings & Pick<Config, 'DIRECTORY_SYNC_HOUR' | 'DIRECTORY_SYNC_TIME_ZONE'>;

/** Every instance looks this often whether the night's sync is due; the first to look queues it. */
const TICK_MS = 10 * 60_000;

/** The firm's local date when `now` falls in the sync hour of that zone, else null. */
export function nightOf(now: Date, timeZone: string, hour: number): string | null {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  if (Number(parts.hour) !== hour) return null;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Queues the night's sync when it is due. Once across instances: the job carries a singleton key per night
 * within a 12-hour pg-boss singleton slot (its longest: a slot may not outlast the archiving of completed
 * jobs), so a second instance's send, or this one's next tick within the hour, inserts nothing. Resolves to
 * the job id, or null when nothing was queued.
 */
export async function queueNightlySync(jobs: Jobs, config: NightlyConfig, now = new Date()): Promise<string | null> {
  if (missingGraphSettings(config).length > 0) return null;
  const night = nightOf(now, config.DIRECTORY_SYNC_TIME_ZONE, config.DIRECTORY_SYNC_HOUR);
  if (!night) return null;
  return jobs.send(
    DIRECTORY_SYNC_QUEUE,
    { trigger: 'nightly', night },
    { singletonKey: `nightly:${night}`, singletonSeconds: 12 * 3600, retryLimit: 3 },
  );
}

/**
 * The nightly job. Safe to run twice: a run reads from the stored delta link, so a second one finds no
 * changes; a run while another holds the sync (an administrator's, another instance's) leaves it to that one.
 * A Graph outage fails the job, which pg-boss retries with backoff.
 */
export async function runNightlySync(deps: DirectorySyncDeps) {
  try {
    await runDirectorySync(deps, { trigger: 'nightly', actor: null });
  } catch (error) {
    if (error instanceof AppError && error.message === DIRECTORY_SYNC_MESSAGES.running) return;
    throw error;
  }
}

/**
 * Starts the worker of the sync queue and, unless `tick` is false (tests queue nights themselves: a wall-clock tick
 * in the sync hour would sync against their fake Graph and take the night's singleton), the timer that queues it.
 */
export async function startDirectorySync(
  deps: DirectorySyncDeps & {
    jobs: Jobs;
    config: NightlyConfig;
    log: { error(details: object, message: string): void };
  },
  { tick: ticking = true }: { tick?: boolean } = {},
): Promise<{ stop: () => void }> {
  const { jobs, config, log } = deps;
  // Without Graph there is nothing to pull: no worker polling, no tick.
  if (missingGraphSettings(config).length > 0) return { stop: () => undefined };
  await jobs.work(DIRECTORY_SYNC_QUEUE, () => runNightlySync(deps));
  if (!ticking) return { stop: () => undefined };
  const tick = () =>
    queueNightlySync(jobs, config).catch((error: unknown) => {
      log.error({ err: error }, 'queueing the nightly directory sync failed');
      return null;
    });
  await tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
