import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { ROLES } from '../users/user.ts';
import { DEFAULT_DASHBOARDS } from '../users/default-dashboard.ts';
import type { RELATION_TYPES } from './permissions.ts';
import { ACCESS_TYPES, CONDITION_TYPES, PERMISSION_TYPES } from './permissions.ts';
import { permissionListSchema } from './permission-schemas.ts';

/** The administration of user access (SPEC §2 /admin-panel/user-access, §6, §7 accessControl). */

export const ACCESS_ADMIN_MESSAGES = {
  reason: 'Reason is required: say why this access changes.',
  reasonLength: 'Reason must be at most 500 characters.',
  ownAccess: 'You cannot change your own access; ask another administrator.',
  notHeld: (what: string) => `You can only grant access you hold yourself: ${what}.`,
  officeOutOfScope: 'Only an administrator of every office can leave a user without an office.',
  roleNotHeld: (role: string) => `You can only give the role ${role} when you hold it yourself.`,
  profileName: 'Profile name is required (at most 100 characters).',
  profileNameTaken: 'A profile with this name already exists.',
  noUsers: 'Choose at least one user.',
  duplicatePermission: (type: string) => `${type} is listed twice.`,
} as const;

/** One choice of an access-control lookup: the value sent to the server and the words a person reads. */
export const lookupOptionSchema = z.object({ value: z.string(), label: z.string() });
export type LookupOption = z.infer<typeof lookupOptionSchema>;
export const lookupListSchema = z.array(lookupOptionSchema);

export const LOOKUP_KINDS = ['permissionTypes', 'relationTypes', 'conditionTypes', 'accessLevelTypes'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** The values a condition of one type may name: offices (by id), roles, SMS category types. */
export const conditionValuesQuerySchema = z.object({ conditionType: z.enum(CONDITION_TYPES) });

export const reasonSchema = z
  .string({ error: ACCESS_ADMIN_MESSAGES.reason })
  .trim()
  .min(1, ACCESS_ADMIN_MESSAGES.reason)
  .max(500, ACCESS_ADMIN_MESSAGES.reasonLength);

/** Permission lists as an admin sends them: each type at most once, each access level at most once. */
export const permissionEditSchema = permissionListSchema.superRefine((list, ctx) => {
  const seen = new Set<string>();
  for (const permission of list) {
    if (seen.has(permission.permissionType)) {
      ctx.addIssue({ code: 'custom', message: ACCESS_ADMIN_MESSAGES.duplicatePermission(permission.permissionType) });
    }
    seen.add(permission.permissionType);
    const levels = new Set(permission.accessLevelDTO.map((level) => level.accessType));
    if (levels.size !== permission.accessLevelDTO.length) {
      ctx.addIssue({ code: 'custom', message: ACCESS_ADMIN_MESSAGES.duplicatePermission(permission.permissionType) });
    }
  }
});

export const USER_STATUSES = ['ENABLED', 'DISABLED'] as const;

/** The user-access list sorts on the server by any of its columns. */
export const USER_ACCESS_SORTS = [
  'displayName',
  'mail',
  'role',
  'officeName',
  'accountEnabled',
  'lastSignInAt',
  'permissionCount',
] as const;
export type UserAccessSort = (typeof USER_ACCESS_SORTS)[number];

export const userAccessListRequestSchema = listRequestSchema(
  z.object({
    searchKeyword: z.string().trim().max(100).optional(),
    officeId: z.string().uuid().optional(),
    role: z.enum(ROLES).optional(),
    status: z.enum(USER_STATUSES).optional(),
    profileId: z.string().uuid().optional(),
  }),
).extend({ sortBy: z.enum(USER_ACCESS_SORTS).optional() });
export type UserAccessListRequest = z.infer<typeof userAccessListRequestSchema>;

/** A row of /user/withAccessControl: the person, where they work and how much access they hold. */
export const userAccessRowSchema = z.object({
  id: z.string().uuid(),
  displayName: z.string(),
  mail: z.string(),
  role: z.enum(ROLES),
  officeId: z.string().uuid().nullable(),
  officeName: z.string().nullable(),
  accountEnabled: z.boolean(),
  defaultDashboard: z.enum(DEFAULT_DASHBOARDS).nullable(),
  lastSignInAt: z.string().nullable(),
  permissionCount: z.number().int(),
  profileId: z.string().uuid().nullable(),
  profileName: z.string().nullable(),
});
export type UserAccessRow = z.infer<typeof userAccessRowSchema>;
export const userAccessListResponseSchema = listResponseSchema(userAccessRowSchema);

/** The user page: the row, the permissions as stored (role conditions included). */
export const userAccessDetailSchema = userAccessRowSchema.extend({ permissions: permissionListSchema });
export type UserAccessDetail = z.infer<typeof userAccessDetailSchema>;

/** One save of the user page; what is left out stays as it is; the reason goes to the audit trail. */
export const userAccessChangeSchema = z.object({
  role: z.enum(ROLES).optional(),
  accountEnabled: z.boolean().optional(),
  defaultDashboard: z.enum(DEFAULT_DASHBOARDS).nullable().optional(),
  officeId: z.string().uuid().nullable().optional(),
  permissions: permissionEditSchema.optional(),
  reason: reasonSchema,
});
export type UserAccessChange = z.infer<typeof userAccessChangeSchema>;

export const userIdParamsSchema = z.object({ userId: z.string().uuid() });

/** One entry of a user's access history: an audited change with its before, after and reason. */
export const accessHistoryEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  action: z.string(),
  actorId: z.string().uuid().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AccessHistoryEntry = z.infer<typeof accessHistoryEntrySchema>;
export const accessHistorySchema = z.array(accessHistoryEntrySchema);

export const accessAtQuerySchema = z.object({ userId: z.string().uuid(), at: z.iso.datetime({ offset: true }) });
export const accessAtSchema = z.object({
  at: z.string(),
  role: z.enum(ROLES),
  accountEnabled: z.boolean(),
  officeId: z.string().uuid().nullable(),
  permissions: permissionListSchema,
});
export type AccessAt = z.infer<typeof accessAtSchema>;

/** A named set of permissions (Operator, Manager of an office…) applied to many users at once. */
export const accessProfileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  permissions: permissionListSchema,
  memberCount: z.number().int(),
});
export type AccessProfile = z.infer<typeof accessProfileSchema>;
export const accessProfileListSchema = z.array(accessProfileSchema);

