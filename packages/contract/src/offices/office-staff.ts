import { z } from 'zod';
import { ROLES } from '../users/user.ts';

export const officeAttorneySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  lawType: z.string(),
  jurisdiction: z.string(),
  isLitigation: z.boolean(),
});
export type OfficeAttorney = z.infer<typeof officeAttorneySchema>;

export const officeUserSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  mail: z.string(),
  jobTitle: z.string().nullable(),
  role: z.enum(ROLES),
  accountEnabled: z.boolean(),
});
export type OfficeUser = z.infer<typeof officeUserSchema>;

export const officeTrackingLineSchema = z.object({
  id: z.uuid(),
  dnis: z.string(),
  source: z.string(),
  pointTo: z.string(),
  active: z.boolean(),
});
export type OfficeTrackingLine = z.infer<typeof officeTrackingLineSchema>;

/**
 * GET /api/v1/office/{officeId}/staff: who and what works for the office. Each part follows the caller's
 * permission for its own kind of record (ATTORNEY_SCHEDULE, USER_DIRECTORY, TRACKING_LINE READ reaching the
 * office); null means the caller may not read that kind there.
 */
export const officeStaffSchema = z.object({
  attorneys: z.array(officeAttorneySchema).nullable(),
  users: z.array(officeUserSchema).nullable(),
  trackingLines: z.array(officeTrackingLineSchema).nullable(),
});
export type OfficeStaff = z.infer<typeof officeStaffSchema>;

/** PUT /api/v1/office/{officeId}/attorney: the attorney who now works for this office. */
export const officeAttorneyMoveSchema = z.object({ attorneyId: z.uuid() }).strict();
export type OfficeAttorneyMove = z.infer<typeof officeAttorneyMoveSchema>;
