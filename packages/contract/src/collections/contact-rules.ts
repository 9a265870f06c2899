import { z } from 'zod';
import { US_STATE_CODES, US_STATES, type UsStateCode } from './us-states.ts';

/**
 * Collection contact rules: the guard that refuses a collection call (`click2Call` with a
 * `collectionAccountId`) or text (`sms/send` with a `collectionAccountId`) before it happens. The
 * checking itself is the server's (`modules/collections/contact-rules/check-contact.ts`); the rule
 * shape, the refusal and its wording are here so the collection management screen edits and shows
 * exactly what the server applies. Definitions: docs/collections-contact-rules.md.
 */

/** The rule a state without its own row follows. */
export const DEFAULT_RULE_STATE = 'DEFAULT';
export const CONTACT_RULE_STATES = [...US_STATE_CODES, DEFAULT_RULE_STATE] as const;
export type ContactRuleState = UsStateCode | typeof DEFAULT_RULE_STATE;

/** Hours and counts a rule may hold; the write schema's messages quote them. */
export const CONTACT_RULE_LIMITS = {
  earliestHour: { min: 0, max: 23 },
  latestHour: { min: 1, max: 24 },
  maxCallAttempts: { min: 1, max: 50 },
  windowDays: { min: 1, max: 31 },
  quietDaysAfterConversation: { min: 0, max: 31 },
} as const;
type LimitedField = keyof typeof CONTACT_RULE_LIMITS;

/** Our wording (the requirement gives the rules, not these texts). */
export const CONTACT_RULE_MESSAGES = {
  state: 'State must be a two-letter US state code, such as MA, or DEFAULT.',
  earliestHour: 'Earliest Hour must be a whole hour from 0 to 23.',
  latestHour: 'Latest Hour must be a whole hour from 1 to 24.',
  latestAfterEarliest: 'Latest Hour must be later than Earliest Hour.',
  maxCallAttempts: 'Max Call Attempts must be a whole number from 1 to 50.',
  windowDays: 'Window Days must be a whole number from 1 to 31.',
  quietDaysAfterConversation: 'Quiet Days After Conversation must be a whole number from 0 to 31.',
} as const satisfies Record<LimitedField | 'state' | 'latestAfterEarliest', string>;

