import { toE164 } from './phone-numbers.ts';
import { providerSid } from './provider-sid.ts';

/**
 * The form parameters Twilio posts to each webhook, built for the local simulator (DESIGN §1): the
 * simulator page, the CLI and the local provider's delivery callbacks all post these, so webhook
 * handlers see the same shape in local and Twilio mode (numbers in E.164, Twilio's field names).
 */

/** Stands in for an account sid; Twilio's own callbacks carry the real one. */
export const SIMULATOR_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const API_VERSION = '2010-04-01';

export interface InboundSms {
  from: string;
  to: string;
  body: string;
  /** A fixed sid replays the same message (tests, CLI); by default a new one. */
  messageSid?: string;
}

export function inboundSmsParams({ from, to, body, messageSid = providerSid('SM') }: InboundSms) {
  return {
    MessageSid: messageSid,
    SmsSid: messageSid,
    SmsMessageSid: messageSid,
    AccountSid: SIMULATOR_ACCOUNT_SID,
    From: toE164(from),
    To: toE164(to),
    Body: body,
    NumMedia: '0',
    NumSegments: String(Math.max(1, Math.ceil(body.length / 160))),
    SmsStatus: 'received',
    ApiVersion: API_VERSION,
  };
}

export interface SmsStatusUpdate {
  messageSid: string;
  /** Twilio's MessageStatus: queued, sending, sent, delivered, undelivered, failed, … */
  status: string;
  errorCode?: string;
  /** Twilio sends them; the simulator includes them when it knows them. */
  from?: string;
  to?: string;
}

export function smsStatusParams({ messageSid, status, errorCode, from, to }: SmsStatusUpdate) {
  return {
    MessageSid: messageSid,
    SmsSid: messageSid,
    AccountSid: SIMULATOR_ACCOUNT_SID,
    MessageStatus: status,
    SmsStatus: status,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
    ...(from ? { From: toE164(from) } : {}),
    ...(to ? { To: toE164(to) } : {}),
    ApiVersion: API_VERSION,
  };
}

export interface InboundCall {
  from: string;
  /** The dialed number (DNIS). */
  to: string;
  callSid?: string;
}

/** What Twilio posts to the voice URL when a call comes in and starts ringing. */
export function inboundCallParams({ from, to, callSid = providerSid('CA') }: InboundCall) {
  return {
    CallSid: callSid,
    AccountSid: SIMULATOR_ACCOUNT_SID,
    From: toE164(from),
    To: toE164(to),
    Caller: toE164(from),
    Called: toE164(to),
    CallStatus: 'ringing',
    Direction: 'inbound',
    ApiVersion: API_VERSION,
  };
}

/** The final call-status callback of an inbound call that was talked for `durationSeconds`. */
export function completedCallParams({ from, to, callSid }: Required<InboundCall>, durationSeconds: number) {
  return {
    ...inboundCallParams({ from, to, callSid }),
    CallStatus: 'completed',
    CallDuration: String(durationSeconds),
  };
}
