// Twilio's own signing code, without loading its REST client (webhooks.ts).
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';

/**
 * The provider webhook paths (DESIGN §1 /hooks/...). Twilio is configured with these URLs; the local
 * simulator, the CLI and the tests post to the same ones, so one verification path serves them all.
 */
export const WEBHOOK_PATHS = {
  smsInbound: '/hooks/twilio/sms',
  smsStatus: '/hooks/twilio/sms-status',
  voice: '/hooks/twilio/voice',
  callStatus: '/hooks/twilio/call-status',
} as const;

export type WebhookPath = (typeof WEBHOOK_PATHS)[keyof typeof WEBHOOK_PATHS];

/** The X-Twilio-Signature of a form post: HMAC-SHA1 of the full URL and the sorted parameters (Twilio's own code). */
export function signWebhook(authToken: string, url: string, params: Record<string, string>): string {
  return getExpectedTwilioSignature(authToken, url, params);
}

/** The application/x-www-form-urlencoded body Twilio posts. */
export function formBody(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** Whether Twilio is configured (DESIGN §1: both credentials set), else the local simulator runs. */
export function usesTwilio(config: { TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string }): boolean {
  return Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN);
}

/** The token webhooks are signed with: Twilio's auth token in Twilio mode, else the simulator's. */
export function webhookAuthToken(config: {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  SIMULATOR_AUTH_TOKEN: string;
}): string {
  return usesTwilio(config) ? config.TWILIO_AUTH_TOKEN! : config.SIMULATOR_AUTH_TOKEN;
}
