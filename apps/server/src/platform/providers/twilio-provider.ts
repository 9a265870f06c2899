import type twilio from 'twilio';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { toE164 } from './phone-numbers.ts';
import type { CommunicationProvider } from './provider.ts';
import { mapTwilioCallStartStatus, mapTwilioSmsStatus } from './twilio-status.ts';
import { WEBHOOK_PATHS } from './webhook-signing.ts';

export interface TwilioProviderOptions {
  accountSid: string;
  authToken: string;
  /** Our address as Twilio reaches it (config.publicUrl); status callbacks go to its /hooks paths. */
  publicUrl: string;
  /** Tests pass a recording client; production uses the SDK's own (axios over HTTPS). */
  httpClient?: twilio.RequestClient;
}

/** Call progress events we ask Twilio to report for both legs of a click-to-call (DESIGN §1). */
export const CALL_STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

/**
 * The production adapter (DESIGN §1): messages and two-leg click-to-call through the real `twilio`
 * SDK, and X-Twilio-Signature checked with Twilio's own validation function.
 */
export function twilioProvider(options: TwilioProviderOptions): CommunicationProvider {
  // The REST client (and axios under it) loads with the first text or call, not with the server.
  let sdkClient: Promise<twilio.Twilio> | undefined;
  const client = () =>
    (sdkClient ??= import('twilio').then(({ default: sdk }) =>
      sdk(options.accountSid, options.authToken, {
        ...(options.httpClient ? { httpClient: options.httpClient } : {}),
        // A send runs in a job that retries with backoff (jobs.ts); the SDK must not also retry on its own.
        autoRetry: false,
        timeout: 15_000,
      }),
    ));
  const smsStatusCallback = `${options.publicUrl}${WEBHOOK_PATHS.smsStatus}`;
  const callStatusCallback = `${options.publicUrl}${WEBHOOK_PATHS.callStatus}`;

  return {
    name: 'twilio',

    async sendSms({ from, to, body }) {
      const sdk = await client();
      const message = await sdk.messages.create({
        from: toE164(from),
        to: toE164(to),
        body,
        statusCallback: smsStatusCallback,
      });
      return { sid: message.sid, status: mapTwilioSmsStatus(message.status) ?? 'queued' };
    },

    async startClickToCall({ operatorNumber, participantNumber, outboundCallerId }) {
      // Leg one rings the operator's phone; when answered, the TwiML dials the participant (leg two)
      // under the office's caller id, so the participant sees the office, not the operator.
      const sdk = await client();
      const call = await sdk.calls.create({
        to: toE164(operatorNumber),
        from: toE164(outboundCallerId),
        twiml: clickToCallTwiml(participantNumber, outboundCallerId, callStatusCallback),
        statusCallback: callStatusCallback,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: [...CALL_STATUS_EVENTS],
      });
      return { sid: call.sid, status: mapTwilioCallStartStatus(call.status) };
    },

    verifySignature(url, params, signature) {
      return signature !== undefined && validateRequest(options.authToken, signature, url, params);
    },
  };
}

/**
 * `<Response><Dial callerId="+1…"><Number statusCallback… >+1…</Number></Dial></Response>`. The
 * participant leg reports to the same call-status hook; its callbacks carry the operator leg's sid
 * as ParentCallSid, which is the sid startClickToCall returns.
 */
export function clickToCallTwiml(participantNumber: string, outboundCallerId: string, statusCallback: string): string {
  const response = new VoiceResponse();
  const dial = response.dial({ callerId: toE164(outboundCallerId) });
  dial.number(
    {
      statusCallback,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: [...CALL_STATUS_EVENTS],
    },
    toE164(participantNumber),
  );
  return response.toString();
}
