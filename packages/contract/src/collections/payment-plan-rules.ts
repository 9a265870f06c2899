import type { InstalmentStatus, PlanFrequency } from './payment-plan.ts';
import { nthDueDate, PAUSE_BACKDATE_DAYS, PAYMENT_GRACE_DAYS, REMINDER_DAYS_BEFORE } from './payment-plan.ts';

/**
 * The rules of a running payment plan (docs/collections-payment-plans.md): which instalments the payments have
 * paid, when one is missed, when its reminder goes out, how far a pause may be backdated, how a resumed plan
 * moves on and what a change of terms keeps. Days are yyyy-MM-dd in the office's time zone.
 */

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** A day plus n days (n may be negative). */
export function addDays(date: string, n: number): string {
  return new Date(utcDay(date) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / 86_400_000);
}

/**
 * Payments pay instalments oldest first: what each instalment (in seq order) has of `paidCents`, the payments
 * on the account since its version began. Reversals are in that sum, so a bounced payment unpays again.
 */
export function allocatePayments(amounts: readonly number[], paidCents: number): number[] {
  let left = Math.max(0, paidCents);
  return amounts.map((amount) => {
    const paid = Math.min(amount, left);
    left -= paid;
    return paid;
  });
}

/**
 * What an instalment shows: PAID when the payments cover it, else what the plan marked on it: PAUSED (due during
 * a pause, excused), MISSED (the job found it unpaid after its grace) or DUE. PAID is never stored: it is read
 * from the same payment rows as the account's balance, so the two always agree.
 */
export function instalmentStatus(instalment: {
  amountCents: number;
  paidCents: number;
  marked: InstalmentStatus;
}): InstalmentStatus {
  if (instalment.paidCents >= instalment.amountCents) return 'PAID';
  return instalment.marked === 'PAID' ? 'DUE' : instalment.marked;
}

/** The last day a payment keeps an instalment's promise: its due date plus the grace. */
export function keptBy(dueDate: string): string {
  return addDays(dueDate, PAYMENT_GRACE_DAYS);
}

/** An unpaid instalment is missed once its grace has passed: on `today` when due + grace < today. */
export function isPastGrace(dueDate: string, today: string): boolean {
  return keptBy(dueDate) < today;
}

/** The due dates whose reminder is due on `today`: from today to REMINDER_DAYS_BEFORE days on (late ones catch up). */
export function reminderWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, REMINDER_DAYS_BEFORE) };
}

/** A pause starts today or up to PAUSE_BACKDATE_DAYS before it (collectors learn of a hardship late), never later. */
export function pauseStartAllowed(pausedFrom: string, today: string): boolean {
  return pausedFrom <= today && pausedFrom >= addDays(today, -PAUSE_BACKDATE_DAYS);
}

/** The position n of a day in a version's schedule (nthDueDate(first, frequency, n) is that day), or null. */
export function schedulePosition(firstDueDate: string, frequency: PlanFrequency, date: string): number | null {
  for (let n = 0; ; n += 1) {
    const due = nthDueDate(firstDueDate, frequency, n);
    if (due === date) return n;
    if (due > date) return null;
  }
}

/**
 * Resuming a pause moves the unpaid instalments due on or after the day it began (in seq order) forward by whole
 * periods of their version's schedule, as many as fell inside the pause: the plan keeps its rhythm (weekday, day
 * of the month) and its total, no instalment stays due inside the pause, and the first one moved falls on the
 * schedule's first due day on or after the resume day. Instalments the schedule cannot place (none, as stored)
 * move by the days from the first of them to the resume day.
 */
export function shiftAfterPause(
  terms: { firstDueDate: string; frequency: PlanFrequency },
  dueDates: readonly string[],
  resumeDay: string,
): string[] {
  const first = dueDates[0];
  if (first === undefined || first >= resumeDay) return [...dueDates];
  const positions = dueDates.map((d) => schedulePosition(terms.firstDueDate, terms.frequency, d));
  const p0 = positions[0];
  if (p0 === null || p0 === undefined || positions.some((p) => p === null)) {
    const days = daysBetween(first, resumeDay);
    return dueDates.map((d) => addDays(d, days));
  }
  let periods = 0;
  while (nthDueDate(terms.firstDueDate, terms.frequency, p0 + periods) < resumeDay) periods += 1;
  return positions.map((p) => nthDueDate(terms.firstDueDate, terms.frequency, p! + periods));
}

/**
 * A change of terms starts a new version from the next unpaid instalment: the instalments paid in full stay, and so
 * do the missed ones (a broken promise stays in the history); the others (due later, within their grace, or
 * excused by a pause) are replaced by the new version's, numbered on from the highest seq kept.
 */
export function changeSplit<T extends { seq: number; status: InstalmentStatus }>(
  instalments: readonly T[],
): { keep: T[]; replace: T[]; nextSeq: number } {
  const keep = instalments.filter((i) => i.status === 'PAID' || i.status === 'MISSED');
  const replace = instalments.filter((i) => i.status !== 'PAID' && i.status !== 'MISSED');
  const nextSeq = keep.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
  return { keep, replace, nextSeq };
}

/** Kept ÷ due, or null when nothing was due (a rate of nothing is not 0 %). */
export function promiseKeptRate(kept: number, due: number): number | null {
  return due === 0 ? null : kept / due;
}
