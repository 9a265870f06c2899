/**
 * Opt-out keywords (beyond the spec, required by law — TCPA/CTIA, and the set carriers and Twilio honour):
 * a reply made of one of these words opts the number out of texts; START/UNSTOP opt it back in.
 */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'CANCEL',
  'REVOKE',
  'OPTOUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

export type OptAction = 'OPT_OUT' | 'OPT_IN';

/** The keyword a message is, normalised (upper case, without surrounding whitespace or punctuation). */
export function normalizeKeyword(body: string): string {
  return body.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '').toUpperCase();
}

/**
 * 'OPT_OUT' / 'OPT_IN' when the whole message is one keyword, in any case, with surrounding whitespace or
 * punctuation ignored ('Stop.', ' stop! '); null otherwise ('please stop calling' is an ordinary message).
 */
export function optOutKeyword(body: string): OptAction | null {
  const word = normalizeKeyword(body);
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'OPT_OUT';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'OPT_IN';
  return null;
}
