/**
 * Scoring of duplicate and conflict candidates, Fellegi–Sunter style. The database finds candidates through
 * indexes; field-comparison.ts turns each field of a candidate into a level of agreement; this pure function adds
 * the learned weight of each level (bits of evidence, match-weights.ts) and turns the sum into a probability.
 *
 * The score is that probability in percent, for a client file of a million people: the same score means the same
 * odds whichever fields agreed. docs/matching.md explains the weights, the thresholds and how they are measured.
 */
import type { AgreementLevel, DobLevel, NameLevel } from './field-comparison.ts';
import { LEARNED_MATCH_WEIGHTS } from './match-weights.ts';

/** Everything known about one candidate against the typed person, as levels of agreement. */
export interface MatchFeatures {
  /** Typed first vs stored first, typed last vs stored last. */
  first: NameLevel;
  last: NameLevel;
  /** Typed first vs stored last and typed last vs stored first (names entered in swapped order). */
  swappedFirst: NameLevel;
  swappedLast: NameLevel;
  dateOfBirth: DobLevel;
  phone: AgreementLevel;
  email: AgreementLevel;
  lmsClientNumber: AgreementLevel;
}

export interface MatchWeights {
  first: Record<NameLevel, number>;
  last: Record<NameLevel, number>;
  dateOfBirth: Record<DobLevel, number>;
  phone: Record<AgreementLevel, number>;
  email: Record<AgreementLevel, number>;
  lmsClientNumber: Record<AgreementLevel, number>;
  /** Added when the swapped reading of the names is the better one: how rarely people are typed swapped. */
  swappedNames: number;
}

export const MATCH_REASONS = [
  'SAME_PHONE',
  'SAME_EMAIL',
  'SAME_DOB',
  'SIMILAR_DOB',
  'SAME_LMS_CLIENT_NUMBER',
  'SAME_NAME',
  'NICKNAME',
  'NAME_SOUNDS_ALIKE',
  'SIMILAR_NAME',
  'SWAPPED_NAMES',
] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** What the panel and the conflicts table show for each reason. */
export const MATCH_REASON_LABELS: Record<MatchReason, string> = {
  SAME_PHONE: 'same phone',
  SAME_EMAIL: 'same email',
  SAME_DOB: 'same DOB',
  SIMILAR_DOB: 'DOB one slip off',
  SAME_LMS_CLIENT_NUMBER: 'same LMS client number',
  SAME_NAME: 'same name',
  NICKNAME: 'nickname of',
  NAME_SOUNDS_ALIKE: 'name sounds alike',
  SIMILAR_NAME: 'similar name',
  SWAPPED_NAMES: 'swapped first/last',
};

export interface MatchScore {
  /** 0–100: the probability, in percent, that the candidate is the typed person. */
  score: number;
  reasons: MatchReason[];
  /** Evidence in bits (the sum of the weights), for ranking and for the bench. */
  bits: number;
  /** Worth showing: MATCH_OFFER_BITS of evidence, not from the date of birth alone; scored at least 1. */
  offered: boolean;
  /** At the likely-duplicate level: at least LIKELY_DUPLICATE_SCORE. */
  likely: boolean;
}

/**
 * Prior odds against a candidate being the person before any field is compared: one in 2^22, about four million.
 * A client file of a million people (the size the product is built for), and about one caller in four already a
 * client: the rest are new, and any candidate of theirs is someone else. A score is the posterior at these odds.
 */
export const PRIOR_BITS = 22;
/**
 * A candidate is shown from this much evidence (a thousand times likelier than chance), and only when something
 * besides the date of birth agrees: a birthday is shared by dozens in a large file, so alone it is a way in, not
 * an identification. Names alone reach it (the score then says how weak that is).
 */
export const MATCH_OFFER_BITS = 10;
/** The likely-duplicate level: shown in red, and what a stranger must almost never reach. */
export const LIKELY_DUPLICATE_SCORE = 70;

const nameReasons: Partial<Record<NameLevel, MatchReason>> = {
  nickname: 'NICKNAME',
  part: 'SIMILAR_NAME',
  close: 'SIMILAR_NAME',
  alike: 'NAME_SOUNDS_ALIKE',
};

function reasonsOf(features: MatchFeatures, names: NameLevel[], swapped: boolean): MatchReason[] {
  const reasons: MatchReason[] = [];
  if (features.phone === 'same') reasons.push('SAME_PHONE');
  if (features.email === 'same') reasons.push('SAME_EMAIL');
  if (features.lmsClientNumber === 'same') reasons.push('SAME_LMS_CLIENT_NUMBER');
  if (features.dateOfBirth === 'exact') reasons.push('SAME_DOB');
  if (features.dateOfBirth === 'near') reasons.push('SIMILAR_DOB');
  const known = names.filter((level) => level !== 'missing' && level !== 'different');
  if (known.length > 0 && known.every((level) => level === 'exact')) reasons.push('SAME_NAME');
  for (const level of known) {
    const reason = nameReasons[level];
    if (reason && !reasons.includes(reason)) reasons.push(reason);
  }
  if (swapped && known.length > 0) reasons.push('SWAPPED_NAMES');
  return reasons;
}

/** Bits of evidence to a percentage at PRIOR_BITS odds, whole numbers, never rounded up to 100 from below. */
export function scoreOfBits(bits: number): number {
  const probability = 1 / (1 + 2 ** (PRIOR_BITS - bits));
  return Math.min(Math.round(probability * 100), probability < 1 ? 99 : 100);
}

/** The score of one candidate: the weights of its fields' levels, names read the better of straight and swapped. */
export function scoreMatch(features: MatchFeatures, weights: MatchWeights = LEARNED_MATCH_WEIGHTS): MatchScore {
  const straight = weights.first[features.first] + weights.last[features.last];
  const swappedNames = [features.swappedFirst, features.swappedLast];
  const swappedKnown = swappedNames.some((level) => level !== 'missing' && level !== 'different');
  // Typed first against stored last is a last name's agreement, and the other way round.
  const swapped = swappedKnown
    ? weights.last[features.swappedFirst] + weights.first[features.swappedLast] + weights.swappedNames
    : -Infinity;
  const useSwapped = swapped > straight;
  const bits =
    Math.max(straight, swapped) +
    weights.dateOfBirth[features.dateOfBirth] +
    weights.phone[features.phone] +
    weights.email[features.email] +
    weights.lmsClientNumber[features.lmsClientNumber];
  const names = useSwapped ? swappedNames : [features.first, features.last];
  const reasons = reasonsOf(features, names, useSwapped);
  const identified = reasons.some((reason) => reason !== 'SAME_DOB' && reason !== 'SIMILAR_DOB');
  const offered = identified && bits >= MATCH_OFFER_BITS;
  // An offered candidate never shows 0%: it is shown because it is far likelier than chance.
  const score = offered ? Math.max(1, scoreOfBits(bits)) : scoreOfBits(bits);
  return { score, reasons, bits, offered, likely: offered && score >= LIKELY_DUPLICATE_SCORE };
}
