import { addDays, instantOfWallTimeCompatible, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import type { CallDirection } from '@casedesk/contract/calls/call';
import {
  contactRefusalMessage,
  type ContactChannel,
  type ContactRefusal,
  type ContactRefusalReason,
  type ContactRule,
  type ContactRuleKind,
} from '@casedesk/contract/collections/contact-rules';

/**
 * The collection contact guard: may this collection call or text go out now, and if not, which rule
 * holds it back and when is the earliest it may. Pure: the caller reads the account's history, the
 * client's zone (client-time-zone.ts), the state's rule and the opt-out, and asks before dialling or
 * sending. Definitions (also in docs/collections-contact-rules.md), all in the client's zone:
 *
 * - Time of day: allowed when earliestHour:00 ≤ local time < latestHour:00 (8:00 to 21:00, 21:00 refused).
 * - A "day" is a calendar day of the client's zone, midnight to midnight, 23 or 25 hours long on the
 *   daylight-saving days. "N consecutive days" are N such calendar days.
 * - Frequency (calls only): a call on day X is refused when days X−(windowDays−1) … X already hold
 *   maxCallAttempts outbound call attempts, i.e. it would make more than maxCallAttempts in the window.
 * - After a conversation (calls only): a conversation on day D refuses calls on D … D+(quietDays−1) (the
 *   conversation day counting as day one); calls are allowed again from D+quietDays at earliestHour.
 * - Opt-out (texts only): a number that sent STOP gets no collection text; a call to it is not refused.
 * - Only the account's outbound call attempts count (a conversation is an attempt too); the client's own
 *   inbound calls count for nothing, and texts never count towards call frequency.
 */

export interface ContactHistoryEntry {
  at: Date;
  direction: CallDirection;
  /** The call reached the client and we spoke (a conversation about the debt). */
  conversation: boolean;
}

export interface ContactCheck {
  channel: ContactChannel;
  /** When the call or text would go out. */
  at: Date;
  /** The client's IANA zone. */
  timeZone: string;
  rule: ContactRule;
  /** The account's calls; entries after `at` are ignored (they have not happened yet at `at`). */
  history: readonly ContactHistoryEntry[];
  /** The number being texted has opted out (sent STOP). */
  optedOut: boolean;
}

export type ContactCheckResult =
  | { allowed: true }
  | {
      allowed: false;
      rule: ContactRuleKind;
      /** The earliest instant the same contact passes every rule, history unchanged; null: never. */
      nextAllowedAt: Date | null;
      message: string;
      timeZone: string;
    };

const DAY_MS = 86_400_000;

/** A refused check: what `toContactRefusal` turns into the API body. */
export type Refused = Extract<ContactCheckResult, { allowed: false }>;

/** A day rule that holds calls until `firstDay` (yyyy-MM-dd in the client's zone). */
type DayHold = Extract<ContactRefusalReason, { rule: 'CALL_FREQUENCY' | 'AFTER_CONVERSATION' }> & { firstDay: string };

export function checkContact(check: ContactCheck): ContactCheckResult {
  if (check.channel === 'TEXT' && check.optedOut) return refuse(check, { rule: 'OPT_OUT' }, null);

  const now = wallTimeOf(check.at, check.timeZone);
  // Both day rules move forward by whole days; the later one decides, and is the one named.
  const hold = check.channel === 'CALL' ? callHold(check, now.date) : null;
  if (hold) return refuse(check, hold, firstAllowedInstantFrom(hold.firstDay, check));

  const { earliestHour, latestHour } = check.rule;
  if (now.minutes >= earliestHour * 60 && now.minutes < latestHour * 60) return { allowed: true };
  const firstDay = now.minutes < earliestHour * 60 ? now.date : addDays(now.date, 1);
  return refuse(check, { rule: 'TIME_OF_DAY' }, firstAllowedInstantFrom(firstDay, check));
}

/** The refusal as the API answers it (contract `contactRefusalSchema`). */
export function toContactRefusal(refused: Refused): ContactRefusal {
  return {
    rule: refused.rule,
    message: refused.message,
    nextAllowedAt: refused.nextAllowedAt?.toISOString() ?? null,
    timeZone: refused.timeZone,
  };
}

function refuse(check: ContactCheck, reason: ContactRefusalReason, nextAllowedAt: Date | null): Refused {
  const { channel, at, timeZone, rule: contactRule } = check;
  return {
    allowed: false,
    rule: reason.rule,
    nextAllowedAt,
    message: contactRefusalMessage({ ...reason, channel, at, timeZone, contactRule, nextAllowedAt }),
    timeZone,
  };
}

/** The day rules of a call on `today`: the one that holds it longest, or null when neither does. */
function callHold(check: ContactCheck, today: string): DayHold | null {
  const { rule, timeZone } = check;
  const windowStart = addDays(today, -(rule.windowDays - 1));
  // Older calls cannot reach today's window or quiet days: those span at most max(windowDays, quiet days)
  // local days back, and local days are 25 hours long at most once in such a span. Skipping them keeps a
  // long history cheap (reading a call's local day is the costly step).
  const horizon = check.at.getTime() - (Math.max(rule.windowDays, rule.quietDaysAfterConversation) + 2) * DAY_MS;
  const daysInWindow: string[] = [];
  let conversationDay: string | null = null;
  for (const entry of check.history) {
    const at = entry.at.getTime();
    if (entry.direction !== 'OUTBOUND' || at > check.at.getTime() || at < horizon) continue;
    const day = wallTimeOf(entry.at, timeZone).date;
    if (day >= windowStart) daysInWindow.push(day);
    if (entry.conversation && (conversationDay === null || day > conversationDay)) conversationDay = day;
  }

  let hold: DayHold | null = null;
  if (daysInWindow.length >= rule.maxCallAttempts) {
    // The window slides a day at a time; the call fits once the maxCallAttempts-th latest attempt has left
    // it, i.e. on that attempt's day + windowDays. No attempt is later than today, so none can come back in.
    daysInWindow.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    const firstDay = addDays(daysInWindow[rule.maxCallAttempts - 1]!, rule.windowDays);
    hold = { rule: 'CALL_FREQUENCY', firstDay, attemptsInWindow: daysInWindow.length };
  }
  if (conversationDay !== null) {
    const firstDay = addDays(conversationDay, rule.quietDaysAfterConversation);
    // On a tie the conversation is named: "we spoke on Friday" explains itself better than a count.
    if (firstDay > today && (!hold || firstDay >= hold.firstDay)) {
      hold = { rule: 'AFTER_CONVERSATION', firstDay, conversationDay };
    }
  }
  return hold;
}

/**
 * The first instant on or after the start of `day` that is inside the allowed hours: earliestHour:00 that
 * day. On a spring-forward day an earliest hour inside the skipped hour starts when the clocks jump (US
 * zones skip 2:00–3:00, so 2:00 means 3:00 then); on a fall-back day the repeated hour names its first
 * occurrence. A day whose window the skipped hour empties (2:00 to 3:00) gives way to the next.
 */
function firstAllowedInstantFrom(day: string, check: ContactCheck): Date {
  const { earliestHour, latestHour } = check.rule;
  let candidate = day;
  for (let tries = 0; tries < 3; tries += 1, candidate = addDays(candidate, 1)) {
    const start = instantOfWallTimeCompatible(candidate, earliestHour * 60, check.timeZone);
    const wall = wallTimeOf(start, check.timeZone);
    if (wall.date === candidate && wall.minutes < latestHour * 60) return start;
  }
  throw new Error(`No allowed contact time in ${check.timeZone} from ${day}`);
}
