import {
  contactRefusalSchema,
  DEFAULT_CONTACT_RULE,
  SEEDED_CONTACT_RULES,
  type ContactRule,
} from '@casedesk/contract/collections/contact-rules';
import { describe, expect, it } from 'vitest';
import { checkContact, toContactRefusal, type ContactCheck, type ContactHistoryEntry } from './check-contact.ts';

const NY = 'America/New_York';
const MASSACHUSETTS = SEEDED_CONTACT_RULES.find((rule) => rule.state === 'MA')!;

function call(at: string, more: Partial<ContactCheck> = {}) {
  return checkContact({
    channel: 'CALL',
    at: new Date(at),
    timeZone: NY,
    rule: DEFAULT_CONTACT_RULE,
    history: [],
    optedOut: false,
    ...more,
  });
}
const text = (at: string, more: Partial<ContactCheck> = {}) => call(at, { channel: 'TEXT', ...more });
const outbound = (at: string, conversation = false): ContactHistoryEntry => ({
  at: new Date(at),
  direction: 'OUTBOUND',
  conversation,
});
const inbound = (at: string, conversation = false): ContactHistoryEntry => ({
  at: new Date(at),
  direction: 'INBOUND',
  conversation,
});
const nextOf = (result: ReturnType<typeof checkContact>) => (result.allowed ? 'allowed' : result.nextAllowedAt);

