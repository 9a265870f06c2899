import { z } from 'zod';
import { listResponseSchema, pageNumberSchema, pageSizeSchema, SORT_ORDERS } from '../common/paging.ts';
import { digitsOnly } from '../common/text.ts';
import { FILE_URL_PATTERN } from './user-photo.ts';
import { DEFAULT_DASHBOARDS } from './default-dashboard.ts';

/** Roles the firm uses; ADMIN and MANAGER are also the values of role conditions (SPEC §6). */
export const ROLES = ['ADMIN', 'MANAGER', 'OPERATOR', 'ATTORNEY', 'COLLECTOR'] as const;
export type Role = (typeof ROLES)[number];

export const USER_MESSAGES = {
  extension: 'Phone Extension must be six digits.',
  phone: (label: string) => `${label} must be a valid phone number.`,
  profileUpdated: 'User Profile has been updated successfully',
  imageUrl: 'Image Url must be a photo uploaded for this user.',
  role: `Role must be one of ${ROLES.join(', ')}.`,
  zoomLink: 'Zoom Link must be a web address starting with https://.',
} as const;

/**
 * The link is sent to clients and opened from the app, so only an https address on a named host: a
 * javascript:, data: or plain http link would run script or travel in clear text.
 */
const zoomLinkSchema = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: USER_MESSAGES.zoomLink })
  .regex(/^https:\/\//i, USER_MESSAGES.zoomLink)
  .max(500, USER_MESSAGES.zoomLink);

export const userDetailSchema = z.object({
  id: z.string().uuid(),
  displayName: z.string(),
  mail: z.string(),
  jobTitle: z.string().nullable(),
  role: z.enum(ROLES),
  workNumber: z.string().nullable(),
  phoneExtension: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  zoomLink: z.string().nullable(),
  imageUrl: z.string().nullable(),
  image: z.string().nullable(),
  clickToCall: z.string().nullable(),
  defaultDashboard: z.enum(DEFAULT_DASHBOARDS).nullable(),
  accountEnabled: z.boolean(),
  officeId: z.string().uuid().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** A phone typed in any format, stored as its 10 digits (SPEC §5); empty clears it. */
function phoneField(label: string) {
  return z
    .string()
    .max(30)
    .transform((v) => digitsOnly(v))
    .refine((v) => v === '' || v.length === 10, USER_MESSAGES.phone(label))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** PUT /api/v1/user body: the fields a user may edit on their profile (SPEC §2 User Profile). */
export const updateUserSchema = z
  .object({
    workNumber: phoneField('Work Number'),
    phoneExtension: z
      .string()
      .regex(/^(\d{6})?$/, USER_MESSAGES.extension)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    mobileNumber: phoneField('Mobile Number'),
    clickToCall: phoneField('Click To Call'),
    zoomLink: z
      .union([z.literal(''), zoomLinkSchema])
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    // SPEC §7 photo: set after the upload; only a /api/v1/files/{id} path of this user's own photo (checked by the server).
    imageUrl: z
      .union([z.literal(''), z.string().regex(FILE_URL_PATTERN, USER_MESSAGES.imageUrl)])
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userIdQuerySchema = z.object({ userId: z.string().uuid().optional() }).strict();

export const updateDashboardSchema = z.object({ defaultDashboard: z.enum(DEFAULT_DASHBOARDS) }).strict();

/** SPEC §2 User Directory: columns name, email, phone, extension, location; 10 per page; default sort displayName ascending (§9). */
export const USER_DIRECTORY_SORTS = ['displayName', 'mail', 'workNumber', 'phoneExtension', 'location'] as const;
export const USER_DIRECTORY_PAGE_SIZE = 10;

export const userDirectoryRequestSchema = z
  .object({
    pageNumber: pageNumberSchema,
    pageSize: pageSizeSchema.default(USER_DIRECTORY_PAGE_SIZE),
    sortBy: z.enum(USER_DIRECTORY_SORTS).default('displayName'),
    sortOrder: z.enum(SORT_ORDERS).default('ASC'),
    filter: z
      .object({ searchKeyword: z.string().trim().max(100).optional() })
      .strict()
      .default({}),
  })
  .strict();
export type UserDirectoryRequest = z.infer<typeof userDirectoryRequestSchema>;

export const userDirectoryEntrySchema = z.object({
  id: z.string().uuid(),
  displayName: z.string(),
  mail: z.string(),
  workNumber: z.string().nullable(),
  phoneExtension: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  location: z.string().nullable(),
});
export type UserDirectoryEntry = z.infer<typeof userDirectoryEntrySchema>;
export const userDirectoryResponseSchema = listResponseSchema(userDirectoryEntrySchema);

/** GET /api/v1/user/min: active users for pickers, sorted by name. */
export const userMinSchema = z.object({ id: z.string().uuid(), displayName: z.string() });
export type UserMin = z.infer<typeof userMinSchema>;
export const userMinListSchema = z.array(userMinSchema);

/** GET /api/v1/user/role?role=…: users with that role (the choose-assignee modal of SMS category changes). */
export const userRoleQuerySchema = z.object({ role: z.enum(ROLES, { error: USER_MESSAGES.role }) }).strict();
export const userByRoleSchema = z.object({ id: z.string().uuid(), displayName: z.string(), mail: z.string() });
export type UserByRole = z.infer<typeof userByRoleSchema>;
export const userByRoleListSchema = z.array(userByRoleSchema);
