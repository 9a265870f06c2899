import multipart from '@fastify/multipart';
import {
  letterBatchParamsSchema,
  letterBatchRequestSchema,
  letterBatchStatusSchema,
  letterIdParamsSchema,
  letterListRequestSchema,
  letterListResponseSchema,
  letterSchema,
  saveLetterRequestSchema,
} from '@casedesk/contract/mail/letter';
import {
  MAIL_MESSAGES,
  mailAttachmentParamsSchema,
  mailDetailSchema,
  mailIdParamsSchema,
  mailListRequestSchema,
  mailListResponseSchema,
  mailTransportSchema,
  sendMailRequestSchema,
  setMailTransportRequestSchema,
} from '@casedesk/contract/mail/mail';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { LETTER_BATCH_QUEUE, requeueUnfinishedBatches, runLetterBatch } from './letter-batch.ts';
import type { LetterDeps } from './letters.service.ts';
import { letterBatchStatus, letterFile, listLetters, saveLetter, startLetterBatch } from './letters.service.ts';
import { deliverMail, MAIL_SEND_QUEUE, requeueStrandedMail, sweepStrandedMail } from './mail-delivery.ts';
import { MULTIPART_LIMITS, readMailMultipart } from './mail-multipart.ts';
import { createLetterRenderPool } from './letter-render-pool.ts';
import { openMailTransport } from './mail-transport.ts';
import type { MailDeps, UploadedAttachment } from './mail.service.ts';
import { sendFile } from './mail-download.ts';
import { draftRoutes } from './draft.routes.ts';
import {
  capturedAttachmentFile,
  getMail,
  listMail,
  mailAttachmentFile,
  mailJobOptions,
  mailScope,
  retryMail,
  sendMail,
} from './mail.service.ts';

const tags = ['mail'];

/** The attachments of a multipart sendMail, read before validation, for its handler. */
const uploads = new WeakMap<FastifyRequest, UploadedAttachment[]>();

/**
 * SPEC §7 mail/sendMail and mail/saveLetter, the outbox, letters and letter batches (docs/modules.md, mail), the
 * `mail.send` and `mail.letterBatch` workers, and the embedded SMTP server when SMTP_URL is unset.
 */
