import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { ACCESS_TYPES, PERMISSION_TYPES } from '@casedesk/contract/access/permissions';
import type { Role } from '@casedesk/contract/users/user';
import { and, eq } from 'drizzle-orm';
import { setPermissions } from '../../src/modules/access/access.service.ts';
import { dropdownOptions } from '../../src/modules/dropdowns/dropdowns.tables.ts';
import { offices } from '../../src/modules/offices/offices.tables.ts';
import { users } from '../../src/modules/users/users.tables.ts';
import { setLocalPassword } from '../../src/platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../src/seed/seed.ts';
import type { TestApp } from '../support/test-app.ts';

/** The caller of the object-level test, the seeded rows its requests name, and values no two records share. */

export type Db = ReturnType<TestApp['db']>;

export interface OfficeRef {
  id: string;
  name: string;
  smsNumber: string;
  outboundCallerId: string;
}

/** Seeded rows the requests refer to: the two offices and the shared SMS lists. */
export interface Refs {
  officeA: OfficeRef;
  officeB: OfficeRef;
  /** The seeded 'Office' SMS category (category type OFFICE) and a reason. */
  smsCategoryId: string;
  smsReasonId: string;
}

export async function loadRefs(db: Db): Promise<Refs> {
  const rows = await db.select().from(offices);
  const office = (name: string): OfficeRef => {
    const row = rows.find((o) => o.name === name)!;
    return { id: row.id, name: row.name, smsNumber: row.smsNumber, outboundCallerId: row.outboundCallerId };
  };
  const option = async (dropdownType: string, value: string) => {
    const where = and(eq(dropdownOptions.dropdownType, dropdownType), eq(dropdownOptions.value, value));
    const [row] = await db.select({ id: dropdownOptions.id }).from(dropdownOptions).where(where);
    return row!.id;
  };
  return {
    officeA: office('Phoenix'),
    officeB: office('Dallas'),
    smsCategoryId: await option('SMS_CATEGORY', 'Office'),
    smsReasonId: await option('SMS_REASON', 'Other'),
  };
}

/** Every permission type at every access level, each with one condition: the record's office is officeId. */
export function everyPermissionIn(officeId: string): Permission[] {
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeId] }];
  return PERMISSION_TYPES.map((permissionType) => ({
    permissionType,
    accessLevelDTO: ACCESS_TYPES.map((accessType) => ({ accessType, conditionDTO: inOffice })),
  }));
}

let serial = 0;
/** A number no other record of this run has. */
export const next = () => (serial += 1);

/** A day no seeded or other generated holiday has (the seed's are in 2026 and 2027, bookings in 2031). */
export function uniqueHolidayDate(): string {
  return new Date(Date.UTC(2040, 0, 1 + next())).toISOString().slice(0, 10);
}

/** SPEC §5: ten digits, the area code not starting with 0 or 1; 555 numbers reach nobody. */
export const phone = (n: number) => `602555${String(n % 10_000).padStart(4, '0')}`;

/** The object-level test's caller: a fresh user of officeA who signs in with the demo password. */
export async function insertCaller(db: Db, officeId: string): Promise<{ id: string; mail: string }> {
  const row = await insertUser(db, officeId, 'OPERATOR', { clickToCall: phone(9_999) });
  await setLocalPassword(db, row.id, DEMO_PASSWORD);
  await setPermissions(db, row.id, everyPermissionIn(officeId));
  return row;
}

export async function insertUser(db: Db, officeId: string, role: Role, extra: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ displayName: `Scope User ${n}`, mail: `object-scope-${n}@casedesk.local`, role, officeId, ...extra })
    .returning({ id: users.id, mail: users.mail });
  return row!;
}
