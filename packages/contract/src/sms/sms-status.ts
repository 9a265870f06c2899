/** Delivery states of a text: outbound ones move queued → sent → delivered | failed | undelivered; inbound ones are received. */
export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'undelivered', 'received'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** Final states: nothing the provider reports later changes them. */
export const SMS_FINAL_STATUSES: readonly SmsStatus[] = ['delivered', 'failed', 'undelivered', 'received'];

/** Outbound texts in these states may be retried: a failed or undelivered message can be sent again. */
export const SMS_RETRYABLE_STATUSES: readonly SmsStatus[] = ['failed', 'undelivered'];

const RANK: Record<SmsStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2, undelivered: 2, received: 2 };

/**
 * Whether a status report moves a message forward (DESIGN §1: delivery status never moves backwards).
 * Provider callbacks arrive out of order: a late 'sent' after 'delivered' changes nothing, and a final
 * state is never replaced by another one.
 */
export function statusAdvances(current: SmsStatus, next: SmsStatus): boolean {
  if (SMS_FINAL_STATUSES.includes(current)) return false;
  return RANK[next] > RANK[current];
}

export function isRetryable(direction: 'INBOUND' | 'OUTBOUND', status: SmsStatus): boolean {
  return direction === 'OUTBOUND' && SMS_RETRYABLE_STATUSES.includes(status);
}
