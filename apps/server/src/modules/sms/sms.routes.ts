import rateLimit from '@fastify/rate-limit';
import { chatOptionRequestSchema, chatOptionResponseSchema } from '@casedesk/contract/sms/chat-option';
import {
  sendSmsQuerySchema,
  sendSmsRequestSchema,
  SMS_MESSAGES,
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
import { AppError } from '../../platform/errors/app-error.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { cannedTextsRoutes } from './canned-texts.routes.ts';
import type { WelcomeTextSender } from '../appointments/appointments.service.ts';
import { loadAppointmentLinks } from '../appointments/appointments.service.ts';
import type { ChatOptionDeps } from './chat-options.service.ts';
import { sendChatOption, sendWelcomeText } from './chat-options.service.ts';
import { deliverSms, requeueStrandedTexts, SMS_SEND_QUEUE, sweepStrandedTexts } from './sms-delivery.ts';
import { registerSmsWebhooks } from './sms-webhooks.ts';
import type { SmsDeps } from './sms.service.ts';
import { getSms, listSms, retrySms, sendSms, smsHistory, updateSms } from './sms.service.ts';

async function chatOptionDeps(app: AppInstance): Promise<ChatOptionDeps> {
  return {
    db: app.db,
    jobs: app.jobs,
    realtime: app.realtime,
    appointmentLinks: await loadAppointmentLinks(app.config.publicUrl, app.db),
  };
}

/**
 * The welcome text of a new booking (issue 6 welcome SMS checkbox) for the appointments routes: the app
 * hands it over, as this module depends on the appointments module and not the other way round.
 */
export async function welcomeTextSender(app: AppInstance): Promise<WelcomeTextSender> {
  const deps = await chatOptionDeps(app);
  return (actor, ref) => sendWelcomeText(deps, actor, ref);
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
  await app.jobs.work(
    SMS_SEND_QUEUE,
    (job) => deliverSms({ db: app.db, provider: () => app.provider, jobs: app.jobs }, job),
    { batchSize: 100 },
  );
  await requeueStrandedTexts(app.db, app.jobs);
  const stopSweep = sweepStrandedTexts(app.db, app.jobs, app.log);
  app.addHook('onClose', async () => stopSweep());

  // DESIGN §7: texts cost money. One budget per user across every route that sends, counted after the
  // request is authenticated and valid (preHandler), so typos in a form do not use it up. In memory:
  // with several instances each keeps its own count.
  await app.register(rateLimit, { global: false });
  const sendLimit = app.rateLimit({
    max: app.config.SMS_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => request.actor?.userId ?? request.ip,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', SMS_MESSAGES.rateLimited),
  });

  app.post(
    '/api/v1/sms/send',
    {
      config: { permission: ['SMS', 'CREATE'] },
      preHandler: sendLimit,
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
      config: { permission: ['SMS', 'CREATE'] },
      preHandler: sendLimit,
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
      config: { permission: ['SMS', 'CREATE'] },
      preHandler: sendLimit,
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
      config: { permission: ['SMS', 'READ'] },
      schema: {
        tags: ['sms'],
        summary: 'Texts within the caller’s SMS READ scope: filtered, sorted and paged',
        querystring: smsListQuerySchema,
        body: smsListRequestSchema,
        response: { 200: smsListResponseSchema },
      },
    },
    async (request) => listSms(app.db, request.actor!, request.body, request.query.offsetHours),
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
      config: { permission: ['SMS', 'READ'] },
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
      config: { permission: ['SMS', 'UPDATE'] },
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
