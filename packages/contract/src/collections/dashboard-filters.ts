/**
 * The account-list filters the collections dashboard adds so that each of its figures opens exactly the
 * accounts behind it (docs/collections-dashboard.md). They live apart from account.ts, which imports them
 * for its filter, so that this file imports nothing back.
 */

/**
 * Aging: days since the account's aging date, which is its last payment date, or the day it was opened (in
 * its office's time zone) when it was never paid. A payment restarts the clock: what ages is the silence
 * since money last came in. Days are counted to `today`, the caller's day sent with the filter.
 */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

/**
 * The days since the aging date each bucket holds, both ends included; null: no bound. An aging date after
 * `today` (an office whose day is ahead of the caller's) counts as 0 days.
 */
export const AGING_BUCKET_DAYS: Record<AgingBucket, { min: number | null; max: number | null }> = {
  '0-30': { min: null, max: 30 },
  '31-60': { min: 31, max: 60 },
  '61-90': { min: 61, max: 90 },
  '90+': { min: 91, max: null },
};

export function agingBucketOf(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** yyyy-MM-dd plus a number of days (negative goes back). */
export function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one yyyy-MM-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The aging dates a bucket holds on `today`, both ends included: an account is in the bucket when
 * `from <= agingDate <= to` (a null end is unbounded). What the list's SQL compares.
 */
export function agingDateRange(bucket: AgingBucket, today: string): { from: string | null; to: string | null } {
  const { min, max } = AGING_BUCKET_DAYS[bucket];
  return {
    from: max === null ? null : plusDays(today, -max),
    to: min === null ? null : plusDays(today, -min),
  };
}

/**
 * Payment-plan state of an account, from its open plan (ACTIVE or PAUSED; an account has at most one):
 * ACTIVE and PAUSED are the plan's status; MISSED is an open plan with at least one instalment whose
 * status is MISSED (a promise broken and not yet made good).
 */
export const PLAN_STATES = ['ACTIVE', 'PAUSED', 'MISSED'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  ACTIVE: 'Plans active',
  PAUSED: 'Plans paused',
  MISSED: 'Plans with a missed instalment',
};

/** The instalment statuses a promise-kept rate counts: a promise kept (PAID) or broken (MISSED). */
export const SETTLED_INSTALMENT_STATUSES = ['PAID', 'MISSED'] as const;
