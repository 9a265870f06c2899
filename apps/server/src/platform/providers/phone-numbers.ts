/**
 * We store US numbers as 10 digits (provider.ts); Twilio speaks E.164. Adapters convert on the way
 * out, and webhook handlers convert the From/To they receive with `toNationalNumber`.
 */

/** '5551234567' (or any punctuation of it, or 1 + 10 digits) → '+15551234567'. */
export function toE164(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  throw new Error(`Not a 10-digit US phone number: ${digits.length} digits`);
}

/** '+15551234567' → '5551234567'; anything that is not a US number comes back as its digits. */
export function toNationalNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