function limitedInt(field: LimitedField) {
  const { min, max } = CONTACT_RULE_LIMITS[field];
  const error = CONTACT_RULE_MESSAGES[field];
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const contactRuleFields = {
  state: z.enum(CONTACT_RULE_STATES, { error: CONTACT_RULE_MESSAGES.state }),
  /**
   * Contacts are allowed from earliestHour:00 (included) until latestHour:00 (excluded), in the client's
   * local time: with 8 and 21, 8:00:00 is allowed and 21:00:00 is not. The requirement says "before 8:00
   * or after 21:00" is refused; Reg F (12 CFR 1006.6(b)(1)(i)) presumes 8 a.m. to 9 p.m. convenient. We
   * read 21:00 itself as the end of the window, so the window holds exactly 13 hours and a collector
   * never places a call that ends after 9 p.m. because it started on the stroke of it.
   */
  earliestHour: limitedInt('earliestHour'),
  latestHour: limitedInt('latestHour'),
  /** At most this many outbound collection call attempts per account in any `windowDays` calendar days. */
  maxCallAttempts: limitedInt('maxCallAttempts'),
  windowDays: limitedInt('windowDays'),
  /** Days without collection calls after a conversation, the conversation's day counting as the first. */
  quietDaysAfterConversation: limitedInt('quietDaysAfterConversation'),
};

/** One row of the rule table: a state's rule, or the DEFAULT every other state follows. */
export const contactRuleSchema = z.object(contactRuleFields).strict();
export type ContactRule = z.infer<typeof contactRuleSchema>;

/** What collection management saves (the same fields, and the window must not be empty). */
export const contactRuleWriteSchema = contactRuleSchema.refine((rule) => rule.latestHour > rule.earliestHour, {
  path: ['latestHour'],
  error: CONTACT_RULE_MESSAGES.latestAfterEarliest,
});
export type ContactRuleWrite = z.infer<typeof contactRuleWriteSchema>;

/** Reg F (12 CFR 1006.6(b)(1)(i) and 1006.14(b)(2)): 8 a.m. to 9 p.m.; 7 calls in 7 days; 7 days after a conversation. */
export const DEFAULT_CONTACT_RULE: ContactRule = {
  state: DEFAULT_RULE_STATE,
  earliestHour: 8,
  latestHour: 21,
  maxCallAttempts: 7,
  windowDays: 7,
  quietDaysAfterConversation: 7,
};

/** The rule table a new database starts with; Massachusetts allows 2 calls in 7 days (940 CMR 7.04(1)(f)). */
export const SEEDED_CONTACT_RULES: readonly ContactRule[] = [
  DEFAULT_CONTACT_RULE,
  { ...DEFAULT_CONTACT_RULE, state: 'MA', maxCallAttempts: 2 },
];

/** The rule of a state: its own row, else the DEFAULT row, else the built-in default. */
export function contactRuleFor(rules: readonly ContactRule[], state: UsStateCode | null): ContactRule {
  return (
    (state && rules.find((rule) => rule.state === state)) ||
    rules.find((rule) => rule.state === DEFAULT_RULE_STATE) ||
    DEFAULT_CONTACT_RULE
  );
}

/** Where the client's zone came from: the address's state, else the phone's area code, else the office. */
export const CLIENT_TIME_ZONE_SOURCES = ['ADDRESS', 'AREA_CODE', 'OFFICE'] as const;
export type ClientTimeZoneSource = (typeof CLIENT_TIME_ZONE_SOURCES)[number];

export const CONTACT_CHANNELS = ['CALL', 'TEXT'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Why a contact is refused. Frequency and the quiet days after a conversation apply to calls only. */
export const CONTACT_RULE_KINDS = ['TIME_OF_DAY', 'CALL_FREQUENCY', 'AFTER_CONVERSATION', 'OPT_OUT'] as const;
export type ContactRuleKind = (typeof CONTACT_RULE_KINDS)[number];

/** The body of a refused collection call or text. */
export const contactRefusalSchema = z.object({
  rule: z.enum(CONTACT_RULE_KINDS),
  message: z.string(),
  /** The earliest instant the same contact passes every rule; null when no time will do (an opted-out number). */
  nextAllowedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The client's IANA zone the rules were applied in. */
  timeZone: z.string(),
});
export type ContactRefusal = z.infer<typeof contactRefusalSchema>;

/** Every refusal's wording, in plain words a collector understands; times are the client's. */
export const CONTACT_REFUSAL_WORDING = {
  TIME_OF_DAY: (w: { contacts: string; from: string; until: string; timeZone: string; localNow: string }) =>
    `${w.contacts} to this client are allowed ${w.from} to ${w.until} their time (${w.timeZone}); it is ${w.localNow} there.`,
  CALL_FREQUENCY: (w: { attempts: number; windowDays: number; maxCallAttempts: number; ruleOf: string }) =>
    `This account already has ${w.attempts} collection call ${w.attempts === 1 ? 'attempt' : 'attempts'} in the ` +
    `${w.windowDays} days ending today, their time; ${w.ruleOf} allows ${w.maxCallAttempts} in ${w.windowDays} days.`,
  AFTER_CONVERSATION: (w: { conversationDay: string; quietDays: number; timeZone: string }) =>
    `We spoke with this client on ${w.conversationDay} (their time, ${w.timeZone}); no collection call for ` +
    `${w.quietDays} days, counting that day.`,
  OPT_OUT: () => 'This number has opted out of texts (it sent STOP): no collection text until it sends START.',
  calls: 'Calls',
  texts: 'Texts',
  ruleOfState: (stateName: string) => `the rule for ${stateName}`,
  defaultRule: 'the rule',
  nextAllowed: (when: string) => `Next allowed: ${when}.`,
} as const;

/** What every refusal message is built from. */
export interface ContactRefusalContext {
  channel: ContactChannel;
  /** The instant the contact was asked for. */
  at: Date;
  timeZone: string;
  contactRule: ContactRule;
  nextAllowedAt: Date | null;
}
/** Which rule refused, with what its message quotes. */
export type ContactRefusalReason =
  | { rule: 'TIME_OF_DAY' | 'OPT_OUT' }
  | { rule: 'CALL_FREQUENCY'; attemptsInWindow: number }
  /** conversationDay: yyyy-MM-dd in the client's zone. */
  | { rule: 'AFTER_CONVERSATION'; conversationDay: string };
export type ContactRefusalFacts = ContactRefusalContext & ContactRefusalReason;

/** The refusal's message: which rule, and the next allowed time in the client's zone. */
export function contactRefusalMessage(facts: ContactRefusalFacts): string {
  const words = CONTACT_REFUSAL_WORDING;
  const rule = facts.contactRule;
  let reason: string;
  switch (facts.rule) {
    case 'TIME_OF_DAY':
      reason = words.TIME_OF_DAY({
        contacts: facts.channel === 'CALL' ? words.calls : words.texts,
        from: hourLabel(rule.earliestHour),
        until: hourLabel(rule.latestHour),
        timeZone: facts.timeZone,
        localNow: clockIn(facts.at, facts.timeZone),
      });
      break;
    case 'CALL_FREQUENCY':
      reason = words.CALL_FREQUENCY({
        attempts: facts.attemptsInWindow,
        windowDays: rule.windowDays,
        maxCallAttempts: rule.maxCallAttempts,
        ruleOf: rule.state === DEFAULT_RULE_STATE ? words.defaultRule : words.ruleOfState(US_STATES[rule.state]),
      });
      break;
    case 'AFTER_CONVERSATION':
      reason = words.AFTER_CONVERSATION({
        conversationDay: dayLabel(facts.conversationDay),
        quietDays: rule.quietDaysAfterConversation,
        timeZone: facts.timeZone,
      });
      break;
    case 'OPT_OUT':
      reason = words.OPT_OUT();
      break;
  }
  if (!facts.nextAllowedAt) return reason;
  return `${reason} ${words.nextAllowed(momentIn(facts.nextAllowedAt, facts.timeZone))}`;
}

/** 8 → '8:00 AM', 21 → '9:00 PM', 0 and 24 → '12:00 AM' (midnight). */
export function hourLabel(hour: number): string {
  const h = hour % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

// Built from parts, not from format(): ICU versions differ in the space before AM/PM.
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    partsFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** '9:30 PM' in the zone. */
function clockIn(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** 'Thu, Nov 26, 8:00 AM EST' in the zone. */
export function momentIn(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** '2026-11-20' → 'Fri, Nov 20' (a calendar day, no zone involved). */
function dayLabel(day: string): string {
  const p = partsIn(new Date(`${day}T12:00:00Z`), 'UTC');
  return `${p.weekday}, ${p.month} ${p.day}`;
}

/** GET /api/v1/collectionContactRule: the rule table, DEFAULT and each state that differs. */
export const contactRuleListSchema = z.array(contactRuleSchema);

/** POST /api/v1/collectionContactRule/check: would a call or text on this account be allowed now? */
export const contactCheckRequestSchema = z
  .object({ accountId: z.uuid(), channel: z.enum(CONTACT_CHANNELS), toNumber: z.string().trim().min(10).max(20) })
  .strict();
export const contactCheckResponseSchema = z.object({
  allowed: z.boolean(),
  refusal: contactRefusalSchema.nullable(),
  timeZone: z.string(),
  timeZoneSource: z.enum(CLIENT_TIME_ZONE_SOURCES),
  rule: contactRuleSchema,
});
export type ContactCheckResponse = z.infer<typeof contactCheckResponseSchema>;

export const CONTACT_RULE_ADMIN_MESSAGES = {
  firmWide: 'Contact rules are the firm’s: changing them needs Collection Management for every office.',
} as const;
