import type { AccessLevel, Condition, Permission } from './permission-schemas.ts';

/**
 * SPEC §6 menu permission types, plus the collections ones §6 names by their conditions, and MAIL (e-mail and
 * letters, SPEC §7 mail/*: READ the outbox and saved letters, CREATE to send and write, UPDATE to send a failed
 * e-mail again), conditioned by the sending office.
 */
export const PERMISSION_TYPES = [
  'DASHBOARD_CALL_CENTER',
  'DASHBOARD_OFFICE',
  'DASHBOARD_CORPORATE',
  'CASH_FLOW',
  'CASH_FLOW_RECON',
  'CASH_FLOW_MANAGEMENT',
  'LEADS',
  'CALLS',
  'SMS',
  'COMMUNICATION_REPORTING',
  'CALL_CENTER_REPORTING',
  'APPOINTMENT_SET',
  'ALL_APPOINTMENTS',
  'APPOINTMENT_PI',
  'APPOINTMENT_BY_WEEK',
  'TRACKING_LINE',
  'OFFICE',
  'ATTORNEY_SCHEDULE',
  'LITIGATION_CALENDAR',
  'SEARCH_CLIENT',
  'CLIENT_PROFILE',
  'ALL_ACCOUNTS',
  'USER_ACCESS',
  'USER_DIRECTORY',
  'ATTORNEY_AVAILABILITY',
  'USER_PROFILE',
  'COLLECTIONS_DASHBOARD',
  'COLLECTION_MANAGEMENT',
  'COLLECTION_REPORTING',
  'MAIL',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export const ACCESS_TYPES = ['READ', 'CREATE', 'UPDATE'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const RELATION_TYPES = ['EQUALS', 'NOT_EQUALS'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** What a condition is about: the record's office, the signed-in user's role, the SMS category's type. */
export const CONDITION_TYPES = ['OFFICE', 'USER_ROLE', 'SMS_CATEGORY_TYPE'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** A route's requirement: the permission type and the access level it needs (DESIGN §3). */
export type PermissionRequirement = readonly [PermissionType, AccessType];

export function findAccessLevel(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
): AccessLevel | undefined {
  return permissions
    .find((p) => p.permissionType === permissionType)
    ?.accessLevelDTO.find((level) => level.accessType === accessType);
}

/**
 * Route-level check: the user holds this access level (its office and category conditions narrow the
 * records later). A condition on the user's role is not judged here, so it denies: the server resolves
 * its caller's role conditions first (applyRoleConditions); a screen asks hasAccessAs.
 */
export function hasAccess(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
): boolean {
  const level = findAccessLevel(permissions, permissionType, accessType);
  return level !== undefined && level.conditionDTO.every((c) => c.conditionType !== 'USER_ROLE');
}

export function conditionHolds(condition: Condition, value: string | null | undefined): boolean {
  const listed = value != null && condition.values.includes(value);
  return condition.relationType === 'EQUALS' ? listed : !listed;
}

/**
 * The permissions as they apply to a user of this role. SPEC §6 role conditions are about the signed-in
 * user, so they are judged once: a level whose role conditions fail is dropped, and the role conditions
 * of the levels kept (which hold) are dropped too. What remains are conditions about records.
 */
export function applyRoleConditions(permissions: readonly Permission[], role: string | null | undefined): Permission[] {
  const aboutRecords = (level: AccessLevel) => level.conditionDTO.filter((c) => c.conditionType !== 'USER_ROLE');
  return permissions.map((permission) => ({
    permissionType: permission.permissionType,
    accessLevelDTO: permission.accessLevelDTO
      .filter((level) => level.conditionDTO.every((c) => c.conditionType !== 'USER_ROLE' || conditionHolds(c, role)))
      .map((level) => ({ accessType: level.accessType, conditionDTO: aboutRecords(level) })),
  }));
}

/** Screen-level check: the level is held and its role conditions hold for this role (SPEC §6). */
export function hasAccessAs(
  permissions: readonly Permission[],
  role: string | null | undefined,
  permissionType: PermissionType,
  accessType: AccessType,
): boolean {
  return hasAccess(applyRoleConditions(permissions, role), permissionType, accessType);
}

/** Attributes a record carries; `undefined` (or leaving it out) means the check does not know it. */
export type RecordAttributes = Partial<Record<ConditionType, string | null>>;

/**
 * Record-level check: the access level exists and every one of its conditions holds for the record
 * (several conditions are all required). A condition about an attribute the check did not supply denies:
 * a check that cannot judge a condition must not pass it (fail closed). A check about one attribute only,
 * the others being applied elsewhere, says so through scopeOf.
 */
export function allowsRecord(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
  record: RecordAttributes,
): boolean {
  const level = findAccessLevel(permissions, permissionType, accessType);
  if (!level) return false;
  return level.conditionDTO.every((condition) => {
    const value = record[condition.conditionType];
    return value !== undefined && conditionHolds(condition, value);
  });
}

/**
 * The values of one condition type a user may reach, for filtering in a query:
 * `none` (no access), `all`, or an `only` list and an `except` list to apply together.
 */
export type Scope = { kind: 'none' } | { kind: 'all' } | { kind: 'limited'; only: string[] | null; except: string[] };

/**
 * The scope of one condition type. The level's conditions of other types must be applied by the caller
 * too, and `appliedElsewhere` names the ones it does (e.g. SMS READ's category condition beside its
 * office condition); a condition of any other type makes the scope `none` (fail closed).
 */
export function scopeOf(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
  conditionType: ConditionType,
  appliedElsewhere: readonly ConditionType[] = [],
): Scope {
  const level = findAccessLevel(permissions, permissionType, accessType);
  if (!level) return { kind: 'none' };
  const unapplied = (c: Condition) => c.conditionType !== conditionType && !appliedElsewhere.includes(c.conditionType);
  if (level.conditionDTO.some(unapplied)) return { kind: 'none' };
  const relevant = level.conditionDTO.filter((c) => c.conditionType === conditionType);
  if (relevant.length === 0) return { kind: 'all' };
  let only: string[] | null = null;
  const except = new Set<string>();
  for (const condition of relevant) {
    if (condition.relationType === 'EQUALS') {
      only = only === null ? [...condition.values] : only.filter((v) => condition.values.includes(v));
    } else {
      condition.values.forEach((v) => except.add(v));
    }
  }
  if (only !== null) only = only.filter((v) => !except.has(v));
  if (only !== null && only.length === 0) return { kind: 'none' };
  return { kind: 'limited', only, except: [...except] };
}

/** Whether a scope reaches a value: the rule officeScopeSql applies in a query, for one value in hand. */
export function scopeAllows(scope: Scope, value: string | null): boolean {
  if (scope.kind !== 'limited') return scope.kind === 'all';
  if (value === null) return scope.only === null;
  return (scope.only === null || scope.only.includes(value)) && !scope.except.includes(value);
}
