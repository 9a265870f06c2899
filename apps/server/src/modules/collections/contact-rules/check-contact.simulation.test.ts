import {
  CONTACT_RULE_KINDS,
  DEFAULT_CONTACT_RULE,
  SEEDED_CONTACT_RULES,
  type ContactRule,
  type ContactRuleKind,
} from '@casedesk/contract/collections/contact-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContact, type ContactCheck, type ContactCheckResult, type ContactHistoryEntry } from './check-contact.ts';
import { instantOfMinute, localClock, minuteOf, oracleFor } from './contact-oracle.test-support.ts';

/**
 * The acceptance test of the contact rules: a simulated year (2026) of collection calls and texts in
 * every US time zone, both daylight-saving days included, each decision compared with the oracle
 * (contact-oracle.test-support.ts): no allowed contact breaks a rule, every refused one breaks the rule
 * it names, and the next allowed time is allowed while no minute before it is.
 */

const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
  'Pacific/Pago_Pago',
] as const;
const MASSACHUSETTS = SEEDED_CONTACT_RULES.find((rule) => rule.state === 'MA')!;
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_MS = 365 * 86_400_000;
/** The US daylight-saving days of 2026 (second Sunday of March, first Sunday of November). */
const DST_DAYS = [Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1)];

/**
 * Not a speed check: a zone's year takes about a second, most of it the oracle reading the clock of
 * every minute from Intl, and several times that on a busy 2-core machine.
 */
const GUARD_AGAINST_A_HUNG_TEST = 120_000;

/** Compares one decision with the oracle; throws with the case when they disagree. */
function verify(check: ContactCheck, result: ContactCheckResult): void {
  const oracle = oracleFor(check);
  const atMinute = minuteOf(check.at);
  const brokenNow = oracle.brokenAt(atMinute);
  const fail = (why: string) => {
    throw new Error(`${why}\n${JSON.stringify({ check, result, brokenNow }, null, 1)}`);
  };
  if (result.allowed) {
    if (brokenNow.length > 0) fail(`Allowed, but it breaks ${brokenNow.join(', ')}`);
    return;
  }
  if (!brokenNow.includes(result.rule)) fail(`Refused for ${result.rule}, which it does not break`);
  if (result.nextAllowedAt === null) {
    if (result.rule !== 'OPT_OUT') fail('Only an opt-out refuses for ever');
    return;
  }
  const next = result.nextAllowedAt.getTime();
  if (next <= check.at.getTime() || next % 60_000 !== 0) fail('The next allowed time is not a later whole minute');
  const nextMinute = next / 60_000;
  if (oracle.brokenAt(nextMinute).length > 0) fail(`The next allowed time breaks ${oracle.brokenAt(nextMinute)}`);
  for (let minute = atMinute + 1; minute < nextMinute; minute += 1) {
    if (oracle.allowedAt(minute)) fail(`${instantOfMinute(minute).toISOString()} is allowed earlier`);
  }
}

type EventKind = 'CALL' | 'TEXT' | 'INBOUND_CALL' | 'STOP' | 'START';
interface SimEvent {
  offsetMs: number;
  kind: EventKind;
  conversation: boolean;
  /** After a refusal, the collector tries again exactly at the next allowed time. */
  retry: boolean;
}

/**
 * Any instant of the year, or one within 90 s of a whole UTC hour: every US zone is a whole number of hours
 * from UTC, so that is where the local 8:00 and 21:00 boundaries (and midnights) fall.
 */
const HOUR_MS = 3_600_000;
const offsetArb = fc.oneof(
  fc.integer({ min: 0, max: YEAR_MS - 1 }),
  fc
    .tuple(fc.integer({ min: 1, max: 365 * 24 - 1 }), fc.integer({ min: -90_000, max: 90_000 }))
    .map(([hour, ms]) => hour * HOUR_MS + ms),
);

