import { z } from 'zod';
import { ACCESS_ADMIN_MESSAGES } from '../access/access-admin.ts';

/** A directory group as administrators see it, and the permission profile its members get. */
export const directoryGroupSchema = z.object({
  id: z.string().uuid(),
  source: z.enum(['SCIM', 'GRAPH']),
  displayName: z.string(),
  profileId: z.string().uuid().nullable(),
  memberCount: z.number().int(),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;
export const directoryGroupListSchema = z.array(directoryGroupSchema);

export const mapDirectoryGroupSchema = z.object({
  /** Null: the group gives no profile (its members keep what they have). */
  profileId: z.string().uuid().nullable(),
  reason: z.string().trim().min(1, ACCESS_ADMIN_MESSAGES.reason).max(500, ACCESS_ADMIN_MESSAGES.reasonLength),
});
export type MapDirectoryGroup = z.infer<typeof mapDirectoryGroupSchema>;
export const directoryGroupIdQuerySchema = z.object({ id: z.string().uuid() });
