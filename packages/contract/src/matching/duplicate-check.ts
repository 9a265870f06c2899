import { z } from 'zod';
import { dateOfBirthField, emailField, phoneField, textField } from '../common/field-rules.ts';
import { digitsOnly } from '../common/text.ts';
import { MATCH_REASONS } from './match-score.ts';

/** Up to 10 likely matches, best first. */
export const DUPLICATE_MATCH_LIMIT = 10;
/** Four phone columns per client (SPEC §3): primary, secondary, mobile, home. */
export const MAX_MATCH_PHONES = 4;

/** Blank → undefined, anything else trimmed: a form being typed sends empty strings for untouched fields. */
function optionalTrimmed<T extends z.ZodType<string, string>>(field: T) {
  return field.optional().transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
}

/** A phone typed in any format; blank entries are dropped, others must be 10 digits (SPEC §5). */
export const matchPhonesField = z
  .array(z.string().max(30))
  .max(MAX_MATCH_PHONES, `Phones must be at most ${MAX_MATCH_PHONES} numbers.`)
  .default([])
  .transform((list) => list.filter((p) => digitsOnly(p) !== ''))
  .pipe(z.array(phoneField('phone')))
  .transform((list) => [...new Set(list)]);

/** The person being typed: SPEC §5 rules and messages for each field, every field optional. */
export const matchPersonFields = {
  firstName: optionalTrimmed(textField('firstName')),
  lastName: optionalTrimmed(textField('lastName')),
  dateOfBirth: optionalTrimmed(dateOfBirthField('dateOfBirth')),
  phones: matchPhonesField,
};

/** POST /api/v1/client/duplicate and /api/v1/inquiry/duplicate body. */
export const duplicateCheckRequestSchema = z
  .object({
    ...matchPersonFields,
    email: optionalTrimmed(emailField('email')).transform((v) => v?.toLowerCase()),
    /** An LMS client number names one person, like a phone or an email: a way in of its own. */
    lmsClientNumber: optionalTrimmed(textField('lmsClientNumber')),
    /** The client being edited, never its own duplicate. */
    excludeClientId: z.string().uuid('Exclude Client Id must be a client id.').optional(),
  })
  .strict();
export type DuplicateCheckInput = z.input<typeof duplicateCheckRequestSchema>;
export type DuplicateCheckRequest = z.output<typeof duplicateCheckRequestSchema>;

const nullableText = z.string().nullable();

export const matchReasonListSchema = z.array(z.enum(MATCH_REASONS));

/** One likely existing client. */
export const duplicateMatchSchema = z.object({
  clientId: z.string().uuid(),
  firstName: z.string(),
  middleName: nullableText,
  lastName: z.string(),
  /** yyyy-MM-dd */
  dateOfBirth: nullableText,
  email: nullableText,
  primaryNumber: nullableText,
  secondaryNumber: nullableText,
  mobileNumber: nullableText,
  homeNumber: nullableText,
  lmsClientNumber: nullableText,
  /** 0–100 */
  score: z.number().int().min(0).max(100),
  reasons: matchReasonListSchema,
  /** The stored first name when the reason is NICKNAME ("Bob" is a nickname of "Robert"). */
  nicknameOf: nullableText,
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
export const duplicateMatchListSchema = z.array(duplicateMatchSchema);

/** /inquiry/duplicate adds the client's inquiries the caller may open (LEADS READ scope), newest first. */
export const inquiryDuplicateMatchSchema = duplicateMatchSchema.extend({
  inquiries: z.array(z.object({ id: z.string().uuid(), createdAt: z.string() })),
});
export type InquiryDuplicateMatch = z.infer<typeof inquiryDuplicateMatchSchema>;
export const inquiryDuplicateMatchListSchema = z.array(inquiryDuplicateMatchSchema);
