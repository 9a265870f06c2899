import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { WebhookHandlers, WebhookKind } from './webhook-handlers.ts';
import { findWebhookEvent, markWebhookEventProcessed } from './webhook-events.repository.ts';

declare module '../jobs/jobs.ts' {
  interface JobQueues {
    /** One stored webhook event (webhook_events.id); the job id is the event id too. */
    'webhook.process': { eventId: string };
  }
}

export const WEBHOOK_QUEUE = 'webhook.process';

export interface WebhookProcessorDeps {
  db: Db;
  webhooks: WebhookHandlers;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export type WebhookOutcome = 'processed' | 'already-processed' | 'no-handler' | 'missing';

/**
 * Runs the module handler of one stored event (DESIGN §3 Jobs: acknowledged fast, worked later).
 * A job can run twice (a crash between the handler and the mark): an event already marked is
 * skipped, and handlers themselves must tolerate a repeat (e.g. status never moves backwards).
 * A handler that throws fails the job, which pg-boss retries with backoff; the event stays unmarked.
 */
export async function processWebhookEvent(deps: WebhookProcessorDeps, eventId: string): Promise<WebhookOutcome> {
  const event = await findWebhookEvent(deps.db, eventId);
  if (!event) {
    deps.log.warn({ eventId }, 'webhook event not found');
    return 'missing';
  }
  if (event.processedAt) return 'already-processed';
  const kind = event.kind as WebhookKind;
  const handler = deps.webhooks.get(kind);
  if (!handler) {
    // Left unprocessed on purpose: the row shows what arrived while no module handled it.
    deps.log.warn({ eventId, kind }, 'no handler registered for webhook kind; event left unprocessed');
    return 'no-handler';
  }
  await handler({ id: event.id, kind, params: event.params });
  await markWebhookEventProcessed(deps.db, event.id);
  return 'processed';
}

/** Starts the worker; call once the app is ready, so every module has registered its handlers. */
export async function startWebhookWorker(jobs: Jobs, deps: WebhookProcessorDeps): Promise<void> {
  await jobs.work(WEBHOOK_QUEUE, async (job) => {
    await processWebhookEvent(deps, job.data.eventId);
  });
}
