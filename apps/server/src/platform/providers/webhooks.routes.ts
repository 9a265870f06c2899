import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import MessagingResponse from 'twilio/lib/twiml/MessagingResponse.js';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { registry } from '../metrics/metrics.ts';
import { storeWebhookEvent } from './webhook-events.repository.ts';
import type { WebhookKind } from './webhook-handlers.ts';
import { processWebhookEvent, startWebhookWorker, WEBHOOK_QUEUE } from './webhook-processor.ts';
import type { WebhookPath } from './webhook-signing.ts';
import { WEBHOOK_PATHS } from './webhook-signing.ts';

export const webhookSignatureFailures = new client.Counter({
  name: 'casedesk_webhook_signature_failures_total',
  help: 'Provider webhooks refused for a missing or wrong X-Twilio-Signature',
  labelNames: ['hook'] as const,
  registers: [registry],
});

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

/** Twilio posts every parameter as text; a field it always sends must be there. */
const sid = z.string().min(1);
const formParams = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).catchall(z.string());

interface HookSpec {
  path: WebhookPath;
  kind: WebhookKind;
  body: z.ZodType<Record<string, string>>;
  /** The idempotency key (DESIGN §7): a replay of the same key is stored once and processed once. */
  key(params: Record<string, string>): string;
  /** Messaging and voice URLs must answer TwiML; status callbacks only need a 2xx. */
  answer: 'twiml' | 'empty';
}

const HOOKS: HookSpec[] = [
  {
    path: WEBHOOK_PATHS.smsInbound,
    kind: 'SMS_INBOUND',
    body: formParams({ MessageSid: sid, From: z.string(), To: z.string(), Body: z.string() }),
    key: (p) => p.MessageSid!,
    answer: 'twiml',
  },
  {
    path: WEBHOOK_PATHS.smsStatus,
    kind: 'SMS_STATUS',
    body: formParams({ MessageSid: sid, MessageStatus: sid }),
    // Each status of a message is its own event; the SMS module keeps the furthest one.
    key: (p) => `${p.MessageSid}:${p.MessageStatus}`,
    answer: 'empty',
  },
  {
    path: WEBHOOK_PATHS.voice,
    kind: 'CALL_INBOUND',
    body: formParams({ CallSid: sid, From: z.string(), To: z.string() }),
    key: (p) => p.CallSid!,
    answer: 'twiml',
  },
  {
    path: WEBHOOK_PATHS.callStatus,
    kind: 'CALL_STATUS',
    body: formParams({ CallSid: sid, CallStatus: sid }),
    key: (p) => `${p.CallSid}:${p.CallStatus}:${p.CallDuration ?? ''}`,
    answer: 'empty',
  },
];

/**
 * The provider webhooks (DESIGN §1, §7): public routes that authenticate by X-Twilio-Signature over
 * our public URL and the form parameters. A verified post is stored once (a replay changes nothing),
 * acknowledged at once, and handed to the `webhook.process` job, which runs the module's handler.
 */
export async function webhooksRoutes(app: AppInstance): Promise<void> {
  // Twilio posts forms; the embedded sign-in may have registered the parser already.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  for (const hook of HOOKS) {
    const label = hook.path.slice(hook.path.lastIndexOf('/') + 1);
    app.post(
      hook.path,
      {
        config: { public: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // Before validation: an unsigned post is refused as such, whatever its body.
        preValidation: (request) => verifySignature(app, request, label),
        schema: { tags: ['webhooks'], summary: `Twilio webhook (${hook.kind})`, body: hook.body, hide: true },
      },
      async (request, reply) => receive(app, hook, request.body as Record<string, string>, reply),
    );
  }

  // Started once every module has registered its handlers, so no early job finds a kind unhandled.
  app.addHook('onReady', async () => {
    await startWebhookWorker(app.jobs, { db: app.db, webhooks: app.webhooks, log: app.log });
  });
}

async function verifySignature(app: AppInstance, request: FastifyRequest, label: string): Promise<void> {
  const header = request.headers['x-twilio-signature'];
  const signature = typeof header === 'string' ? header : undefined;
  // Twilio signs the URL it was given: our public URL, the path and any query string.
  const url = `${app.config.publicUrl}${request.url}`;
  const params = (request.body ?? {}) as Record<string, string>;
  if (typeof params === 'object' && app.provider.verifySignature(url, params, signature)) return;
  webhookSignatureFailures.inc({ hook: label });
  // DESIGN §3 Logs: which hook and why, never the parameters (they hold numbers and message bodies).
  request.log.warn({ hook: label, reason: signature ? 'mismatch' : 'missing' }, 'webhook signature rejected');
  throw AppError.forbiddenBecause(INVALID_SIGNATURE_MESSAGE);
}

/**
 * A provider's form is a few hundred bytes (an inbound text is at most 1,600 characters); a public route that
 * takes no sign-in must not read a megabyte from anyone before the signature is checked.
 */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Long enough that the inline run has finished; short enough that a lost event is worked soon. */
const FAST_PATH_SAFETY_NET_SECONDS = 30;

/** Events this process is working inline: a replay arriving meanwhile must not run the handler again. */
const inFlight = new Set<string>();

/** The handler runs once the acknowledgement is written, so the provider never waits for our work. */
function processAfterReply(app: AppInstance, reply: FastifyReply, eventId: string): void {
  if (inFlight.has(eventId)) return;
  inFlight.add(eventId);
  reply.raw.once('finish', () => {
    processWebhookEvent({ db: app.db, webhooks: app.webhooks, log: app.log }, eventId)
      .catch((error: unknown) => app.log.error({ err: error, eventId }, 'webhook fast path failed; its job will retry'))
      .finally(() => inFlight.delete(eventId));
  });
}

async function receive(app: AppInstance, hook: HookSpec, params: Record<string, string>, reply: FastifyReply) {
  const stored = await storeWebhookEvent(app.db, {
    provider: app.provider.name,
    kind: hook.kind,
    eventKey: hook.key(params),
    params,
  });
  // Sent after the insert, outside any transaction (jobs.ts). The job id is the event id, so a replay
  // of an event still waiting (e.g. we died between insert and send) queues it once, never twice.
  if (!stored.processed) {
    const fastPath = app.config.WEBHOOK_FAST_PATH ?? app.config.NODE_ENV !== 'test';
    // On the fast path the job waits as a safety net: it finds the event processed and does nothing,
    // unless the process died or the handler failed, and then it retries with pg-boss's backoff.
    await app.jobs.send(
      WEBHOOK_QUEUE,
      { eventId: stored.id },
      { id: stored.id, ...(fastPath ? { startAfter: FAST_PATH_SAFETY_NET_SECONDS } : {}) },
    );
    if (fastPath) processAfterReply(app, reply, stored.id);
  }
  if (hook.answer === 'empty') return reply.status(204).send();
  // An empty response: no auto-reply text, and an inbound call is not routed further by Twilio.
  return reply.type('text/xml').send(new MessagingResponse().toString());
}
