import { z } from 'zod';
import { FIELD_MESSAGES } from '../common/field-rules.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { LETTER_BODY_MAX_LENGTH, LETTER_SUBJECT_MAX_LENGTH } from './letter.ts';
import { MAIL_ATTACHMENTS_MAX_COUNT, MAIL_MAX_RECIPIENTS, MAIL_MESSAGES } from './mail.ts';

/**
 * Drafts (SPEC §3 "a draft object plus attachments", SPEC §7 draft: GET, PUT multipart, DELETE, approve): a
 * letter or an e-mail about a client or a collection account, written freely or from a template, that goes out
 * only after someone other than its writers approved it (four-eyes). Approval records who, when and a SHA-256 of
 * what was approved; from then on the draft is frozen: it is e-mailed or printed as approved, never edited (a
 * change is a new draft). docs/correspondence-drafts.md tells the whole story.
 */

export const DRAFT_KINDS = ['LETTER', 'EMAIL'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
export const DRAFT_KIND_LABELS: Record<DraftKind, string> = { LETTER: 'Letter', EMAIL: 'E-mail' };

/** DRAFT: written, may change; APPROVED: frozen, waiting to go; SENT (an e-mail) or PRINTED (a letter): done. */
export const DRAFT_STATUSES = ['DRAFT', 'APPROVED', 'SENT', 'PRINTED'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  DRAFT: 'Waiting for approval',
  APPROVED: 'Approved',
  SENT: 'Sent',
  PRINTED: 'Printed',
};

/** Subjects and bodies as long as a letter's (the same as an e-mail's). */
export const DRAFT_SUBJECT_MAX_LENGTH = LETTER_SUBJECT_MAX_LENGTH;
export const DRAFT_BODY_MAX_LENGTH = LETTER_BODY_MAX_LENGTH;

/** The multipart PUT's parts: the draft as JSON, and files named like sendMail's. */
export const DRAFT_PART = 'draft';

export const DRAFT_MESSAGES = {
  kindRequired: 'Kind must be LETTER or EMAIL.',
  officeRequired: FIELD_MESSAGES.required('Office'),
  officeOutOfScope: MAIL_MESSAGES.officeOutOfScope,
  recipientRequired: 'A draft needs a client or a collection account to be about.',
  toRequired: MAIL_MESSAGES.toRequired,
  toInvalid: MAIL_MESSAGES.toInvalid,
  toTooMany: MAIL_MESSAGES.toTooMany,
  toNotForLetter: 'A letter goes to the client’s address: leave To empty.',
  subjectRequired: FIELD_MESSAGES.required('Subject'),
  subjectMax: FIELD_MESSAGES.maxLength('Subject', DRAFT_SUBJECT_MAX_LENGTH),
  bodyRequired: FIELD_MESSAGES.required('Body'),
  bodyMax: FIELD_MESSAGES.maxLength('Body', DRAFT_BODY_MAX_LENGTH),
  clientUnknown: 'Client not found.',
  collectionAccountUnknown: 'Collection account not found.',
  templateUnknown: 'Template not found.',
  templateKind: (kind: DraftKind) =>
    kind === 'EMAIL' ? 'The template is not an e-mail template.' : 'The template is not a letter template.',
  letterAttachments: 'A letter draft takes no attachments: only its text is printed.',
  attachmentsTooMany: `A draft holds at most ${MAIL_ATTACHMENTS_MAX_COUNT} attachments.`,
  attachmentUnknown: 'An attachment to keep is not one of this draft’s.',
  draftPartMissing: 'The multipart request needs a "draft" part holding the draft as JSON.',
  draftPartInvalid: 'The "draft" part is not valid JSON.',
  unexpectedPart: 'Only a "draft" part and files named "attachments" are accepted.',
  notFound: 'Draft not found.',
  attachmentNotFound: 'Attachment not found.',
  approvedFrozen: 'An approved draft cannot be changed; make a new draft.',
  changedMeanwhile: 'Someone else changed this draft’s attachments meanwhile; open it again.',
  approvedKept: 'An approved draft cannot be discarded: it is kept with its approval.',
  alreadyApproved: 'This draft is already approved.',
  ownDraft: 'A draft must be approved by someone other than the people who wrote it.',
  notApproved: 'Only an approved draft can be sent or printed.',
  alreadySent: 'This draft has already been sent.',
  alreadyPrinted: 'This draft has already been printed.',
  notEmail: 'Only an e-mail draft is e-mailed; a letter draft is printed.',
  notLetter: 'Only a letter draft is printed; an e-mail draft is e-mailed.',
  contentChanged: 'The draft no longer matches what was approved, so it did not go out. Make a new draft.',
  approved: 'The draft has been approved.',
} as const;

const requiredText = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .refine((v) => v.trim() !== '', required)
    .refine((v) => v.length <= max, maxMessage);

const recipientSchema = z.email({ error: DRAFT_MESSAGES.toInvalid }).max(254, DRAFT_MESSAGES.toInvalid);

/**
 * The "draft" part of PUT /api/v1/draft (or the whole JSON body when nothing is attached). PUT is the whole
 * draft: without `id` it creates one, with `id` it replaces that draft's content (only while it is not approved).
 * Attachments: the files sent with the request are added after those kept; on an update `keepAttachmentIds`
 * names the ones to keep (left out: all are kept; an empty list: none). `templateId` with no body fills the
 * template for the draft's client or account and makes that the body; with a body, the body is taken as written
 * (the template filled and then edited) and the template is only recorded.
 */
export const draftWriteSchema = z
  .object({
    id: z.uuid().nullish(),
    kind: z.enum(DRAFT_KINDS, { error: DRAFT_MESSAGES.kindRequired }),
    officeId: z.uuid({ error: DRAFT_MESSAGES.officeRequired }),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
    templateId: z.uuid().nullish(),
    /** E-mail only: the recipients. A letter goes to the client's address. */
    to: z
      .array(recipientSchema, { error: DRAFT_MESSAGES.toRequired })
      .max(MAIL_MAX_RECIPIENTS, DRAFT_MESSAGES.toTooMany)
      .nullish(),
    subject: requiredText(DRAFT_MESSAGES.subjectRequired, DRAFT_SUBJECT_MAX_LENGTH, DRAFT_MESSAGES.subjectMax),
    /** Left out (or blank) only with a template, which then gives it. */
    body: z.string({ error: DRAFT_MESSAGES.bodyRequired }).max(DRAFT_BODY_MAX_LENGTH, DRAFT_MESSAGES.bodyMax).nullish(),
    keepAttachmentIds: z.array(z.uuid()).max(MAIL_ATTACHMENTS_MAX_COUNT, DRAFT_MESSAGES.attachmentsTooMany).nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.clientId && !v.collectionAccountId) {
      ctx.addIssue({ code: 'custom', message: DRAFT_MESSAGES.recipientRequired, path: ['clientId'] });
    }
    const to = v.to ?? [];
    if (v.kind === 'EMAIL' && to.length === 0) {
      ctx.addIssue({ code: 'custom', message: DRAFT_MESSAGES.toRequired, path: ['to'] });
    }
    if (v.kind === 'LETTER' && to.length > 0) {
      ctx.addIssue({ code: 'custom', message: DRAFT_MESSAGES.toNotForLetter, path: ['to'] });
    }
    if (!v.templateId && (v.body ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', message: DRAFT_MESSAGES.bodyRequired, path: ['body'] });
    }
  });
export type DraftWrite = z.output<typeof draftWriteSchema>;
export type DraftWriteInput = z.input<typeof draftWriteSchema>;

/** One file of a draft; frozen with it at approval. */
export const draftAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** SHA-256 of the bytes, hex: each one is part of the approval's content hash. */
  sha256: z.string(),
  /** Relative to the origin; the bearer token is needed. */
  downloadUrl: z.string(),
});
export type DraftAttachment = z.infer<typeof draftAttachmentSchema>;

