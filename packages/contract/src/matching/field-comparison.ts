/**
 * How one typed field compares with one stored field, as a level of agreement. The levels are the input of the
 * Fellegi–Sunter scoring in match-score.ts: each level of each field carries a weight learned from how often it
 * occurs between a person and their own record and between strangers (match-weights.ts).
 *
 * Pure and shared: the server applies it to the candidates its SQL finds, the bench to the pairs it learns from.
 */
import { calendarDate, dateOfBirthRange } from '../common/field-rules.ts';

/**
 * Best first. `part`: a prefix of 3+ letters (Joe ~ Joel) or one part of a double or hyphenated name (Garcia ~
 * Garcia-Lopez); `close`: a slip of a letter or two (Jaro–Winkler ≥ 0.9); `alike`: sounds alike or a larger slip.
 * `missing`: not typed or not stored, which is unknown, not different, and weighs nothing.
 */
export const NAME_LEVELS = ['exact', 'nickname', 'part', 'close', 'alike', 'different', 'missing'] as const;
export type NameLevel = (typeof NAME_LEVELS)[number];

/** `near`: one digit off, two neighbouring digits swapped, or day and month swapped. */
export const DOB_LEVELS = ['exact', 'near', 'different', 'missing'] as const;
export type DobLevel = (typeof DOB_LEVELS)[number];

/** Phones, email, LMS number: the same value, or both known and different. */
export const AGREEMENT_LEVELS = ['same', 'different', 'missing'] as const;
export type AgreementLevel = (typeof AGREEMENT_LEVELS)[number];

/** What the database measures of a typed name against a stored one (client-matching.query.ts). */
export interface NameSignals {
  /** One is a listed nickname of the other (Robert ↔ Bob). */
  nickname: boolean;
  /** The same Double Metaphone code, primary or alternate (Smith ↔ Smyth). */
  soundsAlike: boolean;
}

export const NO_SIGNALS: NameSignals = { nickname: false, soundsAlike: false };

/** A Jaro–Winkler this high is one or two slips of the finger in a name. */
export const CLOSE_NAME = 0.9;
/**
 * At least this alike (Jaro–Winkler) is a name that may be the same, misheard. Jaro–Winkler takes the place of the
 * trigram similarity the database measured per candidate: it ranks slips in short names better, and four
 * similarity() calls per candidate cost as much as the rest of the candidate search.
 */
export const ALIKE_NAME = 0.8;
/** A prefix shorter than this says too little (Al ~ Alexander). */
const MIN_PREFIX = 3;

