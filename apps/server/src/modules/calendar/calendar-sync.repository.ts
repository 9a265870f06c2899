import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { users } from '../users/users.tables.ts';
import { calendarEvents } from './calendar.tables.ts';

const UNSYNCED = ['PENDING', 'FAILED'] as const;

/** In the writer's transaction: the event has a change for the provider; a new change gets a fresh budget. */
export async function markPending(db: Db, eventId: string): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ syncState: 'PENDING', syncAttempts: 0, syncError: null })
    .where(eq(calendarEvents.id, eventId));
}

const leaseFree = or(isNull(calendarEvents.syncLeaseUntil), lt(calendarEvents.syncLeaseUntil, sql`now()`));

/**
 * Takes the event for one push if it has something to push and no other worker holds it. One statement, so
 * two workers (or two instances) racing for it get it once.
 */
export async function claimForSync(db: Db, eventId: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ syncLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(calendarEvents.id, eventId), inArray(calendarEvents.syncState, UNSYNCED), leaseFree))
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}

/**
 * The event as it is now, with its attorney's mailbox and a version: updated_at as PostgreSQL's text, to the
 * microsecond (a JavaScript Date would round it to the millisecond and never compare equal).
 */
export async function readForSync(db: Db, eventId: string) {
  const [row] = await db
    .select({
      id: calendarEvents.id,
      attorneyId: calendarEvents.attorneyId,
      subject: calendarEvents.subject,
      notes: calendarEvents.notes,
      location: calendarEvents.location,
      startsAt: calendarEvents.startsAt,
      endsAt: calendarEvents.endsAt,
      cancelledAt: calendarEvents.cancelledAt,
      externalId: calendarEvents.externalId,
      externalMailbox: calendarEvents.externalMailbox,
      version: sql<string>`${calendarEvents.updatedAt}::text`,
      email: users.mail,
      name: users.displayName,
    })
    .from(calendarEvents)
    .innerJoin(attorneys, eq(attorneys.id, calendarEvents.attorneyId))
    .innerJoin(users, eq(users.id, attorneys.userId))
    .where(eq(calendarEvents.id, eventId));
  return row;
}
export type SyncRow = NonNullable<Awaited<ReturnType<typeof readForSync>>>;

export interface ExternalRef {
  externalId: string | null;
  externalMailbox: string | null;
}

/** SYNCED, if the event has not changed since `version` was read; false when it has (push it again). */
export async function finishSync(db: Db, eventId: string, version: string, ref: ExternalRef): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ ...ref, syncState: 'SYNCED', syncAttempts: 0, syncError: null, syncLeaseUntil: null })
    .where(and(eq(calendarEvents.id, eventId), sql`${calendarEvents.updatedAt} = ${version}::timestamptz`))
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}

/** Keeps what the provider now holds, whatever else changed: an id lost here would mean a duplicate there. */
export async function recordExternal(db: Db, eventId: string, ref: ExternalRef): Promise<void> {
  await db.update(calendarEvents).set(ref).where(eq(calendarEvents.id, eventId));
}

/**
 * Counts a failed push and lets go of the event. It becomes FAILED when the error needs a person
 * (`permanent`) or the attempts reach the limit; it is never dropped (the sweep retries FAILED events).
 */
export async function recordFailure(
  db: Db,
  eventId: string,
  failure: { error: string; permanent: boolean; maxAttempts: number },
): Promise<'PENDING' | 'FAILED' | undefined> {
  const attempts = sql`${calendarEvents.syncAttempts} + 1`;
  const [row] = await db
    .update(calendarEvents)
    .set({
      syncAttempts: attempts,
      syncError: failure.error.slice(0, 500),
      syncLeaseUntil: null,
      syncState: failure.permanent
        ? 'FAILED'
        : sql`case when ${attempts} >= ${failure.maxAttempts} then 'FAILED' else 'PENDING' end`,
    })
    .where(and(eq(calendarEvents.id, eventId), inArray(calendarEvents.syncState, UNSYNCED)))
    .returning({ syncState: calendarEvents.syncState });
  return row?.syncState as 'PENDING' | 'FAILED' | undefined;
}

export async function releaseLease(db: Db, eventId: string): Promise<void> {
  await db.update(calendarEvents).set({ syncLeaseUntil: null }).where(eq(calendarEvents.id, eventId));
}

/** Events still to push that nobody holds and that have waited since `changedBefore` (the sweep's). */
export async function findUnsynced(db: Db, changedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(
      and(
        // Literal, as in the partial index calendar_events_unsynced_idx, so the planner can use it.
        sql`${calendarEvents.syncState} in ('PENDING', 'FAILED')`,
        lt(calendarEvents.updatedAt, changedBefore),
        leaseFree,
      ),
    )
    .orderBy(asc(calendarEvents.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Which of these provider ids are our own events mirrored there (so a calendar does not show them twice). */
export async function findMirrored(db: Db, attorneyId: string, externalIds: string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db
    .select({ externalId: calendarEvents.externalId })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.attorneyId, attorneyId), inArray(calendarEvents.externalId, externalIds)));
  return new Set(rows.map((r) => r.externalId!));
}
