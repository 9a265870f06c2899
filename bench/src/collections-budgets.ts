import type { BenchArgs } from './args.ts';
import type { DashboardPageTiming } from './collections-scenario.ts';
import { DEFAULT_ACCOUNTS, DEFAULT_COLLECTION_PAYMENTS } from './collections-scenario.ts';
import type { LoadResult } from './load.ts';
import type { BareSqlLoad } from './recorded-sql.ts';
import type { Budget } from './report.ts';
import { latencyBudget, ratioBudget } from './report.ts';

export interface CollectionsMeasures {
  pages?: DashboardPageTiming[];
  bareSqlLoads: (BareSqlLoad & { route: string })[];
}

/**
 * Collections budgets (PostgreSQL): each role's whole dashboard (all its widgets, sent together as the page
 * sends them) p95 ≤ 300 ms over 200,000 accounts and 2,000,000 payments; each dashboard route's throughput
 * ≥ 50 % of its own bare SQL at the same concurrency in the same run (DESIGN §6).
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
  const ratios = routes.map((route) =>
    ratioBudget(
      route.route,
      route,
      measures?.bareSqlLoads.find((b) => b.route === route.route),
    ),
  );
  return [...pages, ...ratios];
}
