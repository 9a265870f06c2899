/** Provider call states (Twilio's names), as stored in calls.status. */
export const CALL_STATUSES = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'canceled',
  'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Final states: the call is over and nothing the provider reports later changes it. */
export const CALL_FINAL_STATUSES: readonly CallStatus[] = ['completed', 'busy', 'no-answer', 'canceled', 'failed'];

/** Final states of a call nobody answered (call summary "missed"). */
export const CALL_UNANSWERED_STATUSES: readonly CallStatus[] = ['busy', 'no-answer', 'canceled', 'failed'];

const RANK: Record<CallStatus, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  'in-progress': 3,
  completed: 4,
  busy: 4,
  'no-answer': 4,
  canceled: 4,
  failed: 4,
};

/** Our status for a provider's CallStatus text, or undefined for one we do not know (ignored). */
export function parseCallStatus(value: string | undefined): CallStatus | undefined {
  const lower = value?.trim().toLowerCase();
  return CALL_STATUSES.find((s) => s === lower);
}

/**
 * DESIGN §1: a status never moves backwards. Status callbacks arrive out of order (a late 'ringing'
 * after 'completed'), so a report replaces the stored status only when it is further along.
 */
export function callStatusAdvances(current: CallStatus, next: CallStatus): boolean {
  return RANK[next] > RANK[current];
}

/** The stored statuses a report of `next` may replace: the ones it advances from (for an UPDATE … WHERE). */
export function callStatusesBefore(next: CallStatus): CallStatus[] {
  return CALL_STATUSES.filter((current) => callStatusAdvances(current, next));
}
