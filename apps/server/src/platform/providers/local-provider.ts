import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { CommunicationProvider } from './provider.ts';
import { providerSid } from './provider-sid.ts';
import { smsStatusParams } from './simulator-params.ts';
import type { WebhookLoopback } from './webhook-loopback.ts';
import { WEBHOOK_PATHS } from './webhook-signing.ts';

export { providerSid };

/** When the simulator reports an outbound text as sent, then as delivered (or failed). */
export const SIMULATED_SENT_AFTER_MS = 200;
export const SIMULATED_DELIVERED_AFTER_MS = 600;
/** Twilio's "Unreachable destination handset". */
export const SIMULATED_FAILURE_ERROR_CODE = '30003';

/**
 * A destination ending in 0000 never receives a simulated text (it fails with 30003), so staff can
 * see a failed message and retry it in a demo (e.g. 5550000000).
 */
export function isSimulatedUnreachable(number: string): boolean {
  return number.replace(/\D/g, '').endsWith('0000');
}

/**
 * The embedded default (DESIGN §1): nothing leaves the machine. Outbound texts and calls are only
 * recorded by the modules that send them; inbound ones and status callbacks come in through the
 * same signed webhooks as Twilio's, signed with the simulator's token. Given a loopback
 * (SIMULATOR_AUTO_STATUS), each sent text gets Twilio's delivery callbacks a moment later.
 */
export function localProvider(authToken: string, deliveryCallbacks?: WebhookLoopback): CommunicationProvider {
  return {
    name: 'local',
    async sendSms({ from, to }) {
      const sid = providerSid('SM');
      if (deliveryCallbacks) {
        const status = (update: { status: string; errorCode?: string }) =>
          smsStatusParams({ messageSid: sid, from, to, ...update });
        if (isSimulatedUnreachable(to)) {
          deliveryCallbacks.schedule(
            SIMULATED_SENT_AFTER_MS,
            WEBHOOK_PATHS.smsStatus,
            status({ status: 'failed', errorCode: SIMULATED_FAILURE_ERROR_CODE }),
          );
        } else {
          deliveryCallbacks.schedule(SIMULATED_SENT_AFTER_MS, WEBHOOK_PATHS.smsStatus, status({ status: 'sent' }));
          deliveryCallbacks.schedule(
            SIMULATED_DELIVERED_AFTER_MS,
            WEBHOOK_PATHS.smsStatus,
            status({ status: 'delivered' }),
          );
        }
      }
      return { sid, status: 'queued' };
    },
    async startClickToCall() {
      return { sid: providerSid('CA'), status: 'queued' };
    },
    verifySignature(url, params, signature) {
      return signature !== undefined && validateRequest(authToken, signature, url, params);
    },
  };
}
