import type { Db } from '../../platform/db/database.ts';
import type { Jobs, SendOptions } from '../../platform/jobs/jobs.ts';
import { markPending } from './calendar-sync.repository.ts';
import type { CalendarProvider } from './providers/calendar-provider.ts';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** One calendar_events row to push to the calendar provider (calendar-sync-job.ts). */
    'calendar.sync': { eventId: string };
  }
}

export const CALENDAR_SYNC_QUEUE = 'calendar.sync';

/**
 * A job reads the event only once the writer's transaction has committed: on PostgreSQL pg-boss inserts the
 * job on its own connection, which may commit first. A job that still runs too early finds nothing to push
 * and the sweep pushes the event later.
 */
const START_AFTER_SECONDS = 1;

export interface CalendarSyncTarget {
  jobs: Pick<Jobs, 'send'>;
  /** Retry limit, delay and backoff of the push jobs. */
  sendOptions: Pick<SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>;
  log: CalendarLog;
  /** The provider pushed to, also read for busy time only it knows (calendar-provider-events.ts). */
  provider: CalendarProvider;
}

interface CalendarLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

let target: CalendarSyncTarget | undefined;

/**
 * Write-through to the calendar provider. With the database provider it does nothing (events stay LOCAL);
 * with Microsoft Graph (enabled by calendar-sync-job.ts at start) a written event is marked PENDING in the
 * writer's own transaction, so the change and the duty to push it commit together, and a job is queued.
 * The database stays the source of truth for our events; the provider mirrors them.
 */
export const calendarSync = {
  async enqueue(tx: Db, eventId: string): Promise<void> {
    if (!target) return;
    await markPending(tx, eventId);
    this.push(eventId);
  },

  /** The state a writer that inserts an event in one statement gives it (then calls push once committed). */
  get newEventState(): 'LOCAL' | 'PENDING' {
    return target ? 'PENDING' : 'LOCAL';
  },

  /** Queues the push of a PENDING event; nothing with the database provider. */
  push(eventId: string): void {
    const current = target;
    if (!current) return;
    // Not awaited: on PGlite the transaction holds the only connection, so the job's insert waits for the
    // commit (jobs.ts). A lost insert leaves the event PENDING for the sweep; nothing is dropped.
    current.jobs
      .send(CALENDAR_SYNC_QUEUE, { eventId }, { ...current.sendOptions, startAfter: START_AFTER_SECONDS })
      .catch((error: unknown) =>
        current.log.error({ err: error, eventId }, 'queueing a calendar push failed; the sweep pushes it'),
      );
  },

  enable(next: CalendarSyncTarget): void {
    target = next;
  },

  disable(next?: CalendarSyncTarget): void {
    if (!next || target === next) target = undefined;
  },

  get enabled(): boolean {
    return target !== undefined;
  },

  /** The external provider (Microsoft Graph) when one is enabled; undefined with the database provider. */
  get provider(): CalendarProvider | undefined {
    return target?.provider;
  },

  get log(): CalendarLog | undefined {
    return target?.log;
  },
};
