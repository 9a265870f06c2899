/**
 * DESIGN §1 SMS and telephony: one interface, two implementations. The local simulator is the
 * default and works offline; the Twilio adapter is chosen with TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN.
 * Numbers are 10 digits (US, stored without punctuation); adapters add the +1 themselves.
 */

/** Delivery states in their forward order; `failed` and `undelivered` are final like `delivered`. */
export type SmsDeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered';

export interface OutboundSms {
  from: string;
  to: string;
  body: string;
}

export interface SentSms {
  sid: string;
  status: SmsDeliveryStatus;
}

/** A two-leg click-to-call: ring the operator's phone, then bridge the participant under the office's caller id. */
export interface ClickToCallRequest {
  operatorNumber: string;
  participantNumber: string;
  outboundCallerId: string;
}

export interface StartedCall {
  sid: string;
  status: 'queued' | 'initiated' | 'ringing';
}

export interface CommunicationProvider {
  readonly name: 'local' | 'twilio';
  sendSms(message: OutboundSms): Promise<SentSms>;
  startClickToCall(request: ClickToCallRequest): Promise<StartedCall>;
  /** True when the X-Twilio-Signature header matches the full URL and the form parameters. */
  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean;
}