describe('time of day, in the client zone', () => {
  it('refuses after 21:00 with the rule, their time and the next allowed time in plain words', () => {
    // Wednesday 25 November 2026, 9:30 PM in New York (EST, UTC−5).
    expect(call('2026-11-26T02:30:00Z')).toEqual({
      allowed: false,
      rule: 'TIME_OF_DAY',
      nextAllowedAt: new Date('2026-11-26T13:00:00Z'),
      message:
        'Calls to this client are allowed 8:00 AM to 9:00 PM their time (America/New_York); it is 9:30 PM there. ' +
        'Next allowed: Thu, Nov 26, 8:00 AM EST.',
      timeZone: NY,
    });
  });

  it('allows 8:00:00 and 20:59:59, refuses 7:59:59 and 21:00:00', () => {
    expect(call('2026-11-25T13:00:00Z')).toEqual({ allowed: true });
    expect(call('2026-11-26T01:59:59.999Z')).toEqual({ allowed: true });
    expect(nextOf(call('2026-11-25T12:59:59.999Z'))).toEqual(new Date('2026-11-25T13:00:00Z'));
    expect(nextOf(call('2026-11-26T02:00:00Z'))).toEqual(new Date('2026-11-26T13:00:00Z'));
  });

  it('is exact on the spring-forward day (8 March 2026): 8:00 is EDT', () => {
    // 1:30 EST, before the clocks jump at 2:00.
    const early = call('2026-03-08T06:30:00Z');
    expect(nextOf(early)).toEqual(new Date('2026-03-08T12:00:00Z'));
    expect(!early.allowed && early.message).toMatch(/it is 1:30 AM there\. Next allowed: Sun, Mar 8, 8:00 AM EDT\.$/);
    // The evening before, 21:30 EST: next morning's 8:00 is already daylight time.
    expect(nextOf(call('2026-03-08T02:30:00Z'))).toEqual(new Date('2026-03-08T12:00:00Z'));
    expect(nextOf(call('2026-03-08T11:59:59Z'))).toEqual(new Date('2026-03-08T12:00:00Z'));
    expect(call('2026-03-08T12:00:00Z')).toEqual({ allowed: true });
  });

  it('is exact on the fall-back day (1 November 2026): 8:00 is EST, through both 1:30s', () => {
    expect(nextOf(call('2026-11-01T05:30:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z')); // 1:30 EDT
    expect(nextOf(call('2026-11-01T06:30:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z')); // 1:30 EST
    expect(nextOf(call('2026-11-01T12:59:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z')); // 7:59 EST
    expect(call('2026-11-01T12:00:00Z')).not.toEqual({ allowed: true }); // 7:00 EST, 8:00 by yesterday's offset
    expect(call('2026-11-01T13:00:00Z')).toEqual({ allowed: true });
    expect(nextOf(call('2026-11-01T01:30:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z')); // Sat 21:30 EDT
  });

  it('skips a day whose whole window the spring-forward jump removes', () => {
    // A rule allowing 2:00 to 3:00 only: on 8 March 2026 New York goes from 1:59:59 EST to 3:00 EDT.
    const rule: ContactRule = { ...DEFAULT_CONTACT_RULE, earliestHour: 2, latestHour: 3 };
    expect(nextOf(call('2026-03-08T06:30:00Z', { rule }))).toEqual(new Date('2026-03-09T06:00:00Z')); // 9 March 2:00 EDT
    // On the fall-back day 2:00 comes once, after both 1:00s.
    expect(nextOf(call('2026-11-01T05:30:00Z', { rule }))).toEqual(new Date('2026-11-01T07:00:00Z')); // 2:00 EST
  });

  it('reads 8:00 in every US zone on both daylight-saving days', () => {
    const eight: [string, string, string][] = [
      ['America/Chicago', '2026-03-08T13:00:00Z', '2026-11-01T14:00:00Z'],
      ['America/Denver', '2026-03-08T14:00:00Z', '2026-11-01T15:00:00Z'],
      ['America/Phoenix', '2026-03-08T15:00:00Z', '2026-11-01T15:00:00Z'],
      ['America/Los_Angeles', '2026-03-08T15:00:00Z', '2026-11-01T16:00:00Z'],
      ['America/Anchorage', '2026-03-08T16:00:00Z', '2026-11-01T17:00:00Z'],
      ['America/Adak', '2026-03-08T17:00:00Z', '2026-11-01T18:00:00Z'],
      ['Pacific/Honolulu', '2026-03-08T18:00:00Z', '2026-11-01T18:00:00Z'],
      ['America/Puerto_Rico', '2026-03-08T12:00:00Z', '2026-11-01T12:00:00Z'],
      ['Pacific/Guam', '2026-03-07T22:00:00Z', '2026-10-31T22:00:00Z'],
    ];
    for (const [timeZone, spring, fall] of eight) {
      for (const at of [spring, fall]) {
        const justBefore = new Date(new Date(at).getTime() - 1).toISOString();
        expect(nextOf(call(justBefore, { timeZone })), `${timeZone} ${at}`).toEqual(new Date(at));
        expect(call(at, { timeZone }), `${timeZone} ${at}`).toEqual({ allowed: true });
      }
    }
  });

  it('limits texts to the same hours, in their own words', () => {
    const late = text('2026-11-26T02:30:00Z');
    expect(!late.allowed && late.message).toMatch(/^Texts to this client are allowed 8:00 AM to 9:00 PM their time/);
  });
});

describe('call frequency', () => {
  it('Massachusetts allows 2 calls in 7 days; the third waits for the first to leave the window', () => {
    // Monday 1 and Tuesday 2 June 2026, 10:00 EDT.
    const history = [outbound('2026-06-01T14:00:00Z'), outbound('2026-06-02T14:00:00Z')];
    expect(call('2026-06-02T14:00:00Z', { rule: MASSACHUSETTS, history: history.slice(0, 1) })).toEqual({
      allowed: true,
    });
    expect(call('2026-06-03T14:00:00Z', { rule: MASSACHUSETTS, history })).toEqual({
      allowed: false,
      rule: 'CALL_FREQUENCY',
      nextAllowedAt: new Date('2026-06-08T12:00:00Z'),
      message:
        'This account already has 2 collection call attempts in the 7 days ending today, their time; ' +
        'the rule for Massachusetts allows 2 in 7 days. Next allowed: Mon, Jun 8, 8:00 AM EDT.',
      timeZone: NY,
    });
    // Sunday 7 June, 20:59 EDT: still inside the window; Monday 8 June 8:00: the 1 June call has left it.
    expect(call('2026-06-08T00:59:00Z', { rule: MASSACHUSETTS, history })).not.toEqual({ allowed: true });
    expect(call('2026-06-08T12:00:00Z', { rule: MASSACHUSETTS, history })).toEqual({ allowed: true });
  });

  it('the default allows 7 calls in 7 days, counted by the client’s calendar days', () => {
    const sevenToday = Array.from({ length: 7 }, (_, i) => outbound(`2026-07-13T1${i}:00:00Z`));
    const refused = call('2026-07-13T20:00:00Z', { history: sevenToday });
    expect(refused).toMatchObject({ allowed: false, rule: 'CALL_FREQUENCY' });
    expect(nextOf(refused)).toEqual(new Date('2026-07-20T12:00:00Z')); // Monday 20 July, 8:00 EDT
    expect(call('2026-07-13T20:00:00Z', { history: sevenToday.slice(1) })).toEqual({ allowed: true });
  });

  it('ignores the client’s inbound calls, even those that were conversations', () => {
    const inboundOnly = Array.from({ length: 10 }, (_, i) => inbound(`2026-07-13T1${i % 10}:00:00Z`, i === 0));
    expect(call('2026-07-13T20:00:00Z', { history: inboundOnly })).toEqual({ allowed: true });
  });

  it('ignores history after the instant checked', () => {
    expect(call('2026-07-13T14:00:00Z', { history: [outbound('2026-07-13T15:00:00Z', true)] })).toEqual({
      allowed: true,
    });
  });
});

describe('after a conversation', () => {
  it('refuses calls for 7 days counting the conversation day, then allows them from 8:00', () => {
    // Friday 20 November 2026, 10:00 EST.
    const history = [outbound('2026-11-20T15:00:00Z', true)];
    expect(call('2026-11-20T16:00:00Z', { history })).toEqual({
      allowed: false,
      rule: 'AFTER_CONVERSATION',
      nextAllowedAt: new Date('2026-11-27T13:00:00Z'),
      message:
        'We spoke with this client on Fri, Nov 20 (their time, America/New_York); no collection call for 7 days, ' +
        'counting that day. Next allowed: Fri, Nov 27, 8:00 AM EST.',
      timeZone: NY,
    });
    expect(call('2026-11-27T01:59:00Z', { history })).toMatchObject({ rule: 'AFTER_CONVERSATION' }); // Thu 20:59
    expect(call('2026-11-27T13:00:00Z', { history })).toEqual({ allowed: true });
  });

  it('names the rule that holds the call longest', () => {
    // A conversation six days ago frees tomorrow; seven attempts today hold calls for a week.
    const sevenToday = Array.from({ length: 7 }, (_, i) => outbound(`2026-07-13T1${i}:00:00Z`));
    const history = [outbound('2026-07-07T14:00:00Z', true), ...sevenToday];
    expect(call('2026-07-13T20:00:00Z', { history })).toMatchObject({ rule: 'CALL_FREQUENCY' });
    // Both free the same day (20 July): a tie names the conversation, the plainer reason for a collector.
    const yesterday = [...sevenToday, outbound('2026-07-13T19:00:00Z', true)];
    expect(call('2026-07-14T14:00:00Z', { history: yesterday })).toMatchObject({
      rule: 'AFTER_CONVERSATION',
      nextAllowedAt: new Date('2026-07-20T12:00:00Z'),
    });
  });
});

describe('texts and opt-out', () => {
  const busyDay = [
    ...Array.from({ length: 9 }, (_, i) => outbound(`2026-07-13T1${i}:00:00Z`)),
    outbound('2026-07-13T19:00:00Z', true),
  ];

  it('texts are not limited by call frequency or by a conversation', () => {
    expect(text('2026-07-13T20:00:00Z', { history: busyDay })).toEqual({ allowed: true });
  });

  it('a number that sent STOP gets no collection text, ever, but may still be called', () => {
    const refused = text('2026-07-13T16:00:00Z', { optedOut: true });
    expect(refused).toEqual({
      allowed: false,
      rule: 'OPT_OUT',
      nextAllowedAt: null,
      message: 'This number has opted out of texts (it sent STOP): no collection text until it sends START.',
      timeZone: NY,
    });
    expect(call('2026-07-13T16:00:00Z', { optedOut: true })).toEqual({ allowed: true });
  });

  it('answers the API with the contract refusal (ISO instant, null for never)', () => {
    const refused = call('2026-11-26T02:30:00Z');
    const optedOut = text('2026-07-13T16:00:00Z', { optedOut: true });
    if (refused.allowed || optedOut.allowed) throw new Error('expected refusals');
    expect(contactRefusalSchema.parse(toContactRefusal(refused)).nextAllowedAt).toBe('2026-11-26T13:00:00.000Z');
    expect(contactRefusalSchema.parse(toContactRefusal(optedOut)).nextAllowedAt).toBeNull();
  });
});
