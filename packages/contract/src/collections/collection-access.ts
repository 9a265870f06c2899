import { z } from 'zod';
import { permissionEditSchema, reasonSchema } from '../access/access-admin.ts';
import { type Permission, permissionListSchema } from '../access/permission-schemas.ts';
import { ROLES } from '../users/user.ts';

/**
 * Collection access control (SPEC §6 "cash-flow and collection access control", SPEC §7 collectionAccount
 * getAccessControl and updateAccess): who may read, open and work collection accounts in which offices, and who
 * sees the collections dashboard, management and reporting, as permissions of the ordinary engine. The same
 * shape as cash-flow management (accounting/cash-flow-access.ts).
 */
export const COLLECTION_PERMISSION_TYPES = [
  'ALL_ACCOUNTS',
  'COLLECTIONS_DASHBOARD',
  'COLLECTION_MANAGEMENT',
  'COLLECTION_REPORTING',
] as const;
export type CollectionPermissionType = (typeof COLLECTION_PERMISSION_TYPES)[number];

export const COLLECTION_ACCESS_MESSAGES = {
  onlyCollections: `Only ${COLLECTION_PERMISSION_TYPES.join(', ')} can be changed here.`,
} as const;

const isCollectionType = (type: string): type is CollectionPermissionType =>
  (COLLECTION_PERMISSION_TYPES as readonly string[]).includes(type);

/** The collections part of a user's permissions. */
export function collectionPermissionsOf(permissions: readonly Permission[]): Permission[] {
  return permissions.filter((p) => isCollectionType(p.permissionType));
}

/** A user's permissions with the collections part replaced, the rest kept as it was. */
export function withCollectionPermissions(permissions: readonly Permission[], collections: readonly Permission[]) {
  return [...permissions.filter((p) => !isCollectionType(p.permissionType)), ...collections];
}

export const collectionAccessUserSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  mail: z.string(),
  role: z.enum(ROLES),
  officeId: z.uuid().nullable(),
  officeName: z.string().nullable(),
  accountEnabled: z.boolean(),
  /** Only ALL_ACCOUNTS, COLLECTIONS_DASHBOARD, COLLECTION_MANAGEMENT and COLLECTION_REPORTING. */
  permissions: permissionListSchema,
});
export type CollectionAccessUser = z.infer<typeof collectionAccessUserSchema>;

/** GET /api/v1/collectionAccount/getAccessControl: the users the caller manages, with their collections access. */
export const collectionAccessSchema = z.object({ users: z.array(collectionAccessUserSchema) });
export type CollectionAccess = z.infer<typeof collectionAccessSchema>;

export const collectionAccessQuerySchema = z.object({ userId: z.uuid() }).strict();

/** PUT /api/v1/collectionAccount/updateAccess?userId=…: the user's whole collections part, with the reason. */
export const collectionAccessChangeSchema = z
  .object({
    permissions: permissionEditSchema.refine(
      (list) => list.every((p) => isCollectionType(p.permissionType)),
      COLLECTION_ACCESS_MESSAGES.onlyCollections,
    ),
    reason: reasonSchema,
  })
  .strict();
export type CollectionAccessChange = z.infer<typeof collectionAccessChangeSchema>;
