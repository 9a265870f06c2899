import type { SmsDeliveryStatus, StartedCall } from './provider.ts';

/** Twilio's message states (messages resource and status callbacks) in our five (provider.ts). */
const SMS_STATUS: Record<string, SmsDeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  // Inbound messages: they reached us, which is their delivery.
  receiving: 'delivered',
  received: 'delivered',
  failed: 'failed',
  canceled: 'failed',
  undelivered: 'undelivered',
};

/** Our status for a Twilio MessageStatus, or undefined for a state Twilio may add later (ignore it). */
export function mapTwilioSmsStatus(status: string): SmsDeliveryStatus | undefined {
  return SMS_STATUS[status.toLowerCase()];
}

/** Forward order of delivery states; the three final ones share the last rank. */
const SMS_STATUS_RANK: Record<SmsDeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  failed: 2,
  undelivered: 2,
};

/**
 * DESIGN §1: a delivery status never moves backwards. Callbacks arrive out of order (a late 'sent'
 * after 'delivered'), so a status replaces the stored one only when it is further along.
 */
export function isSmsStatusAdvance(current: SmsDeliveryStatus, next: SmsDeliveryStatus): boolean {
  return SMS_STATUS_RANK[next] > SMS_STATUS_RANK[current];
}

/** The state a freshly created Twilio call reports; anything else counts as queued. */
export function mapTwilioCallStartStatus(status: string | undefined): StartedCall['status'] {
  return status === 'initiated' || status === 'ringing' ? status : 'queued';
}
