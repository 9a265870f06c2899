import { chatOptionRequestSchema, chatOptionResponseSchema } from '@casedesk/contract/sms/chat-option';
import {
  sendSmsQuerySchema,
  sendSmsRequestSchema,
  smsByPhoneQuerySchema,
  smsByPhoneRequestSchema,
  smsHistoryResponseSchema,
  smsIdQuerySchema,
  smsListQuerySchema,
  smsListRequestSchema,
  smsListResponseSchema,
  smsMessageSchema,
  updateSmsRequestSchema,
} from '@casedesk/contract/sms/sms';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { cannedTextsRoutes } from './canned-texts.routes.ts';
import type { WelcomeTextSender } from '../appointments/appointments.service.ts';
import { loadAppointmentLinks } from '../appointments/appointment-links.service.ts';
import type { ChatOptionDeps } from './chat-options.service.ts';
import { sendChatOption, sendWelcomeText } from './chat-options.service.ts';
import { deliverSmsBatch, requeueStrandedTexts, SMS_SEND_QUEUE, sweepStrandedTexts } from './sms-delivery.ts';
import { registerSmsWebhooks } from './sms-webhooks.ts';
import { mailJobOptions } from '../mail/mail.service.ts';
import type { SmsDeps } from './sms.service.ts';
import { getSms, listSms, retrySms, sendSms, smsHistory, updateSms } from './sms.service.ts';

async function chatOptionDeps(app: AppInstance): Promise<ChatOptionDeps> {
  return {
    db: app.db,
    jobs: app.jobs,
    realtime: app.realtime,
    appointmentLinks: await loadAppointmentLinks(app.config.publicUrl, app.db),
    mailJobOptions: mailJobOptions({
      retryLimit: app.config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: app.config.mailRetryDelaySeconds,
    }),
  };
}

/**
 * The welcome text of a new booking (the booking's welcome SMS checkbox) for the appointments routes: the app
 * hands it over, as this module depends on the appointments module and not the other way round.
 */
export async function welcomeTextSender(app: AppInstance): Promise<WelcomeTextSender> {
  const deps = await chatOptionDeps(app);
  return async (actor, ref) => {
    // DESIGN §7: a text sent on a booking costs what any other does, so it counts against the user's SMS
    // budget; past it the booking stands and the text is not sent.
    const verdict = await app.rateLimiter.hit('sms', actor.userId);
    if (!verdict.allowed) return 'SKIPPED_RATE_LIMITED';
    return sendWelcomeText(deps, actor, ref);
  };
}

