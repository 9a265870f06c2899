import type { Scope } from '@casedesk/contract/access/permissions';
import { hasAccess, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type { CallerZone } from '@casedesk/contract/collections/dashboard';
import type {
  Dashboard,
  DashboardRequest,
  Drill,
  DrillExportRequest,
  DrillRows,
  DrillRowsRequest,
  Figure,
  FigureKey,
  MyDashboards,
} from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import {
  CALL_CENTER_FIGURES,
  CORPORATE_FIGURES,
  DASHBOARD_MESSAGES,
  DASHBOARD_PERMISSION,
  OFFICE_FIGURES,
} from '@casedesk/contract/dashboards/dashboard';
import { DASHBOARD_KINDS } from '@casedesk/contract/dashboards/dashboard-kinds';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { auditExport } from '../../platform/audit/audit.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { exportFileName } from '../../platform/export/table-file.ts';
import { callCenterSeries } from './call-center-series.ts';
import { officeSeries, officeTimeline } from './office-series.ts';
import { corporateSeries } from './corporate-series.ts';
import type { DashboardOffice } from './dashboard.repository.ts';
import { officesInScope } from './dashboard.repository.ts';
import { FIGURES, isFigureOf } from './dashboard-labels.ts';
import type { Zone } from './dashboard-zone.ts';
import { daysOf, namedZone, zoneOf } from './dashboard-zone.ts';
import { drillFile } from './drill-file.ts';
import { drillHeading } from './drill-heading.ts';
import type { RowSet, Tally } from './row-set.repository.ts';
import { everyRow, narrowed, rowsPage, tallyAll, valueOf } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';
import { rowSetOf } from './row-sets.ts';

/** The clock the dashboards read "now" from (tests fix it). */
export type Clock = () => Date;

function scopeFor(actor: Actor, kind: DashboardKind): Scope {
  return scopeOf(actor.permissions, DASHBOARD_PERMISSION[kind], 'READ', 'OFFICE');
}

function requireDashboard(actor: Actor, kind: DashboardKind): Scope {
  if (!hasAccess(actor.permissions, DASHBOARD_PERMISSION[kind], 'READ')) throw AppError.forbidden();
  return scopeFor(actor, kind);
}

/** GET /dashboard/mine. SPEC §2: the landing follows defaultDashboard; OFFICE or unset gives the office one. */
export function myDashboards(actor: Actor): MyDashboards {
  const available = DASHBOARD_KINDS.filter((kind) => hasAccess(actor.permissions, DASHBOARD_PERMISSION[kind], 'READ'));
  const wanted: DashboardKind = actor.self.defaultDashboard ?? 'OFFICE';
  const landing = available.includes(wanted) ? wanted : (available[0] ?? null);
  return { available, landing };
}

/** The caller's zone: the browser's by name, else offsetHours (DESIGN §3). */
function callerZone(timeZone: string | undefined, offsetHours: number): Zone {
  const caller: CallerZone = { offsetHours, ...(timeZone ? { timeZone } : {}) };
  return zoneOf(caller);
}

/** The offices a request covers; an office outside the scope is answered as one that does not exist. */
async function coveredOffices(database: Database, scope: Scope, officeId?: string): Promise<DashboardOffice[]> {
  if (!officeId) return officesInScope(database.db, scope);
  const found = scopeAllows(scope, officeId) ? await officesInScope(database.db, scope, officeId) : [];
  if (found.length === 0) throw AppError.notFound('Office');
  return found;
}

/**
 * The zone an office dashboard's period is said in: the office's when it covers one office (or offices that
 * share a zone); each office's widgets count in its own zone either way.
 */
function periodZone(kind: DashboardKind, caller: Zone, offices: DashboardOffice[]): Zone {
  if (kind !== 'OFFICE') return caller;
  const zones = [...new Set(offices.map((o) => o.timeZone))];
  return zones.length === 1 ? namedZone(zones[0]!) : caller;
}

export interface DashboardCall {
  database: Database;
  actor: Actor;
  offsetHours: number;
  now: Date;
}

async function contextOf(
  call: DashboardCall,
  kind: DashboardKind,
  timeZone: string | undefined,
  officeId: string | undefined,
): Promise<RowContext> {
  const scope = requireDashboard(call.actor, kind);
  const offices = await coveredOffices(call.database, scope, officeId);
  return {
    now: call.now,
    zone: callerZone(timeZone, call.offsetHours),
    scope,
    offices,
    ...(officeId ? { officeId } : {}),
  };
}

function figureWith(set: RowSet, counted: Tally, drill: Drill): Figure {
  const { label, unit } = FIGURES[drill.figure];
  return { key: drill.figure, label, unit, value: valueOf(set.measure, counted), drill };
}

/** POST /dashboard/{callCenter,office,corporate}: the figures, series and (office) timeline of one dashboard. */
export async function dashboardOf(
  call: DashboardCall,
  kind: DashboardKind,
  request: DashboardRequest,
): Promise<Dashboard> {
  const context = await contextOf(call, kind, request.timeZone, request.officeId);
  const zone = periodZone(kind, context.zone, context.offices);
  const days = daysOf(call.now, zone);
  const base = { dashboard: kind, ...(request.officeId ? { officeId: request.officeId } : {}) } as const;
  const keys = FIGURE_KEYS_OF[kind];
  const sets = keys.map((figure) => rowSetOf(kind, figure, context));
  const figures = (await tallyAll(call.database, sets)).map((counted, i) =>
    figureWith(sets[i]!, counted, { ...base, figure: keys[i]! }),
  );
  const [series, timeline] = await Promise.all([
    kind === 'CALL_CENTER'
      ? callCenterSeries(call, context, base)
      : kind === 'OFFICE'
        ? officeSeries(call, context, base)
        : corporateSeries(call, context, base),
    kind === 'OFFICE' ? officeTimeline(call, context) : [],
  ]);
  return {
    kind,
    period: { timeZone: zone.label, ...days },
    offices: context.offices,
    figures,
    series,
    timeline,
    generatedAt: call.now.toISOString(),
  };
}

const FIGURE_KEYS_OF: Record<DashboardKind, readonly FigureKey[]> = {
  CALL_CENTER: CALL_CENTER_FIGURES,
  OFFICE: OFFICE_FIGURES,
  CORPORATE: CORPORATE_FIGURES,
};

/** The rows one drill selects, after checking the caller may open its dashboard and its office. */
async function drilledSet(call: DashboardCall, drill: Drill, timeZone: string | undefined): Promise<RowSet> {
  if (!isFigureOf(drill.dashboard, drill.figure)) throw AppError.validation(DASHBOARD_MESSAGES.figure);
  const context = await contextOf(call, drill.dashboard, timeZone, drill.officeId);
  return narrowed(rowSetOf(drill.dashboard, drill.figure, context, drill), drill);
}

/** POST /dashboard/rows: a page of the rows behind a figure or point, with their count and (money) sum. */
export async function drillRows(call: DashboardCall, request: DrillRowsRequest): Promise<DrillRows> {
  const set = await drilledSet(call, request.drill, request.timeZone);
  const { rows, tally: counted } = await rowsPage(call.database, set, request.pageNumber, request.pageSize);
  return {
    title: set.title,
    columns: set.columns.map(({ id, header, unit }) => ({ id, header, unit })),
    rows,
    totalCount: counted.rows,
    totalCents: set.measure.kind === 'cents' ? counted.cents : null,
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
  };
}

/** POST /dashboard/rows/export: every row behind a figure as CSV, XLSX or PDF, streamed, with a heading; audited. */
export async function exportDrillRows(call: DashboardCall, request: DrillExportRequest): Promise<ExportFile> {
  const set = await drilledSet(call, request.drill, request.timeZone);
  const zone = callerZone(request.timeZone, call.offsetHours);
  await auditExport(call.database.db, call.actor, {
    entity: 'dashboard',
    detail: { format: request.format, drill: request.drill },
  });
  const heading = await drillHeading(call, request.drill, zone);
  return drillFile(
    { title: set.title, heading, columns: set.columns, zone, batches: everyRow(call.database, set) },
    request.format,
    exportFileName(`dashboard-${request.drill.figure}`, request.format, call.offsetHours, call.now),
  );
}
