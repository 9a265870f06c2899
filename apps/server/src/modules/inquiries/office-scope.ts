import type { Scope } from '@casedesk/contract/access/permissions';
import type { SQL } from 'drizzle-orm';
import { and, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { inquiries } from './inquiries.tables.ts';

/** Condition values are free text; only uuids can name an office (anything else would fail the uuid cast). */
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * SPEC §6 record-level access: the inquiries an OFFICE condition on LEADS lets the caller reach, as a
 * WHERE clause (DESIGN §3: conditions are applied in the query, never only in the UI).
 */
export function inquiryOfficeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') return undefined;
  const conditions: (SQL | undefined)[] = [];
  if (scope.only) {
    const only = scope.only.filter(isUuid);
    conditions.push(only.length ? inArray(inquiries.officeId, only) : sql`false`);
  }
  const except = scope.except.filter(isUuid);
  // NOT_EQUALS holds for a record without an office (conditionHolds of the contract).
  if (except.length) conditions.push(or(isNull(inquiries.officeId), notInArray(inquiries.officeId, except)));
  return and(...conditions);
}