const eventArb: fc.Arbitrary<SimEvent> = fc.record({
  offsetMs: offsetArb,
  kind: fc.constantFrom<EventKind>('CALL', 'CALL', 'CALL', 'CALL', 'TEXT', 'TEXT', 'INBOUND_CALL', 'STOP', 'START'),
  conversation: fc.integer({ min: 0, max: 14 }).map((n) => n === 0),
  retry: fc.boolean(),
});
// Two or three events a day, plus every 20 minutes of both daylight-saving days (local midnight to midnight
// in every zone from UTC−11 to UTC+10 lies inside the UTC day −11 h … +1 day 11 h).
const dstSweep: SimEvent[] = DST_DAYS.flatMap((day) =>
  Array.from({ length: (46 * 60) / 20 }, (_, i) => ({
    offsetMs: day - YEAR_START - 11 * 3_600_000 + i * 20 * 60_000,
    kind: i % 3 === 0 ? ('TEXT' as const) : ('CALL' as const),
    conversation: false,
    retry: i % 2 === 0,
  })),
);
const yearArb = fc.array(eventArb, { minLength: 900, maxLength: 1000 });

/** Plays one account's year in one zone; returns how often each rule refused and how many were allowed. */
function simulateYear(timeZone: string, rule: ContactRule, events: SimEvent[]): Record<string, number> {
  const tally: Record<string, number> = { allowed: 0, ...Object.fromEntries(CONTACT_RULE_KINDS.map((k) => [k, 0])) };
  const history: ContactHistoryEntry[] = [];
  let optedOut = false;
  const attempt = (channel: 'CALL' | 'TEXT', at: Date, conversation: boolean): ContactCheckResult => {
    const check: ContactCheck = { channel, at, timeZone, rule, history: [...history], optedOut };
    const result = checkContact(check);
    verify(check, result);
    tally[result.allowed ? 'allowed' : result.rule]! += 1;
    if (result.allowed && channel === 'CALL') history.push({ at, direction: 'OUTBOUND', conversation });
    return result;
  };
  // A refused contact the collector tries again at its next allowed time, with the history at the refusal.
  const retries: {
    at: Date;
    channel: 'CALL' | 'TEXT';
    conversation: boolean;
    optedOut: boolean;
    historyLength: number;
  }[] = [];
  const runRetriesUntil = (until: number) => {
    retries.sort((a, b) => a.at.getTime() - b.at.getTime());
    while (retries.length > 0 && retries[0]!.at.getTime() <= until) {
      const retry = retries.shift()!;
      const unchanged = history.length === retry.historyLength && optedOut === retry.optedOut;
      const result = attempt(retry.channel, retry.at, retry.conversation);
      // Nothing happened in between, so the same contact must pass (several retries may share an instant).
      if (unchanged && !result.allowed) throw new Error(`Refused at its next allowed time: ${JSON.stringify(result)}`);
    }
  };
  for (const event of [...events, ...dstSweep].sort((a, b) => a.offsetMs - b.offsetMs)) {
    const at = new Date(YEAR_START + event.offsetMs);
    runRetriesUntil(at.getTime());
    if (event.kind === 'STOP' || event.kind === 'START') optedOut = event.kind === 'STOP';
    else if (event.kind === 'INBOUND_CALL')
      history.push({ at, direction: 'INBOUND', conversation: event.conversation });
    else {
      const result = attempt(event.kind, at, event.conversation);
      if (!result.allowed && result.nextAllowedAt && event.retry) {
        const { kind: channel, conversation } = event;
        retries.push({ at: result.nextAllowedAt, channel, conversation, optedOut, historyLength: history.length });
      }
    }
  }
  runRetriesUntil(Infinity);
  return tally;
}

describe('a simulated year of collection contacts in every US time zone', () => {
  for (const timeZone of US_ZONES) {
    it(
      `${timeZone}: every decision under the default and the Massachusetts rule agrees with the oracle`,
      () => {
        const seen: Record<string, number> = {};
        for (const rule of [DEFAULT_CONTACT_RULE, MASSACHUSETTS]) {
          fc.assert(
            fc.property(yearArb, (events) => {
              const tally = simulateYear(timeZone, rule, events);
              for (const [kind, count] of Object.entries(tally)) seen[kind] = (seen[kind] ?? 0) + count;
            }),
            // A failing year is reported as it is: shrinking a thousand events would take minutes.
            { numRuns: 1, endOnFailure: true },
          );
        }
        // The year exercised every rule, and contacts did go through.
        for (const kind of [...CONTACT_RULE_KINDS, 'allowed']) expect(seen[kind], kind).toBeGreaterThan(0);
      },
      GUARD_AGAINST_A_HUNG_TEST,
    );
  }
});

