import type { Scope } from '@casedesk/contract/access/permissions';
import { isUuid } from '@casedesk/contract/common/text';
import type { SQL } from 'drizzle-orm';
import { and, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SPEC §6 record-level OFFICE conditions as a WHERE clause on a row's office column, so rows outside
 * them are never read (DESIGN §3: applied in the query, never only in the UI). NOT_EQUALS holds for a
 * row without an office, as `conditionHolds` of the contract says. Condition values are free text; only
 * uuids can name an office (anything else would fail the uuid cast). `column` may be plain SQL, e.g. an
 * aliased table's column inside a subquery.
 */
export function officeScopeSql(column: AnyPgColumn | SQL, scope: Scope): SQL | undefined {
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') return undefined;
  const office = sql`${column}`;
  const parts: (SQL | undefined)[] = [];
  if (scope.only) {
    const only = scope.only.filter(isUuid);
    parts.push(only.length ? inArray(office, only) : sql`false`);
  }
  const except = scope.except.filter(isUuid);
  if (except.length) parts.push(or(isNull(office), notInArray(office, except)));
  return and(...parts);
}

/**
 * Rows that any one of several scopes reaches, e.g. an appointment readable through any appointment list
 * (SPEC §6: each list's permission carries its own office condition).
 */
export function anyOfficeScopeSql(column: AnyPgColumn, scopes: readonly Scope[]): SQL | undefined {
  if (scopes.some((scope) => scope.kind === 'all')) return undefined;
  const reaching = scopes.filter((scope) => scope.kind !== 'none');
  if (reaching.length === 0) return sql`false`;
  // A limited scope whose values name no office limits nothing: officeScopeSql gives no clause for it.
  return or(...reaching.map((scope) => officeScopeSql(column, scope) ?? sql`true`));
}
