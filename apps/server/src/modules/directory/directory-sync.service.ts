import { scopeOf } from '@casedesk/contract/access/permissions';
import type {
  DirectorySyncCounts,
  DirectorySyncResult,
  DirectorySyncStatus,
} from '@casedesk/contract/directory/directory-sync';
import { DIRECTORY_SYNC_MESSAGES, GRAPH_DIRECTORY_SETTINGS } from '@casedesk/contract/directory/directory-sync';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { OfficeNames } from './directory-users.service.ts';
import { deprovisionDirectoryUser, listOfficeNames, provisionDirectoryUser } from './directory-users.service.ts';
import type { SyncMode, SyncTrigger } from './directory-sync.repository.ts';
import { extendSyncLease, findSyncState, finishSyncRun, takeSyncLease } from './directory-sync.repository.ts';
import { findDirectoryAccountsOf, findLiveExternalIds } from './directory.repository.ts';
import type { GraphDirectoryClient } from './graph-directory-client.ts';
import { GraphDirectoryError, graphDirectoryClient } from './graph-directory-client.ts';
import type { GraphUser } from './graph-directory-mapping.ts';
import { isRemoved, toDirectoryPerson } from './graph-directory-mapping.ts';

export type GraphSettings = Pick<
  Config,
  'GRAPH_TENANT_ID' | 'GRAPH_CLIENT_ID' | 'GRAPH_CLIENT_SECRET' | 'GRAPH_BASE_URL' | 'GRAPH_TOKEN_URL'
>;

export interface DirectorySyncDeps {
  db: Db;
  bus: RealtimeBus;
  config: GraphSettings;
  /** Node's fetch unless given. */
  fetch?: typeof fetch;
  /**
   * Users of a page provisioned at once: on PostgreSQL each runs its own transaction on its own connection
   * (a round of 10,000 users is mostly waits on the network); PGlite has one connection, so 1 there.
   */
  concurrency?: number;
}

/** A run holds the sync this long, renewed page by page; a run whose instance died lets go when it runs out. */
const LEASE_SECONDS = 600;

export function missingGraphSettings(config: GraphSettings) {
  return GRAPH_DIRECTORY_SETTINGS.filter((name) => !config[name]?.trim());
}

const zeroCounts = (): DirectorySyncCounts => ({
  created: 0,
  updated: 0,
  disabled: 0,
  deleted: 0,
  unchanged: 0,
  failed: 0,
});

type PageAccount = Awaited<ReturnType<typeof findDirectoryAccountsOf>>[number];

/** Graph's user removed: disabled here if we know them and have not already. */
async function removeUser(deps: DirectorySyncDeps, account: PageAccount | undefined, counts: DirectorySyncCounts) {
  if (!account || account.deletedAt) {
    counts.unchanged++;
    return;
  }
  await deprovisionDirectoryUser(deps.db, deps.bus, 'GRAPH', account.userId);
  counts.deleted++;
}

async function applyUser(
  deps: DirectorySyncDeps,
  user: GraphUser,
  context: { account: PageAccount | undefined; offices: OfficeNames; counts: DirectorySyncCounts },
) {
  const { account, counts } = context;
  if (isRemoved(user)) return removeUser(deps, account, counts);
  // A deleted account's stored fields are stale: a user back in the directory is taken as Graph sends them.
  const person = toDirectoryPerson(user, account && !account.deletedAt ? account : undefined);
  if (!person) {
    counts.failed++;
    return;
  }
  try {
    const done = await provisionDirectoryUser(deps.db, deps.bus, 'GRAPH', person, account?.userId, context.offices);
    if (done.created) counts.created++;
    else if (done.disabled) counts.disabled++;
    else if (done.changed) counts.updated++;
    else counts.unchanged++;
  } catch (error) {
    // One user the sync cannot take (a mail another account holds) does not stop the others.
    if (!(error instanceof AppError)) throw error;
    counts.failed++;
  }
}

/** One page: the accounts it names read in one query, then each user in order. */
async function applyPage(
  deps: DirectorySyncDeps,
  page: GraphUser[],
  context: { offices: OfficeNames; counts: DirectorySyncCounts },
) {
  const accounts = new Map(
    (
      await findDirectoryAccountsOf(
        deps.db,
        'GRAPH',
        page.map((user) => user.id),
      )
    ).map((row) => [row.externalId, row]),
  );
  // Graph may list a user twice in a round; within a page the last one is the user as they are now.
  const latest = [...new Map(page.map((user) => [user.id, user])).values()];
  await inParallel(latest, deps.concurrency ?? 1, (user) =>
    applyUser(deps, user, { ...context, account: accounts.get(user.id) }),
  );
}

/** Runs `work` over the items, at most `limit` at a time (each user is its own transaction). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/** Reads one round; after a full one, known Graph users it did not list are gone from the directory. */
async function readRound(
  deps: DirectorySyncDeps,
  client: GraphDirectoryClient,
  run: { mode: SyncMode; start: string; counts: DirectorySyncCounts },
): Promise<string> {
  const { mode, counts } = run;
  const seen = new Set<string>();
  const offices = await listOfficeNames(deps.db);
  const deltaLink = await client.readRound(run.start, async (users) => {
    for (const user of users) if (!isRemoved(user)) seen.add(user.id);
    await applyPage(deps, users, { offices, counts });
    await extendSyncLease(deps.db, LEASE_SECONDS);
  });
  if (mode === 'full') {
    const gone = (await findLiveExternalIds(deps.db, 'GRAPH')).filter((externalId) => !seen.has(externalId));
    for (const externalId of gone) {
      const [account] = await findDirectoryAccountsOf(deps.db, 'GRAPH', [externalId]);
      await removeUser(deps, account, counts);
    }
  }
  return deltaLink;
}