/** SPEC §7 SMS calls, the canned responses, the provider's SMS webhooks and the send job. */
export async function smsRoutes(app: AppInstance): Promise<void> {
  const deps: SmsDeps = { db: app.db, jobs: app.jobs, realtime: app.realtime };
  const chatDeps = await chatOptionDeps(app);
  registerSmsWebhooks(app.webhooks, { db: app.db, realtime: app.realtime, log: app.log });
  // Batches of 100: a busy office sends many texts, and a fetch and a completion per text would cost
  // more than the delivery itself. pg-boss's fetch also reads past the index entries of every job taken
  // since the queue table was last vacuumed (~5 ms under the bench's send load), so fewer, larger fetches
  // leave PostgreSQL more time for the sends themselves.
  await app.jobs.workBatch(
    SMS_SEND_QUEUE,
    (jobs, failed) => deliverSmsBatch({ db: app.db, provider: () => app.provider, jobs: app.jobs }, jobs, failed),
    { batchSize: 100 },
  );
  await requeueStrandedTexts(app.db, app.jobs);
  const stopSweep = sweepStrandedTexts(app.db, app.jobs, app.log);
  app.addHook('onClose', async () => stopSweep());

  // DESIGN §7: texts cost money. Every route that sends draws on one 'sms' budget per user (the welcome
  // text of a booking too, in welcomeTextSender), shared by all instances on PostgreSQL.
  app.post(
    '/api/v1/sms/send',
    {
      config: {
        permission: ['SMS', 'CREATE'],
        userRateLimit: 'sms',
        records: { clientId: 'client', inquiryId: 'inquiry', collectionAccountId: 'collectionAccount' },
        unscopedIds: {
          categoryId: 'an option of a list shared by every office',
          reasonId: 'an option of a list shared by every office',
          collectorId: 'the user credited as collector: any user, as /user/min lists them to everyone signed in',
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'Send a text from an office number (stored as queued, sent by the sms.send job)',
        querystring: sendSmsQuerySchema,
        body: sendSmsRequestSchema,
        response: { 200: smsMessageSchema },
      },
    },
    // offsetHours is accepted as SPEC §7 sends it; nothing in a send depends on the day boundary.
    async (request) => sendSms(deps, request.actor!, request.body),
  );

  app.post(
    '/api/v1/sms/retry',
    {
      config: { permission: ['SMS', 'CREATE'], userRateLimit: 'sms', records: { id: 'sms' } },
      schema: {
        tags: ['sms'],
        summary: 'Send a failed or undelivered text again, as a new text pointing at it',
        querystring: smsIdQuerySchema,
        response: { 200: smsMessageSchema },
      },
    },
    async (request) => retrySms(deps, request.actor!, request.query.id),
  );

  app.post(
    '/api/v1/sms/chatOption',
    {
      config: {
        permission: ['SMS', 'CREATE'],
        userRateLimit: 'sms',
        records: { clientId: 'client', inquiryId: 'inquiry' },
        unscopedIds: {
          categoryId: 'an option of a list shared by every office',
          reasonId: 'an option of a list shared by every office',
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'SPEC §2 chat options: send the seeded review, welcome or meeting-instructions template',
        body: chatOptionRequestSchema,
        response: { 200: chatOptionResponseSchema },
      },
    },
    async (request) => sendChatOption(chatDeps, request.actor!, request.body),
  );

  app.post(
    '/api/v1/sms/all',
    {
      config: {
        permission: ['SMS', 'READ'],
        unscopedIds: {
          'filter.categoryId': 'an option of a list shared by every office',
          'filter.reasonId': 'an option of a list shared by every office',
          'filter.clientId': 'only narrows the list, already cut to the offices SMS READ reaches',
          'filter.inquiryId': 'only narrows the list, already cut to the offices SMS READ reaches',
          'filter.officeId': 'only narrows the list, already cut to the offices SMS READ reaches',
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'Texts within the caller’s SMS READ scope: filtered, sorted and paged',
        querystring: smsListQuerySchema,
        body: smsListRequestSchema,
        response: { 200: smsListResponseSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, await listSms(app.database, request.actor!, request.body, request.query.offsetHours)),
  );

  app.post(
    '/api/v1/sms/byPhoneNumber',
    {
      config: { permission: ['SMS', 'READ'] },
      schema: {
        tags: ['sms'],
        summary: 'Text history with one phone number, newest first (5 per page), and its opt-out state',
        querystring: smsByPhoneQuerySchema,
        body: smsByPhoneRequestSchema,
        response: { 200: smsHistoryResponseSchema },
      },
    },
    async (request) => smsHistory(app.db, request.actor!, request.query.phoneNumber, request.body),
  );

  app.post(
    '/api/v1/sms/byId',
    {
      config: { permission: ['SMS', 'READ'], records: { id: 'sms' } },
      schema: {
        tags: ['sms'],
        summary: 'One text within the caller’s SMS READ scope',
        querystring: smsIdQuerySchema,
        response: { 200: smsMessageSchema },
      },
    },
    async (request) => getSms(app.db, request.actor!, request.query.id),
  );

  app.put(
    '/api/v1/sms',
    {
      config: {
        permission: ['SMS', 'UPDATE'],
        records: { id: 'sms' },
        unscopedIds: { operatorId: 'the assignee: any active user, notified of a text the caller may change' },
      },
      schema: {
        tags: ['sms'],
        summary: 'Change a text’s category, reason or assignee (an assignee is notified)',
        body: updateSmsRequestSchema,
        response: { 200: smsMessageSchema },
      },
    },
    async (request) => updateSms(deps, request.actor!, request.body),
  );

  await app.register(cannedTextsRoutes);
}
