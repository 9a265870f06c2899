import { z } from 'zod';
import { FIELD_MESSAGES } from '../common/field-rules.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';

/**
 * Letters (SPEC §7 mail/saveLetter): a filled LETTER template printed on the office's letterhead as a PDF and
 * saved on the client (or collection account), to download and print. Batch letters make one per client of a list
 * in a background job.
 */

export const LETTER_SUBJECT_MAX_LENGTH = 200;
export const LETTER_BODY_MAX_LENGTH = 20_000;
/** One batch: the clients of a list, at most this many (a JSON body of about 400 kB). */
export const LETTER_BATCH_MAX = 10_000;

export const LETTER_MESSAGES = {
  subjectRequired: FIELD_MESSAGES.required('Subject'),
  subjectMax: FIELD_MESSAGES.maxLength('Subject', LETTER_SUBJECT_MAX_LENGTH),
  bodyRequired: FIELD_MESSAGES.required('Body'),
  bodyMax: FIELD_MESSAGES.maxLength('Body', LETTER_BODY_MAX_LENGTH),
  officeRequired: FIELD_MESSAGES.required('Office'),
  officeOutOfScope: 'Office is not one of the offices you may send mail for.',
  recipientRequired: 'A letter needs a client or a collection account to be addressed to.',
  clientUnknown: 'Client not found.',
  collectionAccountUnknown: 'Collection account not found.',
  batchEmpty: 'Choose at least one client for the batch.',
  batchTooLarge: `A batch holds at most ${LETTER_BATCH_MAX.toLocaleString('en-US')} letters.`,
  batchClientsUnknown: (count: number) =>
    `${count} of the chosen clients ${count === 1 ? 'was' : 'were'} not found or ${count === 1 ? 'is' : 'are'} not yours to write to.`,
  notFound: 'Letter not found.',
  batchNotFound: 'Letter batch not found.',
  batchFailed: 'The letters could not all be made. Please try again.',
} as const;

const requiredText = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .refine((v) => v.trim() !== '', required)
    .refine((v) => v.length <= max, maxMessage);

const subjectSchema = requiredText(
  LETTER_MESSAGES.subjectRequired,
  LETTER_SUBJECT_MAX_LENGTH,
  LETTER_MESSAGES.subjectMax,
);
const bodySchema = requiredText(LETTER_MESSAGES.bodyRequired, LETTER_BODY_MAX_LENGTH, LETTER_MESSAGES.bodyMax);

/**
 * POST /api/v1/mail/saveLetter: the body is the letter's text, already filled (the templates module fills a
 * LETTER template); the letterhead is the office's, the address block the client's.
 */
export const saveLetterRequestSchema = z
  .object({
    officeId: z.uuid({ error: LETTER_MESSAGES.officeRequired }),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
    subject: subjectSchema,
    body: bodySchema,
  })
  .strict()
  .refine((v) => v.clientId || v.collectionAccountId, {
    message: LETTER_MESSAGES.recipientRequired,
    path: ['clientId'],
  });
export type SaveLetterRequest = z.output<typeof saveLetterRequestSchema>;
export type SaveLetterRequestInput = z.input<typeof saveLetterRequestSchema>;

/** A saved letter: its PDF is downloaded from `downloadUrl` (bearer token) and printed from there. */
export const letterSchema = z.object({
  id: z.uuid(),
  officeId: z.uuid(),
  officeName: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  collectionAccountId: z.uuid().nullable(),
  subject: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  batchId: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});
export type Letter = z.infer<typeof letterSchema>;

export const letterListFilterSchema = z
  .object({
    officeId: z.uuid().nullish(),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
    batchId: z.uuid().nullish(),
  })
  .strict();

/** POST /api/v1/mail/letter/all: saved letters within the caller's MAIL READ offices, newest first. */
export const letterListRequestSchema = listRequestSchema(letterListFilterSchema);
export type LetterListRequest = z.output<typeof letterListRequestSchema>;
export type LetterListRequestInput = z.input<typeof letterListRequestSchema>;
export const letterListResponseSchema = listResponseSchema(letterSchema);
export type LetterListResponse = z.infer<typeof letterListResponseSchema>;

export const letterIdParamsSchema = z.object({ id: z.uuid() }).strict();

/**
 * POST /api/v1/mail/letterBatch: one letter per client, from one body whose SPEC §3 placeholders
 * (@clientFirstName, @clientLastName) are filled per client. Answers 202 with the batch's status.
 */
export const letterBatchRequestSchema = z
  .object({
    officeId: z.uuid({ error: LETTER_MESSAGES.officeRequired }),
    clientIds: z
      .array(z.uuid(), { error: LETTER_MESSAGES.batchEmpty })
      .min(1, LETTER_MESSAGES.batchEmpty)
      .max(LETTER_BATCH_MAX, LETTER_MESSAGES.batchTooLarge),
    subject: subjectSchema,
    body: bodySchema,
  })
  .strict();
export type LetterBatchRequest = z.output<typeof letterBatchRequestSchema>;
export type LetterBatchRequestInput = z.input<typeof letterBatchRequestSchema>;

export const LETTER_BATCH_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type LetterBatchState = (typeof LETTER_BATCH_STATES)[number];

/** GET /api/v1/mail/letterBatch/:batchId: how far a batch has come; only its requester sees it. */
export const letterBatchStatusSchema = z.object({
  id: z.uuid(),
  officeId: z.uuid(),
  subject: z.string(),
  state: z.enum(LETTER_BATCH_STATES),
  total: z.number().int(),
  done: z.number().int(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type LetterBatchStatus = z.infer<typeof letterBatchStatusSchema>;

export const letterBatchParamsSchema = z.object({ batchId: z.uuid() }).strict();

export const letterFileUrl = (letterId: string) => `/api/v1/mail/letter/${letterId}/file`;
