import type { Scope } from '@casedesk/contract/access/permissions';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { officeScopeSql } from '../../platform/db/office-scope.ts';

/**
 * The accounts a dashboard figure or a report counts, as SQL on `collection_accounts a`: inside every office
 * scope given (the dashboard's own and the account list's, so a figure never counts an account its reader
 * cannot open), and optionally one office and one collector.
 */
export interface AccountScope {
  officeScopes: readonly Scope[];
  officeId?: string;
  /** One collector's accounts. */
  collectorId?: string;
}

export function accountScopeSql(scope: AccountScope): SQL {
  const parts: SQL[] = [sql`true`];
  for (const officeScope of scope.officeScopes) {
    const clause = officeScopeSql(sql`a.office_id`, officeScope);
    if (clause) parts.push(clause);
  }
  if (scope.officeId) parts.push(sql`a.office_id = ${scope.officeId}::uuid`);
  if (scope.collectorId) parts.push(sql`a.collector_id = ${scope.collectorId}::uuid`);
  return sql.join(parts, sql` and `);
}

/** What the figures are grouped by: nothing (the firm's summary), the account's office or its collector. */
export type FigureGroup = 'ALL' | 'OFFICE' | 'COLLECTOR';

/** The group key of an account row `a`; 'none' for an account nobody is assigned to. */
export function groupKeySql(group: FigureGroup): SQL<string> {
  if (group === 'OFFICE') return sql<string>`a.office_id::text`;
  if (group === 'COLLECTOR') return sql<string>`coalesce(a.collector_id::text, 'none')`;
  return sql<string>`'all'`;
}

/** The key of the rows with no collector. */
export const NO_COLLECTOR = 'none';

/** The rows of a raw statement, whichever driver ran it. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
