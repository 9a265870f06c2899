import { z } from 'zod';
import type { PermissionRequirement } from '../access/permissions.ts';

/** SPEC §3/§7 dropdown option types the firm seeds (law types, jurisdictions, SMS categories and reasons). */
export const DROPDOWN_TYPES = ['INQUIRY_LAW_TYPE', 'JURISDICTION', 'SMS_CATEGORY', 'SMS_REASON'] as const;
export type DropdownType = (typeof DROPDOWN_TYPES)[number];

/**
 * GET /api/v1/dropdown/office?officeDropdownType=…: which screen asks, and so whose office condition
 * narrows the list (SPEC §6: record-level OFFICE conditions). The caller must hold the named access level;
 * its OFFICE conditions, if any, limit the offices returned.
 * - LEADS: offices of inquiries the caller may read (leads list filter, inquiry office picker).
 * - CALLS: call logs.
 * - SMS: offices the caller may text from (SPEC §6: office choices filtered by the office condition on SMS CREATE).
 * - APPOINTMENTS: appointment lists.
 * - CASH_FLOW: cash-flow screens.
 * - COLLECTIONS: collection accounts.
 * - OFFICE: the office management screen.
 * - TRACKING_LINE: offices the caller may give a tracking line (TRACKING_LINE CREATE).
 * - MAIL: offices the caller may send e-mail and letters for (MAIL CREATE).
 */
export const OFFICE_DROPDOWN_PERMISSIONS = {
  LEADS: ['LEADS', 'READ'],
  CALLS: ['CALLS', 'READ'],
  SMS: ['SMS', 'CREATE'],
  APPOINTMENTS: ['ALL_APPOINTMENTS', 'READ'],
  CASH_FLOW: ['CASH_FLOW', 'READ'],
  COLLECTIONS: ['ALL_ACCOUNTS', 'READ'],
  OFFICE: ['OFFICE', 'READ'],
  TRACKING_LINE: ['TRACKING_LINE', 'CREATE'],
  MAIL: ['MAIL', 'CREATE'],
} as const satisfies Record<string, PermissionRequirement>;
export type OfficeDropdownType = keyof typeof OFFICE_DROPDOWN_PERMISSIONS;
export const OFFICE_DROPDOWN_TYPES = Object.keys(OFFICE_DROPDOWN_PERMISSIONS) as [
  OfficeDropdownType,
  ...OfficeDropdownType[],
];

export const DROPDOWN_MESSAGES = {
  dropdownType: `Dropdown Type must be one of ${DROPDOWN_TYPES.join(', ')}.`,
  isActive: 'Is Active must be true or false.',
  officeDropdownType: `Office Dropdown Type must be one of ${OFFICE_DROPDOWN_TYPES.join(', ')}.`,
} as const;

/**
 * Query of POST /api/v1/dropdown/active. `isActive=true` (the default) gives the active options only;
 * `isActive=false` gives every option, retired ones included, so a saved record still shows its value.
 */
export const activeDropdownQuerySchema = z
  .object({
    isActive: z
      .enum(['true', 'false'], { error: DROPDOWN_MESSAGES.isActive })
      .default('true')
      .transform((v) => v === 'true'),
  })
  .strict();
export type ActiveDropdownQuery = z.infer<typeof activeDropdownQuerySchema>;

export const activeDropdownRequestSchema = z
  .object({
    filter: z.object({ dropdownType: z.enum(DROPDOWN_TYPES, { error: DROPDOWN_MESSAGES.dropdownType }) }).strict(),
  })
  .strict();
export type ActiveDropdownRequest = z.infer<typeof activeDropdownRequestSchema>;

/** SPEC §3 Dropdown option: `value` and `label` carry the same text (the spec names either). */
export const dropdownOptionSchema = z.object({
  id: z.string().uuid(),
  value: z.string(),
  label: z.string(),
  dropdownType: z.enum(DROPDOWN_TYPES),
  active: z.boolean(),
  /** e.g. the SMS category type that SMS permissions condition on (SPEC §6). */
  groupType: z.string().nullable(),
});
export type DropdownOption = z.infer<typeof dropdownOptionSchema>;
export const dropdownOptionListSchema = z.array(dropdownOptionSchema);

export const officeDropdownQuerySchema = z
  .object({
    officeDropdownType: z.enum(OFFICE_DROPDOWN_TYPES, { error: DROPDOWN_MESSAGES.officeDropdownType }),
  })
  .strict();
export type OfficeDropdownQuery = z.infer<typeof officeDropdownQuerySchema>;

export const officeOptionSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  officeType: z.enum(['OFFICE', 'CALL_CENTER', 'CORPORATE']),
  /** Its IANA zone: a screen that opens on "today at this office" (the office-entered cash flow) needs it. */
  timeZone: z.string(),
});
export type OfficeOption = z.infer<typeof officeOptionSchema>;
export const officeOptionListSchema = z.array(officeOptionSchema);

/** An active office; its IANA zone gives a form "today at this office" (a payment's default date). */
export const allOfficesItemSchema = z.object({ id: z.string().uuid(), name: z.string(), timeZone: z.string() });
export type AllOfficesItem = z.infer<typeof allOfficesItemSchema>;
export const allOfficesListSchema = z.array(allOfficesItemSchema);
