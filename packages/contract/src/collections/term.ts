import { z } from 'zod';

/**
 * The terms an account is worked on (Payment Plan, Pay in Full, Settlement …), managed by admins. SPEC §5's
 * template rule asks whether the account's term is Payment Plan: `isPaymentPlan` answers it, so a renamed
 * term keeps its meaning.
 */
export const TERM_NAME_MAX = 60;
export const TERM_MESSAGES = {
  name: 'Name is a required field.',
  nameLength: `Name must be ${TERM_NAME_MAX} characters or less.`,
  nameTaken: 'A term with this name already exists.',
  notFound: 'Term not found.',
  firmWide: 'Terms are shared by every office: changing them needs collection management without an office condition.',
} as const;

export const termSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPaymentPlan: z.boolean(),
  active: z.boolean(),
});
export type Term = z.infer<typeof termSchema>;
export const termListSchema = z.array(termSchema);

/** POST /api/v1/term (create) and PUT /api/v1/term (update, with id). */
export const termWriteSchema = z
  .object({
    id: z.uuid().optional(),
    name: z
      .string({ error: TERM_MESSAGES.name })
      .trim()
      .min(1, TERM_MESSAGES.name)
      .max(TERM_NAME_MAX, TERM_MESSAGES.nameLength),
    isPaymentPlan: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .strict();
export type TermWrite = z.infer<typeof termWriteSchema>;
/** POST /api/v1/term: a new term (no id). */
export const termCreateSchema = termWriteSchema.omit({ id: true }).strict();
export type TermCreate = z.infer<typeof termCreateSchema>;
/** PUT /api/v1/term: the term named by id, every field given. */
export const termUpdateSchema = termWriteSchema.extend({ id: z.uuid() }).strict();
export type TermUpdate = z.infer<typeof termUpdateSchema>;

export const SEEDED_TERMS: readonly { name: string; isPaymentPlan: boolean }[] = [
  { name: 'Payment Plan', isPaymentPlan: true },
  { name: 'Pay in Full', isPaymentPlan: false },
  { name: 'Settlement', isPaymentPlan: false },
];
