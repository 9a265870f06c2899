import { z } from 'zod';
import { FIELD_MESSAGES } from '../common/field-rules.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';

/**
 * E-mail (SPEC §7 mail/sendMail): a request part plus attachments. What is sent is kept in the outbox
 * (mail_outbox) and delivered over SMTP by a background job; the outbox page shows each message, its status
 * and, with the embedded SMTP server, the message as it arrived.
 */

/** QUEUED: waiting for the job (also between retries); SENDING: an attempt holds it; SENT; FAILED after the last retry. */
export const MAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
};

export const MAIL_MAX_RECIPIENTS = 20;
export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_BODY_MAX_LENGTH = 20_000;
/** Attachments of one e-mail together: 10 MB, counted while they stream in. */
export const MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;
export const MAIL_ATTACHMENTS_MAX_COUNT = 10;
export const MAIL_ATTACHMENT_NAME_MAX_LENGTH = 150;

/** The attachment types accepted, judged by the bytes themselves (magic numbers), never by the name alone. */
export const MAIL_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type MailAttachmentType = (typeof MAIL_ATTACHMENT_TYPES)[number];

export const MAIL_ATTACHMENT_TYPE_LABELS: Record<MailAttachmentType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'text/plain': 'plain text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (DOCX)',
};

/** What the file picker offers; the server judges the bytes whatever the picker allowed. */
export const MAIL_ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.txt,.docx';

export const MAIL_MESSAGES = {
  toRequired: FIELD_MESSAGES.required('To'),
  toInvalid: FIELD_MESSAGES.email('To'),
  toTooMany: `To may name at most ${MAIL_MAX_RECIPIENTS} addresses.`,
  subjectRequired: FIELD_MESSAGES.required('Subject'),
  subjectMax: FIELD_MESSAGES.maxLength('Subject', MAIL_SUBJECT_MAX_LENGTH),
  bodyRequired: FIELD_MESSAGES.required('Body'),
  bodyMax: FIELD_MESSAGES.maxLength('Body', MAIL_BODY_MAX_LENGTH),
  officeRequired: FIELD_MESSAGES.required('Office'),
  officeOutOfScope: 'Office is not one of the offices you may send mail for.',
  clientUnknown: 'Client not found.',
  collectionAccountUnknown: 'Collection account not found.',
  notFound: 'E-mail not found.',
  attachmentNotFound: 'Attachment not found.',
  requestPartMissing: 'The multipart request needs a "request" part holding the e-mail as JSON.',
  requestPartInvalid: 'The "request" part is not valid JSON.',
  unexpectedPart: 'Only a "request" part and files named "attachments" are accepted.',
  multipartMalformed: 'The multipart body could not be read: it is not multipart/form-data with a boundary.',
  attachmentsTooLarge: `Attachments may add up to at most ${MAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB.`,
  attachmentsTooMany: `At most ${MAIL_ATTACHMENTS_MAX_COUNT} attachments may be sent with one e-mail.`,
  attachmentEmpty: (name: string) => `Attachment "${name}" is empty.`,
  attachmentType: (name: string) =>
    `Attachment "${name}" is not an accepted type: PDF, PNG, JPEG, plain text or Word (DOCX).`,
  attachmentMismatch: (name: string, actual: string) => `Attachment "${name}" is a ${actual}, not what its type says.`,
  attachmentName: `An attachment's name must be 1 to ${MAIL_ATTACHMENT_NAME_MAX_LENGTH} characters.`,
  notRetryable: 'Only a failed e-mail can be sent again.',
  officeInactive: 'This office is inactive: mail is sent for active offices only.',
  transportNotEmbedded: 'Mail goes through the SMTP server of SMTP_URL; only the embedded server can be stopped here.',
  transportUnconditioned: 'Only a MAIL UPDATE without an office condition may stop or start the mail server.',
  sent: 'The e-mail has been queued for sending.',
} as const;

const trimmedRequired = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .refine((v) => v.trim() !== '', required)
    .refine((v) => v.length <= max, maxMessage);

/** One address as sent (the form trims what is typed); 254 characters is the longest an address can be. */
const recipientSchema = z.email({ error: MAIL_MESSAGES.toInvalid }).max(254, MAIL_MESSAGES.toInvalid);

/**
 * The "request" part of POST /api/v1/mail/sendMail (or the whole JSON body when there is nothing attached).
 * The office sends it: the caller must hold MAIL CREATE for it. The client and the collection account tie the
 * e-mail to their timelines; each must be one the caller may read.
 */
