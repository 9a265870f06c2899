import type { ContactRuleKind } from '@casedesk/contract/collections/contact-rules';
import type { ContactCheck } from './check-contact.ts';

/**
 * A second implementation of the contact rules for the tests, written to be obviously right rather than
 * fast, and sharing no code with check-contact.ts or zoned-time.ts: the client's clock at every minute
 * is read straight from Intl (one formatting call per UTC minute, remembered), days are counted as day
 * numbers, and the rules are the requirement's sentences applied to one minute at a time. The next
 * allowed time is found by walking forward minute by minute.
 */

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
/** The minutes the oracle can read: the simulated year with room for holds either side. */
const FIRST_MINUTE = Date.UTC(2025, 10, 1) / MINUTE;
const LAST_MINUTE = Date.UTC(2027, 3, 1) / MINUTE;
const SPAN = LAST_MINUTE - FIRST_MINUTE;

interface Clock {
  /** Days since 1970-01-01 of the local calendar date; 0 = not read yet. */
  day: Int32Array;
  /** Minutes after local midnight. */
  minute: Int16Array;
  format: Intl.DateTimeFormat;
}
const clocks = new Map<string, Clock>();

function clockOf(timeZone: string): Clock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clock = { day: new Int32Array(SPAN), minute: new Int16Array(SPAN), format };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The client's clock during the UTC minute `utcMinute`, read from Intl the first time it is asked. */
function readClock(clock: Clock, utcMinute: number): number {
  const index = utcMinute - FIRST_MINUTE;
  if (index < 0 || index >= SPAN) throw new Error(`The oracle reads 2025-11 to 2027-03 only, not minute ${utcMinute}`);
  if (clock.day[index] === 0) {
    const text = clock.format.format(utcMinute * MINUTE);
    const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(text);
    if (!match) throw new Error(`Unexpected local time format: ${text}`);
    const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
    clock.day[index] = Date.UTC(y, mo - 1, d) / DAY_MS;
    clock.minute[index] = h * 60 + mi;
  }
  return index;
}

/** The client's local day number and minute of the day during the UTC minute `utcMinute`. */
export function localClock(timeZone: string, utcMinute: number): { day: number; minute: number } {
  const clock = clockOf(timeZone);
  const index = readClock(clock, utcMinute);
  return { day: clock.day[index]!, minute: clock.minute[index]! };
}

export interface OracleView {
  /** The rules a contact in the UTC minute `utcMinute` breaks, none when it is allowed. */
  brokenAt(utcMinute: number): readonly ContactRuleKind[];
  /** No rule broken in the UTC minute `utcMinute` (the same answer as brokenAt, without building a list). */
  allowedAt(utcMinute: number): boolean;
}

/** The rules as they stand for this check's history; asked about any minute. */
export function oracleFor(check: ContactCheck): OracleView {
  const { rule, timeZone } = check;
  const dayOf = (instant: Date) => localClock(timeZone, Math.floor(instant.getTime() / MINUTE)).day;
  // The history as it is at the check: what happened up to that instant, outbound only.
  const outbound = check.history.filter((e) => e.direction === 'OUTBOUND' && e.at.getTime() <= check.at.getTime());
  const attemptDays = outbound.map((e) => dayOf(e.at));
  const conversationDays = outbound.filter((e) => e.conversation).map((e) => dayOf(e.at));

  /** The day rules of calls on a local day (remembered: a walk crosses few days, minute after minute). */
  const dayRules = new Map<number, ContactRuleKind[]>();
  const brokenOnDay = (day: number): ContactRuleKind[] => {
    let broken = dayRules.get(day);
    if (!broken) {
      broken = [];
      const inWindow = attemptDays.filter((d) => d <= day && d > day - rule.windowDays).length;
      if (inWindow + 1 > rule.maxCallAttempts) broken.push('CALL_FREQUENCY');
      if (conversationDays.some((d) => day >= d && day < d + rule.quietDaysAfterConversation)) {
        broken.push('AFTER_CONVERSATION');
      }
      dayRules.set(day, broken);
    }
    return broken;
  };

  const clock = clockOf(timeZone);
  const earliest = rule.earliestHour * 60;
  const latest = rule.latestHour * 60;
  const optedOutText = check.channel === 'TEXT' && check.optedOut;
  return {
    brokenAt(utcMinute) {
      if (optedOutText) return ['OPT_OUT'];
      const index = readClock(clock, utcMinute);
      const minute = clock.minute[index]!;
      const broken: ContactRuleKind[] = [];
      if (minute < earliest || minute >= latest) broken.push('TIME_OF_DAY');
      if (check.channel === 'CALL') broken.push(...brokenOnDay(clock.day[index]!));
      return broken;
    },
    allowedAt(utcMinute) {
      if (optedOutText) return false;
      const index = readClock(clock, utcMinute);
      const minute = clock.minute[index]!;
      if (minute < earliest || minute >= latest) return false;
      return check.channel !== 'CALL' || brokenOnDay(clock.day[index]!).length === 0;
    },
  };
}

export const minuteOf = (instant: Date) => Math.floor(instant.getTime() / MINUTE);
export const instantOfMinute = (utcMinute: number) => new Date(utcMinute * MINUTE);