/** Lower case, accents and punctuation dropped, hyphens as spaces: "O'Brien-Núñez" → "obrien nunez". */
export function normaliseName(name: string | null | undefined): string {
  if (!name) return '';
  // Most names are plain letters: no accents to strip, no punctuation or spaces to fold.
  if (/^[A-Za-z]+$/.test(name)) return name.toLowerCase();
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-_/]+/g, ' ')
    .replace(/[^\p{L}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Which characters of each string jaro has matched: one pair of arrays reused by every call (jaro runs four times
 * or more on every candidate of every check, and two new arrays a call were a tenth of a check's scoring).
 * Grown when a longer name comes; jaro is synchronous, so no two calls share them at once.
 */
let aMatched = new Uint8Array(64);
let bMatched = new Uint8Array(64);

/** Jaro similarity (0–1) of two strings, by UTF-16 unit (jaroWinkler hands it one unit per code point). */
function jaro(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length > aMatched.length) aMatched = new Uint8Array(a.length * 2);
  if (b.length > bMatched.length) bMatched = new Uint8Array(b.length * 2);
  aMatched.fill(0, 0, a.length);
  bMatched.fill(0, 0, b.length);
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const unit = a.charCodeAt(i);
    for (let j = Math.max(0, i - window); j <= Math.min(b.length - 1, i + window); j++) {
      if (bMatched[j] || unit !== b.charCodeAt(j)) continue;
      aMatched[i] = bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  return (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Two names with each code point as one UTF-16 unit (its number among the code points the two use), for a name
 * outside the BMP: equal units are equal code points, so jaro and the prefix compare code points.
 */
function asOneUnitPerCodePoint(left: string, right: string): [string, string] {
  const numbers = new Map<string, number>();
  const units = (name: string) =>
    [...name]
      .map((codePoint) => {
        if (!numbers.has(codePoint)) numbers.set(codePoint, numbers.size);
        return String.fromCharCode(numbers.get(codePoint)!);
      })
      .join('');
  return [units(left), units(right)];
}

/** Jaro–Winkler (0–1): Jaro, raised for a common prefix of up to 4 letters (scaling 0.1, Winkler's). By code point. */
export function jaroWinkler(left: string, right: string): number {
  // Strings index by UTF-16 unit, which is a code point unless a surrogate pair is there: renumber only then.
  const [a, b] = SURROGATE.test(left) || SURROGATE.test(right) ? asOneUnitPerCodePoint(left, right) : [left, right];
  const j = jaro(a, b);
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a.charCodeAt(prefix) === b.charCodeAt(prefix))
    prefix++;
  return j + prefix * 0.1 * (1 - j);
}

/** A name normalised once, with what the comparisons read of it. */
export interface PreparedName {
  /** normaliseName's text: lower case, parts separated by single spaces. */
  text: string;
  /** Without spaces: "mary ann" and "maryann" are the same name. */
  compact: string;
  parts: string[];
}

export function prepareName(name: string | null | undefined): PreparedName {
  const text = normaliseName(name);
  // Most names are one word: nothing to take out or split (this runs on two names of every candidate).
  if (!text.includes(' ')) return { text, compact: text, parts: [text] };
  return { text, compact: text.replace(/ /g, ''), parts: text.split(' ') };
}

const isPrefix = (short: string, long: string) =>
  short.length >= MIN_PREFIX && short.length < long.length && long.startsWith(short);

/** A prefix, or a part of a double name, whichever way round. */
function isPart(typed: PreparedName, stored: PreparedName): boolean {
  if (isPrefix(typed.compact, stored.compact) || isPrefix(stored.compact, typed.compact)) return true;
  if (typed.parts.length === 1 && stored.parts.length === 1) return false;
  return typed.parts.some((part) => part.length >= 2 && stored.parts.includes(part));
}

/** The best Jaro–Winkler of the whole names and of their parts (a slip in one part of a double name). */
function bestJaroWinkler(typed: PreparedName, stored: PreparedName): number {
  let best = jaroWinkler(typed.compact, stored.compact);
  if (typed.parts.length === 1 && stored.parts.length === 1) return best;
  for (const t of typed.parts) for (const s of stored.parts) best = Math.max(best, jaroWinkler(t, s));
  return best;
}

/** The level of agreement of a typed name with a stored one, both prepared; the database's signals. */
export function comparePreparedNames(
  typed: PreparedName,
  stored: PreparedName,
  signals: NameSignals = NO_SIGNALS,
): NameLevel {
  if (typed.compact.length < 2 || stored.compact.length < 2) return 'missing';
  if (typed.compact === stored.compact) return 'exact';
  if (signals.nickname) return 'nickname';
  if (isPart(typed, stored)) return 'part';
  const similarity = bestJaroWinkler(typed, stored);
  if (similarity >= CLOSE_NAME) return 'close';
  if (signals.soundsAlike || similarity >= ALIKE_NAME) return 'alike';
  return 'different';
}

/** The level of agreement of a typed name with a stored one; the database's signals where it measured them. */
export function compareName(
  typedName: string | null | undefined,
  storedName: string | null | undefined,
  signals: NameSignals = NO_SIGNALS,
): NameLevel {
  return comparePreparedNames(prepareName(typedName), prepareName(storedName), signals);
}

const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9];
const HYPHEN = 45;

/** yyyy-MM-dd, ASCII digits, read by character: compareDateOfBirth runs on every candidate of every check. */
function isDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== HYPHEN || value.charCodeAt(7) !== HYPHEN) return false;
  for (const position of DIGIT_POSITIONS) {
    const unit = value.charCodeAt(position);
    if (unit < 48 || unit > 57) return false;
  }
  return true;
}

/** Where the digits of the date as typed (MMDDYYYY) are in yyyy-MM-dd: a slip is judged in the typed order. */
const TYPED_ORDER = [5, 6, 8, 9, 0, 1, 2, 3];

/** Two dates that differ by one digit, or by two neighbouring digits swapped, as typed (MMDDYYYY). */
function oneSlipApart(a: string, b: string): boolean {
  let first = -1;
  let count = 0;
  for (let i = 0; i < TYPED_ORDER.length; i++) {
    if (a.charCodeAt(TYPED_ORDER[i]!) === b.charCodeAt(TYPED_ORDER[i]!)) continue;
    if (++count > 2) return false;
    if (first < 0) first = i;
  }
  if (count !== 2) return count === 1;
  const here = TYPED_ORDER[first]!;
  const next = TYPED_ORDER[first + 1]!;
  return a.charCodeAt(here) === b.charCodeAt(next) && a.charCodeAt(next) === b.charCodeAt(here);
}

/** `length` characters of `a` from `aStart` the same as those of `b` from `bStart`. */
function sameRange(a: string, b: string, aStart: number, bStart: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a.charCodeAt(aStart + i) !== b.charCodeAt(bStart + i)) return false;
  return true;
}

