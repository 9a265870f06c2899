import type { Scope } from '@casedesk/contract/access/permissions';
import { hasAccess, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import type {
  CallerZone,
  DashboardAccess,
  DashboardByCollector,
  DashboardByOffice,
  DashboardByRequest,
  DashboardPeriod,
  DashboardRequest,
  DashboardSummary,
  DashboardView,
} from '@casedesk/contract/collections/dashboard';
import {
  DASHBOARD_MESSAGES,
  collectionDashboardView,
  dashboardPeriod,
  seesEveryCollector,
} from '@casedesk/contract/collections/dashboard';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { buildFigures } from './collection-dashboard-figures.ts';
import { promiseCounts } from './collection-dashboard-promises.repository.ts';
import type { AccountScope, FigureGroup } from './collection-dashboard.query.ts';
import { NO_COLLECTOR } from './collection-dashboard.query.ts';
import type { OfficeName } from './collection-dashboard.repository.ts';
import {
  accountTotals,
  collectedTotals,
  emptyAccountTotals,
  officesInScopes,
  userNames,
} from './collection-dashboard.repository.ts';

/** SPEC §6: which dashboard the caller gets (its role conditions were applied when the request was signed in). */
export function dashboardViewOf(actor: Actor): DashboardView {
  return collectionDashboardView(actor.permissions, actor.role);
}

/** GET /collectionDashboard/mine */
export function dashboardAccess(actor: Actor): DashboardAccess {
  const view = dashboardViewOf(actor);
  return {
    view,
    everyCollector: seesEveryCollector(view),
    reporting: hasAccess(actor.permissions, 'COLLECTION_REPORTING', 'READ'),
  };
}

/**
 * The offices a view's figures cover. Every figure opens the account list, so it counts only accounts that
 * list shows the caller (ALL_ACCOUNTS READ's offices), and of those only the dashboard permission's offices
 * when it has an office condition: the seeded manager's dashboard has none, their accounts are their offices.
 */
function officeScopes(actor: Actor, view: DashboardView): Scope[] {
  const accounts = scopeOf(actor.permissions, 'ALL_ACCOUNTS', 'READ', 'OFFICE');
  if (view === 'BY_COLLECTOR' || view === 'NONE') return [accounts];
  return [scopeOf(actor.permissions, 'COLLECTIONS_DASHBOARD', 'READ', 'OFFICE'), accounts];
}

function periodOf(request: DashboardRequest, offsetHours: number, now: Date): DashboardPeriod {
  const zone: CallerZone = { offsetHours, ...(request.timeZone ? { timeZone: request.timeZone } : {}) };
  return dashboardPeriod(zone, now);
}

/** Every figure per group key, the three reads at once (on PostgreSQL each on its own connection). */
async function figuresByKey(db: Db, scope: AccountScope, group: FigureGroup, period: DashboardPeriod) {
  const [accounts, collected, promises] = await Promise.all([
    accountTotals(db, scope, group, period.today),
    collectedTotals(db, scope, group, period),
    promiseCounts(db, scope, group, period.promiseWindow),
  ]);
  const keys = new Set([...accounts.keys(), ...collected.keys(), ...promises.keys()]);
  return {
    keys,
    figures: (key: string, base: CollectionAccountFilter) =>
      buildFigures(base, period, accounts.get(key) ?? emptyAccountTotals(), collected.get(key), promises.get(key)),
  };
}

/** The office a request names, if it is one of the caller's: another office is answered as one that does not exist. */
async function officeOf(db: Db, scopes: Scope[], officeId: string): Promise<OfficeName> {
  const [office] = scopes.every((scope) => scopeAllows(scope, officeId))
    ? await officesInScopes(db, scopes, officeId)
    : [];
  if (!office) throw AppError.notFound('Office');
  return office;
}

/** POST /collectionDashboard/widget: the firm's collection summary, for the ADMIN role condition (SPEC §6). */
export async function dashboardSummary(
  db: Db,
  actor: Actor,
  request: DashboardRequest,
  offsetHours: number,
  now = new Date(),
): Promise<DashboardSummary> {
  const view = dashboardViewOf(actor);
  if (view !== 'SUMMARY') throw AppError.forbiddenBecause(DASHBOARD_MESSAGES.summaryNeedsAdmin);
  const period = periodOf(request, offsetHours, now);
  const { figures } = await figuresByKey(db, { officeScopes: officeScopes(actor, view) }, 'ALL', period);
  return { period, figures: figures('all', {}) };
}

/**
 * POST /collectionDashboard/byOffice: the same figures per office, for the MANAGER role condition over their
 * offices (and for the summary's readers over all of theirs). Every office of the caller's is listed, with
 * zeros where it has no accounts.
 */
export async function dashboardByOffice(
  db: Db,
  actor: Actor,
  request: DashboardByRequest,
  offsetHours: number,
  now = new Date(),
): Promise<DashboardByOffice> {
  const view = dashboardViewOf(actor);
  if (view !== 'SUMMARY' && view !== 'BY_OFFICE') throw AppError.forbidden();
  const scopes = officeScopes(actor, view);
  if (request.officeId) await officeOf(db, scopes, request.officeId);
  const period = periodOf(request, offsetHours, now);
  const scope: AccountScope = { officeScopes: scopes, ...(request.officeId ? { officeId: request.officeId } : {}) };
  const [{ keys, figures }, offices] = await Promise.all([
    figuresByKey(db, scope, 'OFFICE', period),
    officesInScopes(db, scopes, request.officeId),
  ]);
  const rows = offices
    .filter((office) => office.listed || keys.has(office.id) || office.id === request.officeId)
    .map((office) => ({
      officeId: office.id,
      office: office.name,
      figures: figures(office.id, { officeId: office.id }),
    }));
  return { period, rows };
}

/**
 * POST /collectionDashboard/byCollector: the figures per collector. A collector sees their own row; the
 * summary's and the office view's readers see every collector of their accounts, and the unassigned ones.
 */
export async function dashboardByCollector(
  db: Db,
  actor: Actor,
  request: DashboardByRequest,
  offsetHours: number,
  now = new Date(),
): Promise<DashboardByCollector> {
  const view = dashboardViewOf(actor);
  const everyCollector = seesEveryCollector(view);
  const scopes = officeScopes(actor, view);
  if (request.officeId) await officeOf(db, scopes, request.officeId);
  const period = periodOf(request, offsetHours, now);
  const scope: AccountScope = {
    officeScopes: scopes,
    ...(request.officeId ? { officeId: request.officeId } : {}),
    ...(everyCollector ? {} : { collectorId: actor.userId }),
  };
  const { keys, figures } = await figuresByKey(db, scope, 'COLLECTOR', period);
  const office = request.officeId ? { officeId: request.officeId } : {};
  if (!everyCollector) {
    return {
      period,
      everyCollector,
      rows: [
        {
          collectorId: actor.userId,
          collector: actor.self.displayName,
          figures: figures(actor.userId, { ...office, collectorId: actor.userId }),
        },
      ],
    };
  }
  const ids = [...keys].filter((key) => key !== NO_COLLECTOR);
  const names = await userNames(db, ids);
  const rows: DashboardByCollector['rows'] = ids
    .map((id) => ({
      collectorId: id,
      collector: names.get(id) ?? 'Unknown user',
      figures: figures(id, { ...office, collectorId: id }),
    }))
    .sort((a, b) => a.collector.localeCompare(b.collector));
  if (keys.has(NO_COLLECTOR)) {
    rows.push({
      collectorId: null,
      collector: 'Unassigned',
      figures: figures(NO_COLLECTOR, { ...office, unassigned: true }),
    });
  }
  return { period, everyCollector, rows };
}
