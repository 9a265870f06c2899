import type { BackgroundReport, ThreeWayTiming } from './accounting-scenario.ts';
import {
  CASH_FLOW_LIST_ROUTE,
  CASH_FLOW_TOTALS_ROUTE,
  DEFAULT_PAYMENTS,
  DEFAULT_TRUST_ENTRIES,
  RECON_TABLE_ROUTE,
  REPORT_ROWS,
} from './accounting-scenario.ts';
import type { BenchArgs } from './args.ts';
import type { LoadResult } from './load.ts';
import type { BareSqlLoad } from './recorded-sql.ts';
import type { Budget } from './report.ts';
import { latencyBudget, ratioBudget } from './report.ts';

const PAYMENTS_NOTE = 'budget is set for ≥ 1,000,000 payments';

export interface AccountingMeasures {
  bareSqlLoads: (BareSqlLoad & { route: string })[];
  report?: BackgroundReport;
  threeWay?: ThreeWayTiming;
}

/**
 * Accounting budgets (PostgreSQL, 20 connections): the cash-flow list and its totals over 1,000,000 payments
 * p95 ≤ 100 ms each; one month's reconciliation of every office p95 ≤ 200 ms; a 50,000-row report PDF in the
 * background ≤ 30 s with the server's RSS ≤ 256 MB above where it was; an office's three-way trust reconciliation
 * over 1,000,000 trust entries ≤ 2 s (the slowest of every office's, twice over); each route's throughput ≥ 50 % of its
 * own bare SQL at the same concurrency in the same run (DESIGN §6).
 */
export function accountingBudgets(args: BenchArgs, routes: LoadResult[], accounting?: AccountingMeasures): Budget[] {
  const route = (name: string) => routes.find((r) => r.route === name);
  const bare = (name: string) => accounting?.bareSqlLoads.find((b) => b.route === name);
  const atScale = args.payments >= DEFAULT_PAYMENTS;
  const report = accounting?.report;
  const reportJudged = report !== undefined && report.rows >= REPORT_ROWS * 0.9;
  const reportNote = report
    ? `budget is set for ${REPORT_ROWS.toLocaleString('en-US')} rows`
    : 'report not built (--route)';
  const threeWay = accounting?.threeWay;
  return [
    latencyBudget(
      'three-way trust reconciliation, slowest office (1,000,000 trust entries)',
      2000,
      threeWay?.maxMs,
      args.trustEntries >= DEFAULT_TRUST_ENTRIES,
      'budget is set for ≥ 1,000,000 trust entries',
    ),
    latencyBudget(
      'cash-flow list p95 (1,000,000 payments)',
      100,
      route(CASH_FLOW_LIST_ROUTE)?.latency.p95,
      atScale,
      PAYMENTS_NOTE,
    ),
    ratioBudget(CASH_FLOW_LIST_ROUTE, route(CASH_FLOW_LIST_ROUTE), bare(CASH_FLOW_LIST_ROUTE)),
    latencyBudget(
      'cash-flow totals p95 (1,000,000 payments)',
      100,
      route(CASH_FLOW_TOTALS_ROUTE)?.latency.p95,
      atScale,
      PAYMENTS_NOTE,
    ),
    ratioBudget(CASH_FLOW_TOTALS_ROUTE, route(CASH_FLOW_TOTALS_ROUTE), bare(CASH_FLOW_TOTALS_ROUTE)),
    latencyBudget(
      'reconTable, one month of every office, p95',
      200,
      route(RECON_TABLE_ROUTE)?.latency.p95,
      atScale,
      PAYMENTS_NOTE,
    ),
    ratioBudget(RECON_TABLE_ROUTE, route(RECON_TABLE_ROUTE), bare(RECON_TABLE_ROUTE)),
    {
      name: `cash-flow report PDF in the background (${report?.rows ?? 0} rows), request to download`,
      limit: 30_000,
      actual: report ? report.seconds * 1000 : Number.NaN,
      unit: 'ms',
      pass: reportJudged ? report.seconds * 1000 <= 30_000 : null,
      ...(reportJudged ? {} : { note: reportNote }),
    },
    {
      name: 'server RSS growth while building that report',
      limit: 256,
      actual: report?.rssGrowthMb ?? Number.NaN,
      unit: 'MB',
      pass: reportJudged ? report.rssGrowthMb <= 256 : null,
      ...(reportJudged ? {} : { note: reportNote }),
    },
  ];
}