/** One row of the drafts list. */
export const draftSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(DRAFT_KINDS),
  status: z.enum(DRAFT_STATUSES),
  officeId: z.uuid(),
  officeName: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  collectionAccountId: z.uuid().nullable(),
  templateId: z.uuid().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  attachmentCount: z.number().int(),
  createdById: z.uuid(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The approval: who (never one of its writers), when, and the SHA-256 of what they approved. */
  approvedById: z.uuid().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  contentHash: z.string().nullable(),
  /** What the approved draft produced: the outbox e-mail (SENT) or the saved letter (PRINTED). */
  mailId: z.uuid().nullable(),
  letterId: z.uuid().nullable(),
  completedByName: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** GET /api/v1/draft?id=: the draft with its text and attachments; PUT, approve, send and print answer it too. */
export const draftSchema = draftSummarySchema.extend({
  body: z.string(),
  attachments: z.array(draftAttachmentSchema),
  /** Relative URL of the printed letter's PDF (PRINTED letters). */
  letterUrl: z.string().nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

export const DRAFT_SORT_FIELDS = ['createdAt', 'updatedAt', 'status', 'subject'] as const;

export const draftListFilterSchema = z
  .object({
    status: z.enum(DRAFT_STATUSES).nullish(),
    kind: z.enum(DRAFT_KINDS).nullish(),
    officeId: z.uuid().nullish(),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
  })
  .strict();

/** POST /api/v1/draft/all: the drafts of the caller's MAIL READ offices, newest first unless sorted. */
export const draftListRequestSchema = listRequestSchema(draftListFilterSchema).extend({
  sortBy: z.enum(DRAFT_SORT_FIELDS).optional(),
});
export type DraftListRequest = z.output<typeof draftListRequestSchema>;
export type DraftListRequestInput = z.input<typeof draftListRequestSchema>;
export const draftListResponseSchema = listResponseSchema(draftSummarySchema);
export type DraftListResponse = z.infer<typeof draftListResponseSchema>;

/** GET and DELETE /api/v1/draft?id= (SPEC §7 paths take the id as a query). */
export const draftIdQuerySchema = z.object({ id: z.uuid() }).strict();
/** POST /api/v1/draft/approve, /draft/send and /draft/print: the draft named in the body. */
export const draftIdBodySchema = z.object({ id: z.uuid() }).strict();
export const draftAttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() }).strict();

export const draftAttachmentUrl = (draftId: string, attachmentId: string) =>
  `/api/v1/draft/${draftId}/attachment/${attachmentId}`;

/**
 * What an approval's SHA-256 is taken over (the server computes it, docs/correspondence-drafts.md): this object
 * as JSON, keys in this order, attachments by position, each attachment by the SHA-256 of its bytes.
 */
export interface DraftHashInput {
  kind: DraftKind;
  officeId: string;
  clientId: string | null;
  collectionAccountId: string | null;
  to: string[];
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; sha256: string }[];
}

/** The text hashed: a fixed key order, so the same draft always gives the same bytes. */
export function draftHashText(input: DraftHashInput): string {
  return JSON.stringify({
    v: 1,
    kind: input.kind,
    officeId: input.officeId,
    clientId: input.clientId,
    collectionAccountId: input.collectionAccountId,
    to: input.to,
    subject: input.subject,
    body: input.body,
    attachments: input.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, sha256: a.sha256 })),
  });
}
