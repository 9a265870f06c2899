import { z } from 'zod';
import { ACCESS_TYPES, CONDITION_TYPES, PERMISSION_TYPES, RELATION_TYPES } from './permissions.ts';

/**
 * The shape of a user's permissions as the API sends and takes it. The types, the access rules that read them and
 * the constants are in permissions.ts, which has no zod: the browser's first screen checks access without it.
 */
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
