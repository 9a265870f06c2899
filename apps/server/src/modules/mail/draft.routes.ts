import {
  DRAFT_MESSAGES,
  DRAFT_PART,
  draftAttachmentParamsSchema,
  draftIdBodySchema,
  draftIdQuerySchema,
  draftListRequestSchema,
  draftListResponseSchema,
  draftSchema,
  draftWriteSchema,
} from '@casedesk/contract/mail/draft';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { approveDraft, printDraft, sendDraft } from './draft-approval.service.ts';
import { deleteDraft, draftAttachmentFile, getDraft, listDrafts, saveDraft } from './draft.service.ts';
import type { LetterDeps } from './letters.service.ts';
import { sendFile } from './mail-download.ts';
import { readMailMultipart } from './mail-multipart.ts';
import type { MailDeps, UploadedAttachment } from './mail.service.ts';

const tags = ['drafts'];

/** The attachments of a multipart PUT /draft, read before validation, for its handler. */
const uploads = new WeakMap<FastifyRequest, UploadedAttachment[]>();

const DRAFT_PART_NAMES = {
  part: DRAFT_PART,
  partMissing: DRAFT_MESSAGES.draftPartMissing,
  partInvalid: DRAFT_MESSAGES.draftPartInvalid,
  unexpectedPart: DRAFT_MESSAGES.unexpectedPart,
};

const UNSCOPED_FILTER = 'only narrows the list, already cut to the offices MAIL READ reaches';

/**
 * SPEC §7 draft (GET, PUT multipart draft plus attachments, DELETE, approve), and the list, an attachment's
 * download, and sending or printing an approved draft (docs/correspondence-drafts.md). Registered by mailRoutes,
 * after its multipart parser. Permissions: MAIL READ reads; MAIL CREATE writes, discards, sends and prints (as
 * sendMail and saveLetter); MAIL UPDATE approves, and never a draft the approver wrote.
 */
export async function draftRoutes(app: AppInstance, deps: { mail: MailDeps; letters: LetterDeps }): Promise<void> {
  const { db } = app;
  const storage = app.files.storage;

  app.put(
    '/api/v1/draft',
    {
      config: {
        permission: ['MAIL', 'CREATE'],
        records: { id: 'draft', officeId: 'office', clientId: 'client', collectionAccountId: 'collectionAccount' },
        unscopedIds: {
          templateId: 'a template is the firm’s, shared by every office',
          keepAttachmentIds: 'attachments of the draft named by id, looked up only under it',
        },
      },
      // SPEC §7: "PUT multipart draft plus attachments"; read here so the draft part meets the schema below.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const { body, attachments } = await readMailMultipart(request, DRAFT_PART_NAMES);
        request.body = body as typeof request.body;
        uploads.set(request, attachments);
      },
      schema: {
        tags,
        summary:
          'Write a draft letter or e-mail: multipart/form-data with a "draft" part (this schema, as JSON) and files ' +
          'named "attachments" (as sendMail’s; e-mail drafts only), or this schema as a JSON body when nothing is ' +
          'attached. Without id a new draft; with id that draft replaced (409 once approved).',
        body: draftWriteSchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => saveDraft({ db, storage }, request.actor!, request.body, uploads.get(request) ?? []),
  );

  app.get(
    '/api/v1/draft',
    {
      config: { permission: ['MAIL', 'READ'], records: { id: 'draft' } },
      schema: {
        tags,
        summary: 'One draft with its text, attachments, approval and what it made',
        querystring: draftIdQuerySchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => getDraft(db, request.actor!, request.query.id),
  );

  app.delete(
    '/api/v1/draft',
    {
      config: { permission: ['MAIL', 'CREATE'], records: { id: 'draft' } },
      schema: {
        tags,
        summary: 'Discard a draft not yet approved, with its files (409 once approved); answers it as it was',
        querystring: draftIdQuerySchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => deleteDraft({ db, storage }, request.actor!, request.query.id),
  );

  app.post(
    '/api/v1/draft/all',
    {
      config: {
        permission: ['MAIL', 'READ'],
        unscopedIds: {
          'filter.officeId': UNSCOPED_FILTER,
          'filter.clientId': UNSCOPED_FILTER,
          'filter.collectionAccountId': UNSCOPED_FILTER,
        },
      },
      schema: {
        tags,
        summary: 'The drafts of the caller’s MAIL READ offices: status, approval; filtered and paged, newest first',
        body: draftListRequestSchema,
        response: { 200: draftListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listDrafts(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/draft/approve',
    {
      config: { permission: ['MAIL', 'UPDATE'], records: { id: 'draft' } },
      schema: {
        tags,
        summary:
          'Approve a draft (four-eyes: 403 for anyone who wrote it): records who, when and the SHA-256 of its ' +
          'content and attachments, and freezes it',
        body: draftIdBodySchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => approveDraft({ db, storage }, request.actor!, request.body.id),
  );

  app.post(
    '/api/v1/draft/send',
    {
      config: { permission: ['MAIL', 'CREATE'], records: { id: 'draft' } },
      schema: {
        tags,
        summary:
          'E-mail an approved e-mail draft as approved (its hash checked again) through the outbox, like sendMail',
        body: draftIdBodySchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => sendDraft(deps.mail, request.actor!, request.body.id),
  );

  app.post(
    '/api/v1/draft/print',
    {
      config: { permission: ['MAIL', 'CREATE'], records: { id: 'draft' } },
      schema: {
        tags,
        summary:
          'Print an approved letter draft as approved (its hash checked again) on the office’s letterhead and save ' +
          'it on the client, like saveLetter; the answer’s letterUrl is its PDF',
        body: draftIdBodySchema,
        response: { 200: draftSchema },
      },
    },
    async (request) => printDraft(deps.letters, request.actor!, request.body.id),
  );

  app.get(
    '/api/v1/draft/:id/attachment/:attachmentId',
    {
      config: {
        permission: ['MAIL', 'READ'],
        records: { id: 'draft' },
        unscopedIds: { attachmentId: 'an attachment of the draft named by id, looked up only under it' },
      },
      schema: { tags, summary: 'Download an attachment of a draft', params: draftAttachmentParamsSchema },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await draftAttachmentFile({ db, storage }, request.actor!, request.params.id, request.params.attachmentId),
      ),
  );
}
