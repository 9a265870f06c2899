import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import type { BenchArgs } from './args.ts';
import type { ExportTiming } from './dashboards-exports.ts';
import { EXPORT_ROWS_JUDGED } from './dashboards-exports.ts';
import { DASHBOARD_KIND_LIST, DASHBOARDS, dashboardTargetName } from './dashboards-load.ts';
import type { LoadResult } from './load.ts';
import type { BareSqlLoad } from './recorded-sql.ts';
import type { Budget } from './report.ts';
import { latencyBudget, ratioBudget } from './report.ts';

export interface DashboardsMeasures {
  bareSqlLoads: (BareSqlLoad & { route: string })[];
  exports?: ExportTiming[];
}

const LABEL: Record<DashboardKind, string> = {
  CALL_CENTER: 'call-centre dashboard',
  OFFICE: 'office dashboard',
  CORPORATE: 'corporate dashboard',
};
/** A 100,000-row export starts streaming (its first data row arrives) within this long. */
const FIRST_ROW_BUDGET_MS = 2000;

/**
 * Dashboard budgets (PostgreSQL, a year of 5,000,000 calls, 1,000,000 appointments and 1,000,000 payments):
 * office and corporate dashboards p95 ≤ 500 ms, the call-centre one p95 ≤ 200 ms, each at its users' concurrency
 * (dashboards-load.ts); each dashboard's throughput ≥ 50 % of its own bare SQL at the same concurrency in the same
 * run (DESIGN §6); a 100,000-row export (a drill-down's, a report's) starts streaming ≤ 2 s. The browser's first
 * figures after the landing redirect are measured by `npm run bench:browser`, not here.
 */
export function dashboardsBudgets(args: BenchArgs, routes: LoadResult[], measures?: DashboardsMeasures): Budget[] {
  const atScale = args.calls >= 5_000_000 && args.appointments >= 1_000_000 && args.payments >= 1_000_000;
  const note = 'budget is set for ≥ 5,000,000 calls, 1,000,000 appointments and 1,000,000 payments';
  const route = (name: string) => routes.find((r) => r.route === name);
  const dashboards = DASHBOARD_KIND_LIST.flatMap((kind) => {
    const name = dashboardTargetName(kind);
    return [
      latencyBudget(
        `${LABEL[kind]} p95 (${DASHBOARDS[kind].users} ${DASHBOARDS[kind].who} at once)`,
        DASHBOARDS[kind].budgetMs,
        route(name)?.latency.p95,
        atScale,
        note,
      ),
      ratioBudget(
        name,
        route(name),
        measures?.bareSqlLoads.find((b) => b.route === name),
      ),
    ];
  });
  const exports = (measures?.exports ?? []).map((e) =>
    latencyBudget(
      `${e.name}, ${e.rows.toLocaleString('en-US')} rows: first data row (median of ${e.firstRow.samples})`,
      FIRST_ROW_BUDGET_MS,
      e.firstRow.median,
      e.rows >= EXPORT_ROWS_JUDGED,
      `budget is set for 100,000 rows; this export has ${e.rows.toLocaleString('en-US')}`,
    ),
  );
  return [...dashboards, ...exports];
}
