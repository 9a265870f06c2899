import { z } from 'zod';
import { parseCents } from '@casedesk/contract/common/money';

/**
 * Typed dollars and cents ('1,250.50', '-20') as integer cents, checked by the contract's schema of the amount,
 * so its message is the one shown (DESIGN §3: never a float). Blank or unreadable text fails that schema too.
 */
export function dollarsField<S extends z.ZodType<number, number | undefined>>(schema: S) {
  return z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : (parseCents(text) ?? Number.NaN)))
    .pipe(schema);
}
