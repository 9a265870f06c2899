import type { Scope } from '@casedesk/contract/access/permissions';
import type { AllOfficesItem, DropdownOption, DropdownType, OfficeOption } from '@casedesk/contract/dropdowns/dropdown';
import type { SQL } from 'drizzle-orm';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { offices } from '../offices/offices.tables.ts';
import { dropdownOptions } from './dropdowns.tables.ts';

/** Options of one type by their sort order; `activeOnly` leaves retired options out. */
export async function findDropdownOptions(
  db: Db,
  dropdownType: DropdownType,
  activeOnly: boolean,
): Promise<DropdownOption[]> {
  const conditions: SQL[] = [eq(dropdownOptions.dropdownType, dropdownType)];
  if (activeOnly) conditions.push(eq(dropdownOptions.active, true));
  const rows = await db
    .select({
      id: dropdownOptions.id,
      value: dropdownOptions.value,
      active: dropdownOptions.active,
      groupType: dropdownOptions.groupType,
    })
    .from(dropdownOptions)
    .where(and(...conditions))
    .orderBy(asc(dropdownOptions.sortOrder), asc(dropdownOptions.value));
  return rows.map((row) => ({ ...row, label: row.value, dropdownType }));
}

/** Condition values are free text; only uuids can name an office (anything else would fail the uuid cast). */
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Active offices an OFFICE scope reaches, by name. */
export async function findOfficesInScope(db: Db, scope: Scope): Promise<OfficeOption[]> {
  if (scope.kind === 'none') return [];
  const conditions: SQL[] = [eq(offices.status, 'ACTIVE')];
  if (scope.kind === 'limited') {
    if (scope.only) {
      const only = scope.only.filter(isUuid);
      conditions.push(only.length ? inArray(offices.id, only) : sql`false`);
    }
    const except = scope.except.filter(isUuid);
    if (except.length) conditions.push(notInArray(offices.id, except));
  }
  return db
    .select({ id: offices.id, name: offices.name, officeType: offices.officeType })
    .from(offices)
    .where(and(...conditions))
    .orderBy(asc(offices.name));
}

export async function findAllActiveOffices(db: Db): Promise<AllOfficesItem[]> {
  return db
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(eq(offices.status, 'ACTIVE'))
    .orderBy(asc(offices.name));
}