const profileNameSchema = z
  .string({ error: ACCESS_ADMIN_MESSAGES.profileName })
  .trim()
  .min(1, ACCESS_ADMIN_MESSAGES.profileName)
  .max(100, ACCESS_ADMIN_MESSAGES.profileName);

export const accessProfileWriteSchema = z.object({
  name: profileNameSchema,
  permissions: permissionEditSchema,
  /** Changing a profile changes the access of everyone who follows it, so it is audited per user. */
  reason: reasonSchema,
});
export type AccessProfileWrite = z.infer<typeof accessProfileWriteSchema>;
export const profileIdQuerySchema = z.object({ id: z.string().uuid() });

export const applyProfileSchema = z.object({
  profileId: z.string().uuid(),
  userIds: z.array(z.string().uuid()).min(1, ACCESS_ADMIN_MESSAGES.noUsers).max(500),
  reason: reasonSchema,
});
export type ApplyProfile = z.infer<typeof applyProfileSchema>;
export const applyProfileResultSchema = z.object({ updated: z.number().int() });

/** The records "what can this person do" and "who can see this" are asked about. */
export const EXPLAINED_RECORD_KINDS = ['client', 'inquiry', 'appointment'] as const;
export type ExplainedRecordKind = (typeof EXPLAINED_RECORD_KINDS)[number];

export const explainRequestSchema = z.object({
  userId: z.string().uuid(),
  recordKind: z.enum(EXPLAINED_RECORD_KINDS),
  recordId: z.string().uuid(),
});
export type ExplainRequest = z.infer<typeof explainRequestSchema>;

/** Whether one access holds for the record, and the permission and condition that decide it, in words. */
export const accessDecisionSchema = z.object({
  accessType: z.enum(ACCESS_TYPES),
  allowed: z.boolean(),
  permissionType: z.enum(PERMISSION_TYPES).nullable(),
  because: z.string(),
});
export type AccessDecision = z.infer<typeof accessDecisionSchema>;
export const explainResponseSchema = z.object({
  recordLabel: z.string(),
  officeName: z.string().nullable(),
  decisions: z.array(accessDecisionSchema),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

export const whoCanSeeRequestSchema = explainRequestSchema.omit({ userId: true });
export const whoCanSeeResponseSchema = z.object({
  recordLabel: z.string(),
  users: z.array(
    z.object({
      id: z.string().uuid(),
      displayName: z.string(),
      role: z.enum(ROLES),
      officeName: z.string().nullable(),
      permissionType: z.enum(PERMISSION_TYPES),
    }),
  ),
});
export type WhoCanSeeResponse = z.infer<typeof whoCanSeeResponseSchema>;

export const RELATION_LABELS: Record<(typeof RELATION_TYPES)[number], string> = {
  EQUALS: 'is one of',
  NOT_EQUALS: 'is not one of',
};
export type UserAccessListRequestInput = z.input<typeof userAccessListRequestSchema>;