const ruleArb: fc.Arbitrary<ContactRule> = fc
  .record({
    earliestHour: fc.integer({ min: 0, max: 23 }),
    hours: fc.integer({ min: 1, max: 24 }),
    maxCallAttempts: fc.integer({ min: 1, max: 8 }),
    windowDays: fc.integer({ min: 1, max: 10 }),
    quietDaysAfterConversation: fc.integer({ min: 0, max: 10 }),
  })
  .map(({ earliestHour, hours, ...counts }) => ({
    state: 'DEFAULT' as const,
    earliestHour,
    latestHour: Math.min(24, earliestHour + hours),
    ...counts,
  }));

// A third of the checks fall on a daylight-saving day, a third anywhere in the year, and a third within a
// minute of the rule's own earliest or latest hour (found on the oracle's clock).
const instantArb = (timeZone: string, rule: ContactRule) =>
  fc.oneof(
    offsetArb.map((offset) => YEAR_START + offset),
    fc
      .tuple(fc.constantFrom(...DST_DAYS), fc.integer({ min: -11 * 60, max: 35 * 60 }))
      .map(([day, minutes]) => day + minutes * 60_000),
    fc
      .tuple(
        fc.integer({ min: 0, max: 364 }),
        fc.constantFrom(rule.earliestHour, rule.latestHour),
        fc.integer({ min: -60_000, max: 60_000 }),
      )
      .map(([day, hour, ms]) => boundaryInstant(timeZone, YEAR_START + day * 86_400_000, hour) + ms),
  );

/** The instant the zone's clock reaches hour:00 on or after the UTC day `dayStart` (the next one if skipped). */
function boundaryInstant(timeZone: string, dayStart: number, hour: number): number {
  for (let minute = dayStart / 60_000, tries = 0; tries < 72; minute += 60, tries += 1) {
    if (localClock(timeZone, minute).minute === (hour % 24) * 60) return minute * 60_000;
  }
  throw new Error(`${timeZone} never reads ${hour}:00 after ${new Date(dayStart).toISOString()}`);
}

const historyArb = fc.array(
  fc.record({
    minutesBefore: fc.integer({ min: -600, max: 20 * 1440 }),
    direction: fc.constantFrom<'INBOUND' | 'OUTBOUND'>('OUTBOUND', 'OUTBOUND', 'INBOUND'),
    conversation: fc.boolean(),
  }),
  { maxLength: 25 },
);

const checkArb: fc.Arbitrary<ContactCheck> = fc
  .tuple(fc.constantFrom(...US_ZONES), ruleArb)
  .chain(([timeZone, rule]) =>
    fc.record({
      timeZone: fc.constant(timeZone),
      rule: fc.constant(rule),
      at: instantArb(timeZone, rule),
      channel: fc.constantFrom<'CALL' | 'TEXT'>('CALL', 'CALL', 'TEXT'),
      optedOut: fc.boolean(),
      history: historyArb,
    }),
  )
  .map(({ at, history, ...rest }) => ({
    ...rest,
    at: new Date(at),
    history: history.map((h) => ({
      at: new Date(at - h.minutesBefore * 60_000),
      direction: h.direction,
      conversation: h.conversation,
    })),
  }));

describe('any rule the table may hold, on any day', () => {
  it(
    'agrees with the oracle, and the next allowed time is allowed when retried',
    () => {
      const seen = new Set<ContactRuleKind | 'allowed'>();
      fc.assert(
        fc.property(checkArb, (check) => {
          const result = checkContact(check);
          verify(check, result);
          seen.add(result.allowed ? 'allowed' : result.rule);
          if (!result.allowed && result.nextAllowedAt) {
            // The same history: what had happened by the first try (later entries would count by then).
            const history = check.history.filter((entry) => entry.at <= check.at);
            expect(checkContact({ ...check, history, at: result.nextAllowedAt })).toEqual({ allowed: true });
          }
        }),
        { numRuns: 600 },
      );
      expect([...seen].sort()).toEqual([...CONTACT_RULE_KINDS, 'allowed'].sort());
    },
    GUARD_AGAINST_A_HUNG_TEST,
  );
});
