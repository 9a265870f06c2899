/** Dropdown values the firm works with (SPEC §3 dropdown option types). */
export const LAW_TYPES = [
  'Personal Injury',
  "Workers' Compensation",
  'Family Law',
  'Criminal Defense',
  'Immigration',
  'Bankruptcy',
  'Employment',
  'Estate Planning',
] as const;

export const JURISDICTIONS = ['California', 'Nevada', 'Arizona', 'Texas', 'Florida', 'Federal'] as const;

/** SMS categories carry the category type that SMS permissions condition on (SPEC §5/§6). */
export const SMS_CATEGORIES = [
  { value: 'Call Center', groupType: 'CALL_CENTER' },
  { value: 'Office', groupType: 'OFFICE' },
  { value: 'Attorney', groupType: 'OFFICE' },
  { value: 'Collections', groupType: 'COLLECTIONS' },
  { value: 'Payment Plan', groupType: 'COLLECTIONS' },
] as const;

export const SMS_REASONS = [
  'New Inquiry',
  'Appointment Confirmation',
  'Appointment Reschedule',
  'Document Request',
  'Case Status',
  'Payment Reminder',
  'Wrong Number',
  'Other',
] as const;
