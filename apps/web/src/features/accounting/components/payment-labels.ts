import {
  PAYMENT_ACCOUNT_LABELS,
  PAYMENT_ACCOUNTS,
  PAYMENT_TYPES,
  PAYMENT_TYPE_LABELS,
} from '@casedesk/contract/accounting/payment';

export const PAYMENT_TYPE_OPTIONS = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));
export const PAYMENT_ACCOUNT_OPTIONS = PAYMENT_ACCOUNTS.map((value) => ({
  value,
  label: PAYMENT_ACCOUNT_LABELS[value],
}));

/** yyyy-MM-dd of the browser's day: the default payment and office day (the server refuses a future one). */
export function today(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