export async function mailRoutes(app: AppInstance): Promise<void> {
  const { config } = app;
  const transport = await openMailTransport(config, app.db, app.log);
  app.addHook('onClose', async () => transport.close());
  const jobOptions = mailJobOptions({
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelaySeconds: config.mailRetryDelaySeconds,
  });
  const deps: MailDeps = {
    db: app.db,
    storage: app.files.storage,
    jobs: app.jobs,
    jobOptions,
    domain: transport.domain,
    log: app.log,
  };
  const letterDeps: LetterDeps = { db: app.db, storage: app.files.storage, jobs: app.jobs, log: app.log };
  const printer = createLetterRenderPool();
  app.addHook('onClose', async () => printer.close());

  // Each worker sends one e-mail at a time over a connection of the transport's pool.
  const delivery = { db: app.db, storage: app.files.storage, transport, jobs: app.jobs };
  for (let i = 0; i < config.MAIL_SEND_WORKERS; i += 1) {
    await app.jobs.work(MAIL_SEND_QUEUE, (job) => deliverMail(delivery, job), { batchSize: 10 });
  }
  await app.jobs.work(LETTER_BATCH_QUEUE, (job) =>
    runLetterBatch({ db: app.db, storage: app.files.storage, printer }, job.data.batchId),
  );
  await requeueStrandedMail(app.db, app.jobs, jobOptions, new Date());
  await requeueUnfinishedBatches(app.db, app.jobs, app.log);
  const stopSweep = sweepStrandedMail(app.db, app.jobs, jobOptions, app.log);
  app.addHook('onClose', async () => stopSweep());

  // Multipart bodies for these routes only (sendMail and PUT /draft read them; the others take JSON).
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await draftRoutes(app, { mail: deps, letters: letterDeps });

  app.post(
    '/api/v1/mail/sendMail',
    {
      config: {
        permission: ['MAIL', 'CREATE'],
        records: { officeId: 'office', clientId: 'client', collectionAccountId: 'collectionAccount' },
      },
      // SPEC §7: "multipart request plus attachments"; read here so the request part meets the schema below.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const { body, attachments } = await readMailMultipart(request);
        request.body = body as typeof request.body;
        uploads.set(request, attachments);
      },
      schema: {
        tags,
        summary:
          'Send an e-mail for an office: multipart/form-data with a "request" part (this schema, as JSON) and ' +
          'files named "attachments" (PDF, PNG, JPEG, plain text or DOCX by their bytes; 10 MB together), or ' +
          'this schema as a JSON body when nothing is attached. Stored QUEUED and sent by the mail.send job.',
        body: sendMailRequestSchema,
        response: { 200: mailDetailSchema },
      },
    },
    async (request) => sendMail(deps, request.actor!, request.body, uploads.get(request) ?? []),
  );

  app.post(
    '/api/v1/mail/all',
    {
      config: {
        permission: ['MAIL', 'READ'],
        unscopedIds: {
          'filter.officeId': 'only narrows the list, already cut to the offices MAIL READ reaches',
          'filter.clientId': 'only narrows the list, already cut to the offices MAIL READ reaches',
          'filter.collectionAccountId': 'only narrows the list, already cut to the offices MAIL READ reaches',
        },
      },
      schema: {
        tags,
        summary: 'The outbox within the caller’s MAIL READ offices: status, attempts, errors; filtered and paged',
        body: mailListRequestSchema,
        response: { 200: mailListResponseSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, await listMail(app.database, request.actor!, request.body, transport.domain)),
  );

  app.get(
    '/api/v1/mail/transport',
    {
      config: { permission: ['MAIL', 'READ'] },
      schema: {
        tags,
        summary: 'How this instance sends mail: the embedded SMTP server (and whether it runs) or SMTP_URL’s server',
        response: { 200: mailTransportSchema },
      },
    },
    async () => transport.status(),
  );

  app.put(
    '/api/v1/mail/transport',
    {
      config: { permission: ['MAIL', 'UPDATE'] },
      schema: {
        tags,
        summary:
          'Stop or start this instance’s embedded SMTP server (to see that mail sent meanwhile is kept and ' +
          'delivered later); MAIL UPDATE without an office condition; 409 with SMTP_URL',
        body: setMailTransportRequestSchema,
        response: { 200: mailTransportSchema },
      },
    },
    async (request) => {
      if (mailScope(request.actor!, 'UPDATE').kind !== 'all') {
        throw AppError.forbiddenBecause(MAIL_MESSAGES.transportUnconditioned);
      }
      return transport.setRunning(request.body.running);
    },
  );

  app.get(
    '/api/v1/mail/:id',
    {
      config: { permission: ['MAIL', 'READ'], records: { id: 'mail' } },
      schema: {
        tags,
        summary: 'One e-mail of the outbox with its attachments and, with the embedded server, what arrived',
        params: mailIdParamsSchema,
        response: { 200: mailDetailSchema },
      },
    },
    async (request) => getMail(app.db, request.actor!, request.params.id, transport.domain),
  );

  app.post(
    '/api/v1/mail/:id/retry',
    {
      config: { permission: ['MAIL', 'UPDATE'], records: { id: 'mail' } },
      schema: {
        tags,
        summary: 'Send a FAILED e-mail again (409 for any other status)',
        params: mailIdParamsSchema,
        response: { 200: mailDetailSchema },
      },
    },
    async (request) => retryMail(deps, request.actor!, request.params.id),
  );

  app.get(
    '/api/v1/mail/:id/attachment/:attachmentId',
    {
      config: {
        permission: ['MAIL', 'READ'],
        records: { id: 'mail' },
        unscopedIds: { attachmentId: 'an attachment of the e-mail named by id, looked up only under it' },
      },
      schema: { tags, summary: 'Download an attachment of an e-mail', params: mailAttachmentParamsSchema },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await mailAttachmentFile(
          app.db,
          app.files.storage,
          request.actor!,
          request.params.id,
          request.params.attachmentId,
        ),
      ),
  );

  app.get(
    '/api/v1/mail/:id/captured/:attachmentId',
    {
      config: {
        permission: ['MAIL', 'READ'],
        records: { id: 'mail' },
        unscopedIds: {
          attachmentId: 'an attachment the embedded server received with that e-mail, looked up under it',
        },
      },
      schema: {
        tags,
        summary: 'Download an attachment as the embedded SMTP server received it',
        params: mailAttachmentParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await capturedAttachmentFile(app.db, request.actor!, request.params.id, request.params.attachmentId),
      ),
  );

  app.post(
    '/api/v1/mail/saveLetter',
    {
      config: {
        permission: ['MAIL', 'CREATE'],
        records: { officeId: 'office', clientId: 'client', collectionAccountId: 'collectionAccount' },
      },
      schema: {
        tags,
        summary:
          'Print a letter (its text already filled) on the office’s letterhead to the client’s address and save ' +
          'its PDF on the client; answers the letter with its download URL',
        body: saveLetterRequestSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) => saveLetter(letterDeps, request.actor!, request.body),
  );

  app.post(
    '/api/v1/mail/letter/all',
    {
      config: {
        permission: ['MAIL', 'READ'],
        unscopedIds: {
          'filter.officeId': 'only narrows the list, already cut to the offices MAIL READ reaches',
          'filter.clientId': 'only narrows the list, already cut to the offices MAIL READ reaches',
          'filter.collectionAccountId': 'only narrows the list, already cut to the offices MAIL READ reaches',
          'filter.batchId': 'only narrows the list, already cut to the offices MAIL READ reaches',
        },
      },
      schema: {
        tags,
        summary: 'Saved letters within the caller’s MAIL READ offices, newest first',
        body: letterListRequestSchema,
        response: { 200: letterListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listLetters(app.database, request.actor!, request.body)),
  );

  app.get(
    '/api/v1/mail/letter/:id/file',
    {
      config: { permission: ['MAIL', 'READ'], records: { id: 'letter' } },
      schema: { tags, summary: 'The PDF of a saved letter, to print', params: letterIdParamsSchema },
    },
    async (request, reply) => {
      const file = await letterFile(app.db, app.files.storage, request.actor!, request.params.id);
      return sendFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );

  app.post(
    '/api/v1/mail/letterBatch',
    {
      config: {
        permission: ['MAIL', 'CREATE'],
        records: { officeId: 'office' },
        unscopedIds: {
          clientIds:
            'each client is looked up in the caller’s CLIENT_PROFILE READ scope; one outside it refuses the batch (404)',
        },
      },
      schema: {
        tags,
        summary:
          'One letter per client, the body’s @clientFirstName and @clientLastName filled for each: 202 with the ' +
          'batch’s status; the mail.letterBatch job prints them',
        body: letterBatchRequestSchema,
        response: { 202: letterBatchStatusSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await startLetterBatch(letterDeps, request.actor!, request.body)),
  );

  app.get(
    '/api/v1/mail/letterBatch/:batchId',
    {
      config: {
        permission: ['MAIL', 'READ'],
        unscopedIds: { batchId: 'the requester’s own batch; no office decides it (404 for anyone else)' },
      },
      schema: {
        tags,
        summary: 'How far a letter batch has come (letters done of total); only its requester sees it',
        params: letterBatchParamsSchema,
        response: { 200: letterBatchStatusSchema },
      },
    },
    async (request) => letterBatchStatus(app.db, request.actor!, request.params.batchId),
  );
}
