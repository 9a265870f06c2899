import type { BenchArgs } from './args.ts';
import type { DashboardPageTiming } from './collections-scenario.ts';
import { DEFAULT_ACCOUNTS, DEFAULT_COLLECTION_PAYMENTS } from './collections-scenario.ts';
import { ACCOUNTS_LIST_ROUTE, ACCOUNTS_TOTALS_ROUTE, CONTACT_CHECK_ROUTE } from './collections-work-scenario.ts';
import type { LoadResult } from './load.ts';
import type { BareSqlLoad } from './recorded-sql.ts';
import type { Budget } from './report.ts';
import { latencyBudget, ratioBudget } from './report.ts';

export interface CollectionsMeasures {
  pages?: DashboardPageTiming[];
  bareSqlLoads: (BareSqlLoad & { route: string })[];
}

/**
 * Collections budgets (PostgreSQL, over 200,000 accounts and 2,000,000 payments): the all-accounts page's list
 * and totals p95 ≤ 100 ms at 20 connections; the contact check p95 ≤ 20 ms; each role's whole dashboard (all its
 * widgets, sent together as the page sends them) p95 ≤ 300 ms; each route's throughput ≥ 50 % of its own bare
 * SQL at the same concurrency in the same run (DESIGN §6).
 */
export function collectionsBudgets(args: BenchArgs, routes: LoadResult[], measures?: CollectionsMeasures): Budget[] {
  const atScale = args.accounts >= DEFAULT_ACCOUNTS && args.payments >= DEFAULT_COLLECTION_PAYMENTS;
  const note = 'budget is set for ≥ 200,000 accounts and 2,000,000 payments';
  const pages = (['admin', 'manager', 'collector'] as const).map((role) =>
    latencyBudget(
      `collections dashboard of the ${role}, all widgets at once, p95`,
      300,
      measures?.pages?.find((p) => p.role === role)?.http.p95,
      atScale,
      note,
    ),
  );
  const p95 = (route: string) => routes.find((r) => r.route === route)?.latency.p95;
  const work = [
    latencyBudget('all-accounts list p95 (20 connections)', 100, p95(ACCOUNTS_LIST_ROUTE), atScale, note),
    latencyBudget('all-accounts totals p95 (20 connections)', 100, p95(ACCOUNTS_TOTALS_ROUTE), atScale, note),
    latencyBudget('contact-rule check p95 (5 connections)', 20, p95(CONTACT_CHECK_ROUTE), atScale, note),
  ];
  const ratios = routes.map((route) =>
    ratioBudget(
      route.route,
      route,
      measures?.bareSqlLoads.find((b) => b.route === route.route),
    ),
  );
  return [...work, ...pages, ...ratios];
}
