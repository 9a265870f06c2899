import type { Scope } from '@casedesk/contract/access/permissions';
import type { AllOfficesItem, DropdownOption, DropdownType, OfficeOption } from '@casedesk/contract/dropdowns/dropdown';
import type { SmsOfficeOption } from '@casedesk/contract/sms/sms';
import type { SQL } from 'drizzle-orm';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
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

/** Active offices an OFFICE scope reaches, by name. */
export async function findOfficesInScope(db: Db, scope: Scope): Promise<OfficeOption[]> {
  if (scope.kind === 'none') return [];
  return db
    .select({ id: offices.id, name: offices.name, officeType: offices.officeType, timeZone: offices.timeZone })
    .from(offices)
    .where(and(eq(offices.status, 'ACTIVE'), officeScopeSql(offices.id, scope)))
    .orderBy(asc(offices.name));
}

export async function findAllActiveOffices(db: Db): Promise<AllOfficesItem[]> {
  return db
    .select({ id: offices.id, name: offices.name, timeZone: offices.timeZone })
    .from(offices)
    .where(eq(offices.status, 'ACTIVE'))
    .orderBy(asc(offices.name));
}

/** SPEC §3 SMS office number: active offices an OFFICE scope reaches, labelled by name. */
export async function findSmsOfficesInScope(db: Db, scope: Scope): Promise<SmsOfficeOption[]> {
  if (scope.kind === 'none') return [];
  return db
    .select({ id: offices.id, smsNumber: offices.smsNumber, label: offices.name })
    .from(offices)
    .where(and(eq(offices.status, 'ACTIVE'), officeScopeSql(offices.id, scope)))
    .orderBy(asc(offices.name));
}
