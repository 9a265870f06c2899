import { z } from 'zod';
import { textField } from '../common/field-rules.ts';
import { matchPersonFields, matchReasonListSchema } from './duplicate-check.ts';

/** Rows of the potential-conflicts table; enough to warn without flooding the inquiry screen. */
export const POTENTIAL_CONFLICT_LIMIT = 20;

/** SPEC §2 potential-conflicts table headers, in order. */
export const POTENTIAL_CONFLICT_HEADERS = ['Names', 'DOB', 'Numbers', 'LMS Client Number'] as const;
export const NO_POTENTIAL_CONFLICTS = 'No potential conflicts';

/** One typed person (the new client or the opposing party): names, DOB, phones, LMS client number. */
export const conflictPersonSchema = z
  .object({
    ...matchPersonFields,
    middleName: textField('middleName')
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
    lmsClientNumber: textField('lmsClientNumber')
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
  })
  .strict();
export type ConflictPersonInput = z.input<typeof conflictPersonSchema>;
export type ConflictPerson = z.output<typeof conflictPersonSchema>;

/** POST /api/v1/inquiry/potentialConflicts body. */
export const potentialConflictsRequestSchema = z
  .object({
    client: conflictPersonSchema.prefault({}),
    opposingParty: conflictPersonSchema.prefault({}),
    /** The inquiry being edited: its own opposing party is not a conflict with itself. */
    inquiryId: z.string().uuid('Inquiry Id must be an inquiry id.').optional(),
  })
  .strict();
export type PotentialConflictsInput = z.input<typeof potentialConflictsRequestSchema>;
export type PotentialConflictsRequest = z.output<typeof potentialConflictsRequestSchema>;

/**
 * Which typed person matched what:
 * - CLIENT_IS_OPPOSING_PARTY: the new client is the opposing party of another inquiry;
 * - OPPOSING_PARTY_IS_CLIENT: the new opposing party is an existing client;
 * - OPPOSING_PARTY_IS_OPPOSING_PARTY: the new opposing party is also opposing in another inquiry.
 */
export const CONFLICT_SIDES = [
  'CLIENT_IS_OPPOSING_PARTY',
  'OPPOSING_PARTY_IS_CLIENT',
  'OPPOSING_PARTY_IS_OPPOSING_PARTY',
] as const;
export type ConflictSide = (typeof CONFLICT_SIDES)[number];

export const CONFLICT_SIDE_LABELS: Record<ConflictSide, string> = {
  CLIENT_IS_OPPOSING_PARTY: 'Client is opposing party in another inquiry',
  OPPOSING_PARTY_IS_CLIENT: 'Opposing party is an existing client',
  OPPOSING_PARTY_IS_OPPOSING_PARTY: 'Opposing party is opposing in another inquiry',
};

/**
 * One potential conflict. When the matched record belongs to an inquiry of an office outside the
 * caller's LEADS READ scope, `restricted` is true and the person's details and ids are withheld (null):
 * the warning and its reasons remain, so the operator knows to escalate, but nothing of the other
 * office's inquiry is disclosed (SPEC §6 record-level conditions).
 */
export const potentialConflictSchema = z.object({
  side: z.enum(CONFLICT_SIDES),
  names: z.string().nullable(),
  /** yyyy-MM-dd */
  dateOfBirth: z.string().nullable(),
  numbers: z.array(z.string()),
  lmsClientNumber: z.string().nullable(),
  /** The existing client to open (OPPOSING_PARTY_IS_CLIENT), else the client of the matched inquiry. */
  clientId: z.string().uuid().nullable(),
  /** The inquiry whose opposing party matched. */
  inquiryId: z.string().uuid().nullable(),
  score: z.number().int().min(0).max(100),
  reasons: matchReasonListSchema,
  restricted: z.boolean(),
});
export type PotentialConflict = z.infer<typeof potentialConflictSchema>;
export const potentialConflictListSchema = z.array(potentialConflictSchema);
