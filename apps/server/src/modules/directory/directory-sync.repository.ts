import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DirectorySyncCounts } from '@casedesk/contract/directory/directory-sync';
import type { Db } from '../../platform/db/database.ts';
import { directorySyncStates } from './directory.tables.ts';

export type SyncTrigger = 'manual' | 'nightly';
export type SyncMode = 'full' | 'delta';
export type SyncStateRow = typeof directorySyncStates.$inferSelect;

const SOURCE = 'GRAPH' as const;

export async function findSyncState(db: Db): Promise<SyncStateRow | undefined> {
  const [row] = await db.select().from(directorySyncStates).where(eq(directorySyncStates.source, SOURCE));
  return row;
}

/**
 * Takes the sync for `seconds` unless another run holds it (on any instance); resolves to the stored delta
 * link (null for none) when taken, undefined when another run holds it.
 */
export async function takeSyncLease(
  db: Db,
  seconds: number,
  run: { trigger: SyncTrigger; startedAt: Date },
): Promise<{ deltaLink: string | null } | undefined> {
  await db.insert(directorySyncStates).values({ source: SOURCE }).onConflictDoNothing();
  const [row] = await db
    .update(directorySyncStates)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${seconds})`,
      lastTrigger: run.trigger,
      lastStartedAt: run.startedAt,
      lastFinishedAt: null,
      lastCounts: null,
      lastError: null,
    })
    .where(
      and(
        eq(directorySyncStates.source, SOURCE),
        or(isNull(directorySyncStates.leaseUntil), lt(directorySyncStates.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ deltaLink: directorySyncStates.deltaLink });
  return row;
}

/** A long full read keeps its lease page by page. */
export async function extendSyncLease(db: Db, seconds: number): Promise<void> {
  await db
    .update(directorySyncStates)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(directorySyncStates.source, SOURCE));
}

/** Ends the run: its outcome, and (after a complete round) where the next one starts. Lets go of the lease. */
export async function finishSyncRun(
  db: Db,
  outcome: {
    mode: SyncMode;
    finishedAt: Date;
    counts: DirectorySyncCounts;
    error: string | null;
    /** A string: the new delta link; null: forget it (the next run reads everything); undefined: keep it. */
    deltaLink?: string | null;
  },
): Promise<void> {
  await db
    .update(directorySyncStates)
    .set({
      leaseUntil: null,
      lastMode: outcome.mode,
      lastFinishedAt: outcome.finishedAt,
      lastCounts: outcome.counts,
      lastError: outcome.error,
      ...(outcome.deltaLink === undefined ? {} : { deltaLink: outcome.deltaLink }),
    })
    .where(eq(directorySyncStates.source, SOURCE));
}
