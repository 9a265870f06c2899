import { setTimeout as sleep } from 'node:timers/promises';
import { isNull } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { webhookEvents } from '../../src/platform/providers/webhook-events.tables.ts';
import { formBody, signWebhook, webhookAuthToken } from '../../src/platform/providers/webhook-signing.ts';
import type { WebhookKind } from '../../src/platform/providers/webhook-handlers.ts';
import type { TestApp } from './test-app.ts';

/**
 * Posts a provider webhook the way Twilio does: a form body signed with X-Twilio-Signature over the
 * app's public URL, using the token the app's provider verifies with (the simulator's in local mode,
 * TWILIO_AUTH_TOKEN in Twilio mode). Goes through the real route, so the real signature check runs.
 */
export async function postSignedWebhook(t: TestApp, path: string, params: Record<string, string>): Promise<Response> {
  const signature = signWebhook(webhookAuthToken(t.config), `${t.config.publicUrl}${path}`, params);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: formBody(params),
  });
}

/**
 * Waits until every stored webhook event has been processed by its job (processedAt set). Fails at
 * once, with the job's error, when a webhook job has failed; fails at the deadline naming what is
 * left (e.g. a kind with no registered handler, which the job leaves unprocessed on purpose).
 */
export async function waitForWebhooks(t: TestApp, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await t
      .db()
      .select({ id: webhookEvents.id, kind: webhookEvents.kind })
      .from(webhookEvents)
      .where(isNull(webhookEvents.processedAt));
    if (pending.length === 0) return;
    const failed = await failedWebhookJobs(t);
    if (failed.length > 0) {
      throw new Error(`webhook processing failed: ${failed.map((f) => `event ${f.eventId}: ${f.error}`).join('; ')}`);
    }
    if (Date.now() > deadline) {
      const kinds = pending.map(
        (p) => `${p.kind}${t.app.webhooks.get(p.kind as WebhookKind) ? '' : ' (no handler registered)'}`,
      );
      throw new Error(`${pending.length} webhook event(s) not processed within ${timeoutMs} ms: ${kinds.join(', ')}`);
    }
    await sleep(100);
  }
}

/** pg-boss keeps a failed job (retrying or given up) with its error in `output`. */
async function failedWebhookJobs(t: TestApp): Promise<{ eventId: string; error: string }[]> {
  const rows = await t.database.query<{ event_id: string; output: { message?: string } | null }>(
    `select data->>'eventId' as event_id, output from pgboss.job
      where name = 'webhook.process' and state in ('retry', 'failed')`,
  );
  return rows.map((row) => ({ eventId: row.event_id, error: row.output?.message ?? 'unknown error' }));
}
