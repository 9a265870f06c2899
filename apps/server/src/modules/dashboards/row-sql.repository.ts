import type { Scope } from '@casedesk/contract/access/permissions';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import type { DashboardOffice } from './dashboard.repository.ts';
import type { Zone } from './dashboard-zone.ts';

/** Who asks and when: the caller's zone and office scope, and the instant "now" (an injectable clock). */
export interface RowContext {
  now: Date;
  zone: Zone;
  scope: Scope;
  /** The one office the dashboard was asked for, inside the scope. */
  officeId?: string;
  /** The offices covered (the scope's, or the one asked for), with the zone each counts its days in. */
  offices: DashboardOffice[];
}

/** The scope (SPEC §6 office condition) and the asked-for office as one predicate on a row's office column. */
export function inScope(officeColumn: SQL | unknown, context: Pick<RowContext, 'scope' | 'officeId'>): SQL {
  const parts = [officeScopeSql(sql`${officeColumn}`, context.scope) ?? sql`true`];
  if (context.officeId) parts.push(sql`${officeColumn} = ${context.officeId}`);
  return sql.join(parts, sql` and `);
}

/** An instant as the zone's wall clock (timestamp without time zone): PostgreSQL applies each DST change. */
export function wallClock(column: SQL | unknown, zone: Zone): SQL {
  if (zone.timeZone) return sql`(${column} at time zone ${zone.timeZone})`;
  return sql`((${column} at time zone 'UTC') + make_interval(mins => ${zone.offsetMinutes}::int))`;
}

/** An instant as a wall clock in the zone a row's office names (the office widgets count in each office's zone). */
export function officeWallClock(column: SQL | unknown, officeZoneColumn: SQL | unknown): SQL {
  return sql`(${column} at time zone ${officeZoneColumn})`;
}

export const localHour = (clock: SQL): SQL => sql`extract(hour from ${clock})::int`;
export const localDay = (clock: SQL): SQL => sql`to_char(${clock}, 'YYYY-MM-DD')`;
export const localMonth = (clock: SQL): SQL => sql`to_char(${clock}, 'YYYY-MM')`;

/** column in [from, to): a range of an index on the instant. */
export function between(column: SQL | unknown, range: { from: Date; to: Date }): SQL {
  return sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;
}

export const all = (...parts: (SQL | undefined | false)[]): SQL =>
  sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` and `,
  );
