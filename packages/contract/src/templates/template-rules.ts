import { knownPlaceholder, placeholderTokens } from '../sms/template-fill.ts';

/** The template types a collection template must carry an opt-out line in (electronic messages). */
export const OPT_OUT_TEMPLATE_TYPES = ['TEXT', 'EMAIL'] as const;
export type OptOutTemplateType = (typeof OPT_OUT_TEMPLATE_TYPES)[number];

/**
 * The placeholder-shaped words of a text that are none of the template placeholders (ALL_TEMPLATE_PLACEHOLDERS,
 * any letter case), as written and without repeats. `@clientFirstName.` is a known placeholder followed by a
 * full stop; `a@b.com` is an e-mail address and not a placeholder at all; `@paymentPlan` is unknown.
 */
export function unknownPlaceholders(content: string): string[] {
  return placeholderTokens(content).filter((token) => knownPlaceholder(token) === undefined);
}

// "Reply STOP", "Text STOP", "Send STOP" (any case, the keyword may be quoted): the carriers' opt-out keyword.
const TEXT_OPT_OUT = /\b(?:reply|text|send)\s+["'“‘]?stop\b/i;
// "unsubscribe", "opt out", "opt-out", "optout".
const EMAIL_OPT_OUT = /\bunsubscribe\b|\bopt[\s-]?out\b/i;

/**
 * Regulation F §1006.6(e): a collector's electronic message must say clearly how to stop receiving them. A text
 * passes when it tells the reader to reply (or text, or send) STOP; an e-mail when it says how to unsubscribe
 * or opt out. Letters are not electronic messages: any letter passes.
 */
export function hasOptOutLine(templateType: string, content: string): boolean {
  if (templateType === 'TEXT') return TEXT_OPT_OUT.test(content);
  if (templateType === 'EMAIL') return EMAIL_OPT_OUT.test(content);
  return true;
}
