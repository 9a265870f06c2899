import type { FastifyInstance } from 'fastify';
import type { WebhookPath } from './webhook-signing.ts';
import { formBody, signWebhook, webhookAuthToken } from './webhook-signing.ts';

export interface LoopbackResponse {
  statusCode: number;
  body: string;
}

/**
 * The local simulator's way in (DESIGN §1): it posts signed, Twilio-shaped webhooks to our own
 * /hooks routes, so inbound texts, calls and delivery callbacks run the same signature check,
 * storage and job as Twilio's do.
 */
export interface WebhookLoopback {
  /** Posts now and resolves to the hook's answer. */
  post(path: WebhookPath, params: Record<string, string>): Promise<LoopbackResponse>;
  /** Posts after `delayMs` (a provider's latency); failures are logged; dropped when the app closes. */
  schedule(delayMs: number, path: WebhookPath, params: Record<string, string>): void;
}

export function webhookLoopback(app: FastifyInstance): WebhookLoopback {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const post = async (path: WebhookPath, params: Record<string, string>): Promise<LoopbackResponse> => {
    // Signed over the public URL, exactly as the hook verifies it.
    const signature = signWebhook(webhookAuthToken(app.config), `${app.config.publicUrl}${path}`, params);
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: formBody(params),
    });
    return { statusCode: response.statusCode, body: response.body };
  };

  return {
    post,
    schedule(delayMs, path, params) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closed) return;
        post(path, params).then(
          (response) => {
            if (response.statusCode >= 300) {
              app.log.warn({ path, status: response.statusCode }, 'simulated webhook was refused');
            }
          },
          (error: unknown) => app.log.warn({ path, err: error }, 'simulated webhook failed'),
        );
      }, delayMs);
      // A pending simulated callback must not keep a finished process alive.
      timer.unref();
      timers.add(timer);
    },
  };
}
