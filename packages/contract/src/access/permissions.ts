import { z } from 'zod';

/** SPEC §6 menu permission types, plus the collections ones §6 names by their conditions. */
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
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export const ACCESS_TYPES = ['READ', 'CREATE', 'UPDATE'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const RELATION_TYPES = ['EQUALS', 'NOT_EQUALS'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** What a condition is about: the record's office, the signed-in user's role, the SMS category's type. */
export const CONDITION_TYPES = ['OFFICE', 'USER_ROLE', 'SMS_CATEGORY_TYPE'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const conditionSchema = z.object({
  conditionType: z.enum(CONDITION_TYPES),
  relationType: z.enum(RELATION_TYPES),
  values: z.array(z.string().min(1).max(100)).min(1).max(200),
});
export type Condition = z.infer<typeof conditionSchema>;

export const accessLevelSchema = z.object({
  accessType: z.enum(ACCESS_TYPES),
  conditionDTO: z.array(conditionSchema).max(20).default([]),
});
export type AccessLevel = z.infer<typeof accessLevelSchema>;

export const permissionSchema = z.object({
  permissionType: z.enum(PERMISSION_TYPES),
  accessLevelDTO: z.array(accessLevelSchema).max(ACCESS_TYPES.length),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permissionListSchema = z.array(permissionSchema);

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

/** Route-level check: the user holds this access level at all (its conditions narrow it later). */
export function hasAccess(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
): boolean {
  return findAccessLevel(permissions, permissionType, accessType) !== undefined;
}

export function conditionHolds(condition: Condition, value: string | null | undefined): boolean {
  const listed = value != null && condition.values.includes(value);
  return condition.relationType === 'EQUALS' ? listed : !listed;
}

export type RecordAttributes = Partial<Record<ConditionType, string | null>>;

/**
 * Record-level check: the access level exists and every condition about an attribute the record
 * carries holds (several conditions are all required). Conditions about attributes the caller does
 * not pass are left to the check that has that attribute, e.g. SMS CREATE's office condition is
 * checked when the office is chosen, its category condition when the category is.
 */
export function allowsRecord(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
  record: RecordAttributes,
): boolean {
  const level = findAccessLevel(permissions, permissionType, accessType);
  if (!level) return false;
  return level.conditionDTO.every(
    (condition) => !(condition.conditionType in record) || conditionHolds(condition, record[condition.conditionType]),
  );
}

/**
 * The values of one condition type a user may reach, for filtering in a query:
 * `none` (no access), `all`, or an `only` list and an `except` list to apply together.
 */
export type Scope = { kind: 'none' } | { kind: 'all' } | { kind: 'limited'; only: string[] | null; except: string[] };

export function scopeOf(
  permissions: readonly Permission[],
  permissionType: PermissionType,
  accessType: AccessType,
  conditionType: ConditionType,
): Scope {
  const level = findAccessLevel(permissions, permissionType, accessType);
  if (!level) return { kind: 'none' };
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
