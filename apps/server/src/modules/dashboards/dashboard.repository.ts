import type { Scope } from '@casedesk/contract/access/permissions';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

export interface DashboardOffice {
  id: string;
  name: string;
  timeZone: string;
}

/** The offices of a scope (or the one asked for, if it is in the scope), by name. */
export async function officesInScope(db: Db, scope: Scope, officeId?: string): Promise<DashboardOffice[]> {
  return db
    .select({ id: offices.id, name: offices.name, timeZone: offices.timeZone })
    .from(offices)
    .where(and(officeScopeSql(offices.id, scope), officeId ? eq(offices.id, officeId) : undefined))
    .orderBy(asc(offices.name));
}

export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function officeNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: offices.id, name: offices.name }).from(offices).where(inArray(offices.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
