import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_RULE_MESSAGES,
  contactRefusalMessage,
  contactRuleFor,
  contactRuleWriteSchema,
  DEFAULT_CONTACT_RULE,
  hourLabel,
  SEEDED_CONTACT_RULES,
  type ContactRule,
} from './contact-rules.ts';
import { usStateCodeOf } from './us-states.ts';

const MASSACHUSETTS = SEEDED_CONTACT_RULES.find((rule) => rule.state === 'MA')!;

function fieldErrors(input: unknown): Record<string, string> {
  const result = contactRuleWriteSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the rule table', () => {
  it('defaults to Reg F: 8:00 to 21:00, 7 calls in 7 days, 7 quiet days after a conversation', () => {
    expect(DEFAULT_CONTACT_RULE).toEqual({
      state: 'DEFAULT',
      earliestHour: 8,
      latestHour: 21,
      maxCallAttempts: 7,
      windowDays: 7,
      quietDaysAfterConversation: 7,
    });
  });

  it('is seeded with the default and Massachusetts (2 calls in 7 days), both valid', () => {
    expect(MASSACHUSETTS).toEqual({ ...DEFAULT_CONTACT_RULE, state: 'MA', maxCallAttempts: 2 });
    for (const rule of SEEDED_CONTACT_RULES) expect(contactRuleWriteSchema.parse(rule)).toEqual(rule);
  });

  it("applies a state's own row, else DEFAULT's, else the built-in default", () => {
    const strictDefault: ContactRule = { ...DEFAULT_CONTACT_RULE, maxCallAttempts: 5 };
    expect(contactRuleFor(SEEDED_CONTACT_RULES, 'MA')).toBe(MASSACHUSETTS);
    expect(contactRuleFor([strictDefault, MASSACHUSETTS], 'TX')).toBe(strictDefault);
    expect(contactRuleFor([strictDefault], null)).toBe(strictDefault);
    expect(contactRuleFor([MASSACHUSETTS], 'TX')).toBe(DEFAULT_CONTACT_RULE);
  });
});

describe('contactRuleWriteSchema', () => {
  it('says which field is wrong, in words', () => {
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, earliestHour: 7.5 })).toEqual({
      earliestHour: CONTACT_RULE_MESSAGES.earliestHour,
    });
    expect(CONTACT_RULE_MESSAGES.earliestHour).toBe('Earliest Hour must be a whole hour from 0 to 23.');
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, latestHour: 25 })).toEqual({
      latestHour: CONTACT_RULE_MESSAGES.latestHour,
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, earliestHour: 21, latestHour: 8 })).toEqual({
      latestHour: 'Latest Hour must be later than Earliest Hour.',
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, maxCallAttempts: 0 })).toEqual({
      maxCallAttempts: CONTACT_RULE_MESSAGES.maxCallAttempts,
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, windowDays: '7' })).toEqual({
      windowDays: CONTACT_RULE_MESSAGES.windowDays,
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, quietDaysAfterConversation: -1 })).toEqual({
      quietDaysAfterConversation: CONTACT_RULE_MESSAGES.quietDaysAfterConversation,
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, state: 'Massachusetts' })).toEqual({
      state: CONTACT_RULE_MESSAGES.state,
    });
    expect(fieldErrors({ ...DEFAULT_CONTACT_RULE, extra: 1 })).not.toEqual({});
  });

  it('accepts exactly the whole hours and counts within the limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 26 }),
        fc.integer({ min: -2, max: 26 }),
        fc.integer({ min: -1, max: 52 }),
        (earliestHour, latestHour, maxCallAttempts) => {
          const valid =
            earliestHour >= 0 &&
            earliestHour <= 23 &&
            latestHour >= 1 &&
            latestHour <= 24 &&
            latestHour > earliestHour &&
            maxCallAttempts >= 1 &&
            maxCallAttempts <= 50;
          const rule = { ...DEFAULT_CONTACT_RULE, earliestHour, latestHour, maxCallAttempts };
          expect(contactRuleWriteSchema.safeParse(rule).success).toBe(valid);
        },
      ),
    );
  });
});

describe('refusal wording', () => {
  const context = {
    channel: 'CALL' as const,
    at: new Date('2026-11-26T02:30:00Z'),
    timeZone: 'America/New_York',
    contactRule: DEFAULT_CONTACT_RULE,
    nextAllowedAt: new Date('2026-11-26T13:00:00Z'),
  };

  it('names the rule, the client’s time and the next allowed time', () => {
    expect(contactRefusalMessage({ ...context, rule: 'TIME_OF_DAY' })).toBe(
      'Calls to this client are allowed 8:00 AM to 9:00 PM their time (America/New_York); it is 9:30 PM there. ' +
        'Next allowed: Thu, Nov 26, 8:00 AM EST.',
    );
    expect(contactRefusalMessage({ ...context, rule: 'CALL_FREQUENCY', attemptsInWindow: 7 })).toBe(
      'This account already has 7 collection call attempts in the 7 days ending today, their time; ' +
        'the rule allows 7 in 7 days. Next allowed: Thu, Nov 26, 8:00 AM EST.',
    );
    expect(
      contactRefusalMessage({
        ...context,
        contactRule: MASSACHUSETTS,
        rule: 'CALL_FREQUENCY',
        attemptsInWindow: 2,
      }),
    ).toContain('the rule for Massachusetts allows 2 in 7 days.');
    expect(contactRefusalMessage({ ...context, rule: 'AFTER_CONVERSATION', conversationDay: '2026-11-20' })).toContain(
      'We spoke with this client on Fri, Nov 20 (their time, America/New_York)',
    );
    expect(contactRefusalMessage({ ...context, channel: 'TEXT', rule: 'OPT_OUT', nextAllowedAt: null })).toBe(
      'This number has opted out of texts (it sent STOP): no collection text until it sends START.',
    );
  });

  it('shows hours on a 12-hour clock', () => {
    expect([0, 8, 12, 21, 24].map(hourLabel)).toEqual(['12:00 AM', '8:00 AM', '12:00 PM', '9:00 PM', '12:00 AM']);
  });
});

describe('usStateCodeOf', () => {
  it('reads a code or a name in any case, and nothing else', () => {
    expect(usStateCodeOf('ma')).toBe('MA');
    expect(usStateCodeOf(' Massachusetts ')).toBe('MA');
    expect(usStateCodeOf('District of Columbia')).toBe('DC');
    expect(usStateCodeOf('Washington, D.C.')).toBe('DC');
    expect(usStateCodeOf('Puerto Rico')).toBe('PR');
    expect(usStateCodeOf('Virgin Islands')).toBe('VI');
    expect(usStateCodeOf('Mass')).toBeNull();
    expect(usStateCodeOf('ON')).toBeNull();
    expect(usStateCodeOf('constructor')).toBeNull();
    expect(usStateCodeOf('')).toBeNull();
    expect(usStateCodeOf(null)).toBeNull();
  });
});
