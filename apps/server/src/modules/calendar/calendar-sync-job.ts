import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Jobs, SendOptions } from '../../platform/jobs/jobs.ts';
import type { ExternalRef, SyncRow } from './calendar-sync.repository.ts';
import * as repo from './calendar-sync.repository.ts';
import { CALENDAR_SYNC_QUEUE, calendarSync } from './calendar-sync.ts';
import type { CalendarOwner, CalendarProvider } from './providers/calendar-provider.ts';
import { CalendarProviderError, isTransientProviderError } from './providers/calendar-provider.ts';
import { createCalendarProvider } from './providers/create-calendar-provider.ts';

/** A push holds its event this long; a worker that dies mid-push lets go when it runs out. */
const LEASE_SECONDS = 120;
/** An event changed again while it was pushed is pushed again, this often within one job. */
const ROUNDS = 3;
/** Events one sweep queues; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

export interface CalendarSyncDeps {
  db: Db;
  provider: CalendarProvider;
  /** Pushes of one change before its event is FAILED. */
  maxAttempts: number;
}

const ownerOf = (row: SyncRow, email: string): CalendarOwner => ({
  attorneyId: row.attorneyId,
  email,
  name: row.name,
});

/**
 * Brings the provider in line with the row: create, update, remove, or move between mailboxes when the
 * appointment went to another attorney. Resolves to what the provider now holds.
 */
async function push(provider: CalendarProvider, row: SyncRow, record: (ref: ExternalRef) => Promise<void>) {
  if (!row.email) throw new CalendarProviderError('The attorney has no mailbox address', 400, 'noMailbox', false);
  const target = row.email;
  const write = {
    id: row.id,
    subject: row.subject,
    notes: row.notes,
    location: row.location,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  };
  let { externalId, externalMailbox } = row;
  if (externalId && (row.cancelledAt || externalMailbox !== target)) {
    await provider.cancelEvent(ownerOf(row, externalMailbox ?? target), externalId);
    externalId = null;
    externalMailbox = null;
    await record({ externalId, externalMailbox });
  }
  if (row.cancelledAt) return { externalId, externalMailbox };
  if (externalId) {
    try {
      await provider.updateEvent(ownerOf(row, target), externalId, write);
      return { externalId, externalMailbox: target };
    } catch (error) {
      // Deleted in Outlook meanwhile: the appointment still holds the time, so it is written again.
      if (!(error instanceof CalendarProviderError && error.status === 404)) throw error;
    }
  }
  const created = { externalId: await provider.createEvent(ownerOf(row, target), write), externalMailbox: target };
  await record(created);
  return created;
}

/**
 * The `calendar.sync` job: pushes one event's current state. It can run more than once for one change and
 * alongside other jobs for the same event: the lease lets one push at a time, and the push is made from the
 * row as it is now, so a repeat finds nothing left to do. A failure is counted on the row; a transient one
 * is thrown for pg-boss to retry with backoff, until the event is FAILED (kept for the sweep, never dropped).
 */
export async function syncCalendarEvent(deps: CalendarSyncDeps, eventId: string): Promise<void> {
  if (!(await repo.claimForSync(deps.db, eventId, LEASE_SECONDS))) return;
  const record = (ref: ExternalRef) => repo.recordExternal(deps.db, eventId, ref);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const row = await repo.readForSync(deps.db, eventId);
      if (!row) return;
      const ref = await push(deps.provider, row, record);
      if (await repo.finishSync(deps.db, eventId, row.version, ref)) return;
    }
    // Still changing: let go; the job of the latest change (or the sweep) pushes it.
    await repo.releaseLease(deps.db, eventId);
  } catch (error) {
    const permanent = !isTransientProviderError(error);
    const state = await repo.recordFailure(deps.db, eventId, {
      error: describe(error),
      permanent,
      maxAttempts: deps.maxAttempts,
    });
    if (state === 'PENDING') throw error;
  }
}

/** Only status and code: provider messages can quote event contents. */
function describe(error: unknown): string {
  if (error instanceof CalendarProviderError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Queues a push for every event still PENDING (its job was lost: a crash between commit and queueing) or
 * FAILED (the provider was down longer than the retries, or needed a person) that has waited since
 * `changedBefore`. Returns how many it queued.
 */
export async function requeueUnsyncedEvents(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  sendOptions: SendOptions,
  changedBefore: Date,
): Promise<number> {
  const ids = await repo.findUnsynced(db, changedBefore, SWEEP_BATCH);
  for (const eventId of ids) await jobs.send(CALENDAR_SYNC_QUEUE, { eventId }, sendOptions);
  return ids.length;
}

type SyncConfig = Pick<
  Config,
  | 'CALENDAR_PROVIDER'
  | 'GRAPH_TENANT_ID'
  | 'GRAPH_CLIENT_ID'
  | 'GRAPH_CLIENT_SECRET'
  | 'GRAPH_BASE_URL'
  | 'GRAPH_TOKEN_URL'
  | 'CALENDAR_SYNC_MAX_ATTEMPTS'
  | 'CALENDAR_SYNC_RETRY_DELAY_SECONDS'
  | 'CALENDAR_SYNC_SWEEP_SECONDS'
>;

/**
 * With CALENDAR_PROVIDER=graph: enables the write-through hook, starts the push worker, sweeps once now
 * and then every CALENDAR_SYNC_SWEEP_SECONDS. With the database provider it does nothing. Resolves to the
 * provider (the calendar reads Outlook-only events through it) and a stop function for the app's onClose.
 */
export async function startCalendarSync(deps: {
  db: Db;
  jobs: Jobs;
  config: SyncConfig;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  fetch?: typeof fetch;
}): Promise<{ provider: CalendarProvider; stop: () => void }> {
  const { db, jobs, config, log } = deps;
  const provider = createCalendarProvider(config, db, deps.fetch);
  if (provider.name !== 'graph') return { provider, stop: () => undefined };
  const sendOptions = {
    retryLimit: config.CALENDAR_SYNC_MAX_ATTEMPTS - 1,
    retryDelay: config.CALENDAR_SYNC_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
  const syncDeps = { db, provider, maxAttempts: config.CALENDAR_SYNC_MAX_ATTEMPTS };
  await jobs.work(CALENDAR_SYNC_QUEUE, (job) => syncCalendarEvent(syncDeps, job.data.eventId));
  const target = { jobs, sendOptions, log, provider };
  calendarSync.enable(target);

  const sweepMs = config.CALENDAR_SYNC_SWEEP_SECONDS * 1000;
  const sweep = (changedBefore: Date) =>
    requeueUnsyncedEvents(db, jobs, sendOptions, changedBefore).catch((error: unknown) => {
      log.error({ err: error }, 'calendar sync sweep failed');
      return 0;
    });
  // At start, everything left over; later, what has waited a whole interval (younger events have a job).
  await sweep(new Date());
  const timer = setInterval(() => void sweep(new Date(Date.now() - sweepMs)), sweepMs);
  timer.unref();
  return {
    provider,
    stop: () => {
      clearInterval(timer);
      calendarSync.disable(target);
    },
  };
}