export const sendMailRequestSchema = z
  .object({
    officeId: z.uuid({ error: MAIL_MESSAGES.officeRequired }),
    to: z
      .array(recipientSchema, { error: MAIL_MESSAGES.toRequired })
      .min(1, MAIL_MESSAGES.toRequired)
      .max(MAIL_MAX_RECIPIENTS, MAIL_MESSAGES.toTooMany),
    subject: trimmedRequired(MAIL_MESSAGES.subjectRequired, MAIL_SUBJECT_MAX_LENGTH, MAIL_MESSAGES.subjectMax),
    body: trimmedRequired(MAIL_MESSAGES.bodyRequired, MAIL_BODY_MAX_LENGTH, MAIL_MESSAGES.bodyMax),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
  })
  .strict();
export type SendMailRequest = z.output<typeof sendMailRequestSchema>;
export type SendMailRequestInput = z.input<typeof sendMailRequestSchema>;

/** One file sent with an e-mail (or one that arrived at the embedded server). */
export const mailAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Relative to the origin; the bearer token is needed (the web app downloads it as a blob). */
  downloadUrl: z.string(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** One row of the outbox list. */
export const mailSummarySchema = z.object({
  id: z.uuid(),
  officeId: z.uuid().nullable(),
  officeName: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Delivery attempts made so far (each try of the job, retries included). */
  attempts: z.number().int(),
  /** The last attempt's error, kept while it is retried and after it failed. */
  lastError: z.string().nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  collectionAccountId: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The Message-ID header it went out with: the outbox row's id, so a retry never makes a second message. */
  messageId: z.string(),
  attachmentCount: z.number().int(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** What the embedded SMTP server received for a message, parsed (demo mode and tests: nothing leaves the machine). */
export const capturedMailSchema = z.object({
  id: z.uuid(),
  receivedAt: z.string(),
  envelopeFrom: z.string().nullable(),
  envelopeTo: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  size: z.number().int(),
  attachments: z.array(mailAttachmentSchema),
});
export type CapturedMail = z.infer<typeof capturedMailSchema>;

/** GET /api/v1/mail/:id: the e-mail, its attachments and, with the embedded server, every copy it captured. */
export const mailDetailSchema = mailSummarySchema.extend({
  body: z.string(),
  attachments: z.array(mailAttachmentSchema),
  /** Copies the embedded SMTP server received with this Message-ID (one, unless it was delivered twice). */
  captured: z.array(capturedMailSchema),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const MAIL_SORT_FIELDS = ['createdAt', 'sentAt', 'status', 'subject', 'attempts'] as const;

export const mailListFilterSchema = z
  .object({
    status: z.enum(MAIL_STATUSES).nullish(),
    officeId: z.uuid().nullish(),
    clientId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
    /** Matches the subject or a recipient. */
    searchKeyword: z.string().max(100).nullish(),
  })
  .strict();
export type MailListFilter = z.infer<typeof mailListFilterSchema>;

/** POST /api/v1/mail/all: the outbox within the caller's MAIL READ offices, newest first unless sorted. */
export const mailListRequestSchema = listRequestSchema(mailListFilterSchema).extend({
  sortBy: z.enum(MAIL_SORT_FIELDS).optional(),
});
export type MailListRequest = z.output<typeof mailListRequestSchema>;
export type MailListRequestInput = z.input<typeof mailListRequestSchema>;
export const mailListResponseSchema = listResponseSchema(mailSummarySchema);
export type MailListResponse = z.infer<typeof mailListResponseSchema>;

export const mailIdParamsSchema = z.object({ id: z.uuid() }).strict();
export const mailAttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() }).strict();

export const MAIL_TRANSPORT_MODES = ['EMBEDDED', 'SMTP'] as const;

/**
 * GET /api/v1/mail/transport: how mail leaves this instance. EMBEDDED: the SMTP server inside the app captures
 * everything (nothing leaves the machine); SMTP: the server of SMTP_URL.
 */
export const mailTransportSchema = z.object({
  mode: z.enum(MAIL_TRANSPORT_MODES),
  /** EMBEDDED: whether this instance's embedded server accepts mail now; SMTP: null (not known until a send). */
  running: z.boolean().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  from: z.string(),
});
export type MailTransport = z.infer<typeof mailTransportSchema>;

/** PUT /api/v1/mail/transport: stop or start this instance's embedded SMTP server (to see that nothing is lost). */
export const setMailTransportRequestSchema = z.object({ running: z.boolean() }).strict();

/** A Message-ID from an outbox row's id: stable across retries, so a receiver can tell a repeat. */
export function messageIdOf(mailId: string, domain: string): string {
  return `<${mailId}@${domain}>`;
}

export const mailAttachmentUrl = (mailId: string, attachmentId: string) =>
  `/api/v1/mail/${mailId}/attachment/${attachmentId}`;
export const capturedAttachmentUrl = (mailId: string, attachmentId: string) =>
  `/api/v1/mail/${mailId}/captured/${attachmentId}`;
