/**
 * Scoring of duplicate and conflict candidates (issue 4). The database finds candidates through
 * indexes and measures how their names compare; this pure function turns those measurements into one
 * score (0–100) and the reasons an operator reads, so the rules are unit-tested apart from SQL.
 */

/** How one typed name compares with one stored name. */
export interface NameComparison {
  /** Equal ignoring case and surrounding whitespace. */
  exact: boolean;
  /** One is a listed nickname of the other (Robert ↔ Bob), either direction. */
  nickname: boolean;
  /** Same Double Metaphone code (primary or alternate): Smith ↔ Smyth, Jon ↔ John. */
  soundsAlike: boolean;
  /** pg_trgm similarity, 0–1 (catches typos sound-alike codes miss: Smiht ↔ Smith). */
  similarity: number;
}

/** Everything known about one candidate against the typed person. */
export interface MatchFeatures {
  /** Typed first vs stored first, typed last vs stored last; undefined when a side is missing. */
  first?: NameComparison;
  last?: NameComparison;
  /** Typed first vs stored last and typed last vs stored first (names entered in swapped order). */
  swappedFirst?: NameComparison;
  swappedLast?: NameComparison;
  samePhone: boolean;
  sameEmail: boolean;
  sameDateOfBirth: boolean;
  sameLmsClientNumber?: boolean;
}

export const MATCH_REASONS = [
  'SAME_PHONE',
  'SAME_EMAIL',
  'SAME_DOB',
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
  SAME_LMS_CLIENT_NUMBER: 'same LMS client number',
  SAME_NAME: 'same name',
  NICKNAME: 'nickname of',
  NAME_SOUNDS_ALIKE: 'name sounds alike',
  SIMILAR_NAME: 'similar name',
  SWAPPED_NAMES: 'swapped first/last',
};

export interface MatchScore {
  score: number;
  reasons: MatchReason[];
  /** True when something identifies the person (not only a shared birthday): only these are shown. */
  likely: boolean;
}

/** Points per signal; a phone, email or LMS number names one person, a birthday is shared by thousands. */
export const MATCH_WEIGHTS = {
  phone: 40,
  email: 35,
  lmsClientNumber: 40,
  dateOfBirth: 20,
  lastName: 20,
  firstName: 15,
  swappedPenalty: 0.9,
} as const;

/** A similarity below this is noise (pg_trgm's own default threshold is 0.3). */
export const SIMILARITY_FLOOR = 0.45;
/** Both names must be at least this alike (0–1) for a name alone to make a match likely. */
export const NAME_LIKELY_FACTOR = 0.5;

type NameKind = 'exact' | 'nickname' | 'soundsAlike' | 'similar' | 'none';

/** How much of a name's points a comparison earns, and why. */
function nameFactor(comparison: NameComparison | undefined): { factor: number; kind: NameKind } {
  if (!comparison) return { factor: 0, kind: 'none' };
  if (comparison.exact) return { factor: 1, kind: 'exact' };
  if (comparison.nickname) return { factor: 0.85, kind: 'nickname' };
  const similar = comparison.similarity >= SIMILARITY_FLOOR ? comparison.similarity * 0.9 : 0;
  if (comparison.soundsAlike) return { factor: Math.max(0.75, similar), kind: 'soundsAlike' };
  if (similar > 0) return { factor: similar, kind: 'similar' };
  return { factor: 0, kind: 'none' };
}

interface Orientation {
  points: number;
  firstFactor: number;
  lastFactor: number;
  kinds: NameKind[];
}

function orientation(first: NameComparison | undefined, last: NameComparison | undefined, weight = 1): Orientation {
  const f = nameFactor(first);
  const l = nameFactor(last);
  const points = (f.factor * MATCH_WEIGHTS.firstName + l.factor * MATCH_WEIGHTS.lastName) * weight;
  return { points, firstFactor: f.factor, lastFactor: l.factor, kinds: [f.kind, l.kind] };
}

function nameReasons(kinds: NameKind[]): MatchReason[] {
  const reasons: MatchReason[] = [];
  if (kinds.every((k) => k === 'exact')) reasons.push('SAME_NAME');
  if (kinds.includes('nickname')) reasons.push('NICKNAME');
  if (kinds.includes('soundsAlike')) reasons.push('NAME_SOUNDS_ALIKE');
  if (kinds.includes('similar')) reasons.push('SIMILAR_NAME');
  return reasons;
}

/** The score of one candidate: identifying signals plus the better of the straight and swapped name readings. */
export function scoreMatch(features: MatchFeatures): MatchScore {
  const straight = orientation(features.first, features.last);
  const swapped = orientation(features.swappedFirst, features.swappedLast, MATCH_WEIGHTS.swappedPenalty);
  const useSwapped = swapped.points > straight.points;
  const names = useSwapped ? swapped : straight;
  const bothNamesAlike = Math.min(names.firstFactor, names.lastFactor) >= NAME_LIKELY_FACTOR;

  const reasons: MatchReason[] = [];
  let score = 0;
  if (features.samePhone) {
    score += MATCH_WEIGHTS.phone;
    reasons.push('SAME_PHONE');
  }
  if (features.sameEmail) {
    score += MATCH_WEIGHTS.email;
    reasons.push('SAME_EMAIL');
  }
  if (features.sameLmsClientNumber) {
    score += MATCH_WEIGHTS.lmsClientNumber;
    reasons.push('SAME_LMS_CLIENT_NUMBER');
  }
  if (features.sameDateOfBirth) {
    score += MATCH_WEIGHTS.dateOfBirth;
    reasons.push('SAME_DOB');
  }
  // A name earns its points only when both parts are somewhat alike, or alongside another signal.
  const nameCounts = bothNamesAlike || (score > 0 && names.points > 0);
  if (nameCounts) {
    score += names.points;
    reasons.push(...nameReasons(names.kinds.filter((k) => k !== 'none')));
    if (useSwapped) reasons.push('SWAPPED_NAMES');
  }
  // A shared birthday plus one strongly matching name is likely too (a maiden name changed on marriage).
  const birthdayAndName = features.sameDateOfBirth && Math.max(names.firstFactor, names.lastFactor) >= 0.75;
  const identifying =
    features.samePhone ||
    features.sameEmail ||
    Boolean(features.sameLmsClientNumber) ||
    bothNamesAlike ||
    birthdayAndName;
  return { score: Math.min(100, Math.round(score)), reasons, likely: identifying };
}
