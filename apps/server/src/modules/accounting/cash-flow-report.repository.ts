import type { Scope } from '@casedesk/contract/access/permissions';
import type { CashFlowFilter } from '@casedesk/contract/accounting/payment';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { cashFlowReports } from './cash-flow-report.tables.ts';

export type ReportRow = typeof cashFlowReports.$inferSelect;

/** What a report's heading names instead of the filter's ids; null where the filter has no such id. */
export interface FilterNames {
  /** The offices covered, with their time zones: the filter's office, else every office in the scope. */
  offices: { name: string; timeZone: string }[];
  lawType: string | null;
  enteredBy: string | null;
  /** Null also when the client is outside the scope: an id typed into a filter must not reveal whose it is. */
  client: string | null;
}

async function first<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

export async function findFilterNames(db: Db, filter: CashFlowFilter, scope: Scope): Promise<FilterNames> {
  const inScope = officeScopeSql(offices.id, scope);
  const [covered, lawType, enteredBy, client] = await Promise.all([
    db
      .select({ name: offices.name, timeZone: offices.timeZone })
      .from(offices)
      .where(filter.officeId ? and(eq(offices.id, filter.officeId), inScope) : inScope)
      .orderBy(offices.name),
    filter.lawTypeId
      ? first(
          db.select({ v: dropdownOptions.value }).from(dropdownOptions).where(eq(dropdownOptions.id, filter.lawTypeId)),
        )
      : undefined,
    filter.enteredById
      ? first(db.select({ v: users.displayName }).from(users).where(eq(users.id, filter.enteredById)))
      : undefined,
    filter.clientId
      ? first(
          db
            .select({ first: clients.firstName, last: clients.lastName })
            .from(clients)
            .where(and(eq(clients.id, filter.clientId), officeScopeSql(clients.officeId, scope))),
        )
      : undefined,
  ]);
  return {
    offices: covered,
    lawType: lawType?.v ?? null,
    enteredBy: enteredBy?.v ?? null,
    client: client ? `${client.first} ${client.last}` : null,
  };
}

export async function insertReport(
  db: Db,
  values: Pick<ReportRow, 'requestedById' | 'request' | 'offsetHours' | 'rowsTotal'>,
): Promise<ReportRow> {
  const [row] = await db.insert(cashFlowReports).values(values).returning();
  return row!;
}

export async function purgeReportsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(cashFlowReports).where(lt(cashFlowReports.requestedAt, before));
}

/** A report by id; with requestedById, only when that user asked for it. */
export async function findReport(db: Db, id: string, requestedById?: string): Promise<ReportRow | undefined> {
  const own = requestedById ? eq(cashFlowReports.requestedById, requestedById) : undefined;
  return first(
    db
      .select()
      .from(cashFlowReports)
      .where(and(eq(cashFlowReports.id, id), own)),
  );
}

export async function updateReport(db: Db, id: string, values: Partial<ReportRow>): Promise<void> {
  await db.update(cashFlowReports).set(values).where(eq(cashFlowReports.id, id));
}
