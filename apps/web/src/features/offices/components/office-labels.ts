import type { OfficeStatus, OfficeType } from '@casedesk/contract/offices/office';

export const OFFICE_TYPE_LABELS: Record<OfficeType, string> = {
  OFFICE: 'Office',
  CALL_CENTER: 'Call center',
  CORPORATE: 'Corporate',
};

export const OFFICE_STATUS_LABELS: Record<OfficeStatus, string> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

/**
 * What a deactivated office still shows and what it leaves, in the words of the confirm dialog and the page
 * (the server's rules: offices are never deleted, only kept out of new work).
 */
export const INACTIVE_OFFICE_KEEPS =
  'It stays in the offices list, and its calls, texts, appointments, holidays and reports keep naming it.';
export const INACTIVE_OFFICE_LEAVES =
  'It is no longer offered for new work: office pickers, Send Text from-numbers, outgoing caller ids, and ' +
  'its attorneys for new bookings.';