function clientFor(deps: DirectorySyncDeps): GraphDirectoryClient {
  const { config } = deps;
  return graphDirectoryClient({
    tenantId: config.GRAPH_TENANT_ID!,
    clientId: config.GRAPH_CLIENT_ID!,
    clientSecret: config.GRAPH_CLIENT_SECRET!,
    baseUrl: config.GRAPH_BASE_URL,
    tokenUrl: config.GRAPH_TOKEN_URL,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

export interface SyncRunner {
  trigger: SyncTrigger;
  /** The administrator who asked for it; null for the nightly job. */
  actor: Pick<Actor, 'userId' | 'ip' | 'requestId'> | null;
}

/**
 * Pulls the users of Microsoft Graph into ours (SPEC §7 /user/syncWithAD): from the stored delta link only the
 * changes, else (first run, or Graph expired the link with 410) everyone. Each user is provisioned as SCIM
 * would (audited per user; new users without permissions; a disabled or removed user loses access now); the
 * run itself is audited as `directory.sync` with its counts. One run at a time across instances.
 */
export async function runDirectorySync(deps: DirectorySyncDeps, runner: SyncRunner): Promise<DirectorySyncResult> {
  if (missingGraphSettings(deps.config).length > 0) {
    throw new AppError('BUSINESS_RULE', DIRECTORY_SYNC_MESSAGES.notConfigured);
  }
  const startedAt = new Date();
  const lease = await takeSyncLease(deps.db, LEASE_SECONDS, { trigger: runner.trigger, startedAt });
  if (!lease) throw AppError.conflict(DIRECTORY_SYNC_MESSAGES.running);
  const client = clientFor(deps);
  let mode: SyncMode = lease.deltaLink && client.ownLink(lease.deltaLink) ? 'delta' : 'full';
  // Counted as users are taken, so a run that fails half-way still says what it changed.
  const counts = zeroCounts();
  let deltaLink: string;
  try {
    try {
      const start = mode === 'delta' ? lease.deltaLink! : client.firstLink();
      deltaLink = await readRound(deps, client, { mode, start, counts });
    } catch (error) {
      // Graph no longer knows the link (it keeps delta state for a limited time): start over with everyone.
      if (!(mode === 'delta' && error instanceof GraphDirectoryError && error.status === 410)) throw error;
      mode = 'full';
      deltaLink = await readRound(deps, client, { mode, start: client.firstLink(), counts });
    }
  } catch (error) {
    const message = error instanceof GraphDirectoryError ? error.message : 'The sync failed';
    // A 410 on the full read too, or a link we cannot use: forget it so the next run starts over.
    const forget = error instanceof GraphDirectoryError && error.status === 410 ? { deltaLink: null } : {};
    await finishSyncRun(deps.db, { mode, finishedAt: new Date(), counts, error: message, ...forget });
    await auditRun(deps.db, runner, { mode, counts, error: message });
    if (error instanceof GraphDirectoryError) {
      throw new AppError(
        'BUSINESS_RULE',
        `Microsoft Graph did not complete the directory sync (${error.message}). Users changed so far are kept; the next sync continues.`,
        undefined,
        undefined,
        502,
      );
    }
    throw error;
  }
  const finishedAt = new Date();
  await finishSyncRun(deps.db, { mode, finishedAt, counts, error: null, deltaLink });
  await auditRun(deps.db, runner, { mode, counts });
  return {
    trigger: runner.trigger,
    mode,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    counts,
  };
}

async function auditRun(
  db: Db,
  runner: SyncRunner,
  result: { mode: SyncMode; counts?: DirectorySyncCounts; error?: string },
) {
  await recordAudit(db, {
    actorId: runner.actor?.userId ?? null,
    action: 'directory.sync',
    entity: 'directory',
    entityId: 'GRAPH',
    after: result.counts ?? null,
    detail: {
      source: 'GRAPH',
      trigger: runner.trigger,
      mode: result.mode,
      ...(result.error ? { error: result.error } : {}),
    },
    ...(runner.actor ? { ip: runner.actor.ip, requestId: runner.actor.requestId } : {}),
  });
}

/** `POST /user/syncWithAD`: the directory spans offices, so this needs USER_ACCESS UPDATE with no office condition. */
export async function syncWithDirectory(deps: DirectorySyncDeps, actor: Actor): Promise<DirectorySyncResult> {
  if (scopeOf(actor.permissions, 'USER_ACCESS', 'UPDATE', 'OFFICE').kind !== 'all') throw AppError.forbidden();
  return runDirectorySync(deps, { trigger: 'manual', actor });
}

/** `GET /user/syncWithAD`: whether Graph is set up, what is missing, and how the last run went. */
export async function getDirectorySyncStatus(db: Db, config: GraphSettings): Promise<DirectorySyncStatus> {
  const missing = missingGraphSettings(config);
  const state = await findSyncState(db);
  const running = Boolean(state?.leaseUntil && state.leaseUntil > new Date());
  return {
    configured: missing.length === 0,
    missingSettings: missing,
    message: missing.length === 0 ? null : DIRECTORY_SYNC_MESSAGES.notConfigured,
    running,
    hasDeltaLink: Boolean(state?.deltaLink),
    lastSync:
      state?.lastStartedAt && state.lastTrigger
        ? {
            trigger: state.lastTrigger,
            mode: state.lastMode ?? 'full',
            startedAt: state.lastStartedAt.toISOString(),
            finishedAt: state.lastFinishedAt?.toISOString() ?? null,
            counts: state.lastCounts ?? null,
            error: state.lastError ?? null,
          }
        : null,
  };
}
