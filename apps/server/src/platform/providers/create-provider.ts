import type { Config } from '../../config.ts';
import { localProvider } from './local-provider.ts';
import type { CommunicationProvider } from './provider.ts';
import { twilioProvider } from './twilio-provider.ts';
import type { WebhookLoopback } from './webhook-loopback.ts';
import { usesTwilio } from './webhook-signing.ts';

/**
 * DESIGN §1: Twilio when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are both set, else the local
 * simulator, which only demo mode gets (loadConfig refuses a firm's server without Twilio, and demo mode
 * in production). The simulator posts delivery callbacks through `loopback` unless SIMULATOR_AUTO_STATUS
 * is false (its default is off under NODE_ENV=test, so tests drive statuses themselves).
 */
export function createProvider(config: Config, loopback: WebhookLoopback): CommunicationProvider {
  if (usesTwilio(config)) {
    return twilioProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      publicUrl: config.publicUrl,
    });
  }
  return localProvider(config.SIMULATOR_AUTH_TOKEN, simulatesDeliveryStatus(config) ? loopback : undefined);
}

/** SIMULATOR_AUTO_STATUS, by default on except under NODE_ENV=test (tests drive statuses themselves). */
export function simulatesDeliveryStatus(config: Pick<Config, 'SIMULATOR_AUTO_STATUS' | 'NODE_ENV'>): boolean {
  return config.SIMULATOR_AUTO_STATUS ?? config.NODE_ENV !== 'test';
}