/** Dates of birth as yyyy-MM-dd (how the service normalises them). */
export function compareDateOfBirth(typed: string | null | undefined, stored: string | null | undefined): DobLevel {
  if (!typed || !stored || !isDate(typed) || !isDate(stored)) return 'missing';
  if (typed === stored) return 'exact';
  // Day and month swapped: the same year, the typed month the stored day and the typed day the stored month.
  if (sameRange(typed, stored, 0, 0, 4) && sameRange(typed, stored, 5, 8, 2) && sameRange(typed, stored, 8, 5, 2)) {
    return 'near';
  }
  return oneSlipApart(typed, stored) ? 'near' : 'different';
}

/** How many near dates the database is asked for (the most that nearDatesOfBirth can make is 48). */
export const NEAR_DATES_OF_BIRTH = 48;

/**
 * The near dates the candidate search looks up, padded with null to a fixed count so the statement keeps one
 * shape: the date as typed (MMDDYYYY) with one digit of the month, the day or the last two of the year changed,
 * with two neighbouring digits swapped, or with day and month swapped. Only dates of birth SPEC §5 accepts; a
 * slip in the century (19xx) is left out: it makes a date most people cannot have been born on. The typed digits
 * are changed in place and read as numbers: this runs on every duplicate check, some 70 dates each.
 */
export function nearDatesOfBirth(dateOfBirth: string): (string | null)[] {
  const dates = new Set<string>();
  if (isDate(dateOfBirth)) {
    // SPEC §5's window for a date of birth, as the intake form judges it (yyyy-MM-dd compares as text).
    const { earliest, latest } = dateOfBirthRange();
    const digits = TYPED_ORDER.map((position) => dateOfBirth.charCodeAt(position) - 48);
    // The digits in typed order: month 0–1, day 2–3, year 4–7.
    const add = () => {
      const month = digits[0]! * 10 + digits[1]!;
      const day = digits[2]! * 10 + digits[3]!;
      const year = digits[4]! * 1000 + digits[5]! * 100 + digits[6]! * 10 + digits[7]!;
      const date = calendarDate(year, month, day);
      if (date && date >= earliest && date <= latest && date !== dateOfBirth) dates.add(date);
    };
    for (const position of [0, 1, 2, 3, 6, 7]) {
      const typed = digits[position]!;
      for (let digit = 0; digit <= 9; digit++) {
        digits[position] = digit;
        add();
      }
      digits[position] = typed;
    }
    const swap = (i: number, j: number) => {
      const held = digits[i]!;
      digits[i] = digits[j]!;
      digits[j] = held;
    };
    for (let i = 0; i < 7; i++) {
      swap(i, i + 1);
      add();
      swap(i, i + 1);
    }
    // Day and month swapped: the month's digits with the day's.
    swap(0, 2);
    swap(1, 3);
    add();
  }
  const list = [...dates];
  return Array.from({ length: NEAR_DATES_OF_BIRTH }, (_, i) => list[i] ?? null);
}

/** Phones, emails or LMS numbers: `same` when the database found them equal, else whether both sides had one. */
export function compareValues(same: boolean, typedKnown: boolean, storedKnown: boolean): AgreementLevel {
  if (same) return 'same';
  return typedKnown && storedKnown ? 'different' : 'missing';
}
