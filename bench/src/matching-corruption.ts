import type { TypedPerson } from '@casedesk/contract/matching/match-features';
import { Faker, base, en, en_US } from '@faker-js/faker';

/**
 * The corruption model of the matching scenario (docs/matching.md): how callers give their details on the phone
 * and how operators type them. A probe is a seeded client as typed, or a stranger who is not in the file. Every
 * draw comes from one seeded generator, so a seed and a sample give the same probes on every commit.
 */

/** A client as the sample reads it (date yyyy-MM-dd). */
export interface SourcePerson {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  lmsClientNumber: string | null;
}

/** What the operator typed (the duplicate check's body, date yyyy-MM-dd). */
export type TypedProbe = TypedPerson;

export const CORRUPTIONS = [
  'letter-typo',
  'letter-dropped',
  'letters-swapped',
  'letter-doubled',
  'nickname',
  'short-form',
  'name-missing',
  'names-swapped',
  'dob-digit-typo',
  'dob-digits-swapped',
  'dob-day-month-swapped',
  'dob-missing',
  'phone-typo',
] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

/** How often each corruption is drawn, relative to the others: name slips are the commonest. */
const CORRUPTION_WEIGHTS: Record<Corruption, number> = {
  'letter-typo': 3,
  'letter-dropped': 2,
  'letters-swapped': 2,
  'letter-doubled': 1,
  nickname: 1.5,
  'short-form': 0.5,
  'name-missing': 1,
  'names-swapped': 1,
  'dob-digit-typo': 1,
  'dob-digits-swapped': 0.5,
  'dob-day-month-swapped': 0.5,
  'dob-missing': 0.5,
  'phone-typo': 0.5,
};

/** The model's fixed rates; docs/matching.md lists them. */
export const MODEL = {
  /** Probes of people not in the file. */
  strangers: 0.1,
  /** How many corruptions a probe of a client gets: none, one, two. */
  corruptionCounts: [0.15, 0.55, 0.3],
  /** What the operator types besides the names. */
  typesDateOfBirth: 0.9,
  typesPhone: 0.3,
  typesEmail: 0.15,
  typesLms: 0.05,
} as const;

/** mulberry32: a small, fast, seeded generator; the same seed gives the same probes everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function weighted<T extends string>(random: Random, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let r = random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, w] of entries) if ((r -= w) < 0) return key;
  return entries[entries.length - 1]![0];
}

/** A slip inside the name, never its first letter (callers spell that one clearly); short names stay as they are. */
function slip(random: Random, name: string, kind: Corruption): string {
  if (name.length < 3) return name;
  const i = 1 + Math.floor(random() * (name.length - 1));
  switch (kind) {
    case 'letter-typo':
      return name.slice(0, i) + pick(random, [...LETTERS.replace(name[i]!.toLowerCase(), '')]) + name.slice(i + 1);
    case 'letter-dropped':
      return name.slice(0, i) + name.slice(i + 1);
    case 'letters-swapped':
      return i < name.length - 1 ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name;
    default:
      return name.slice(0, i) + name[i] + name.slice(i);
  }
}

/** SPEC §5's rule for a date of birth: a real date, not in the future, within 150 years (else the check says 400). */
const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return false;
  const now = new Date();
  return date < now && date.getUTCFullYear() > now.getUTCFullYear() - 150;
};

/** A date with one digit mistyped or two neighbouring digits swapped (MM-DD-YYYY as typed), or day ↔ month. */
function corruptDate(random: Random, date: string, kind: Corruption): string {
  const [y, m, d] = date.split('-') as [string, string, string];
  for (let attempt = 0; attempt < 20; attempt++) {
    let candidate: string;
    if (kind === 'dob-day-month-swapped') {
      candidate = `${y}-${d}-${m}`;
    } else {
      const digits = [...`${m}${d}${y}`];
      const i = Math.floor(random() * (kind === 'dob-digits-swapped' ? 7 : 8));
      if (kind === 'dob-digits-swapped') [digits[i], digits[i + 1]] = [digits[i + 1]!, digits[i]!];
      else digits[i] = String(Math.floor(random() * 10));
      const typed = digits.join('');
      candidate = `${typed.slice(4)}-${typed.slice(0, 2)}-${typed.slice(2, 4)}`;
    }
    if (candidate !== date && isRealDate(candidate)) return candidate;
    if (kind === 'dob-day-month-swapped') break;
  }
  return date;
}

export interface Probe {
  /** The client this probe is, or null for a stranger. */
  sourceId: string | null;
  typed: TypedProbe;
  corruptions: Corruption[];
}

function applyCorruption(random: Random, probe: TypedProbe, kind: Corruption, nicknames: Map<string, string[]>) {
  const nameKey = random() < 0.5 ? 'firstName' : 'lastName';
  switch (kind) {
    case 'letter-typo':
    case 'letter-dropped':
    case 'letters-swapped':
    case 'letter-doubled':
      if (probe[nameKey]) probe[nameKey] = slip(random, probe[nameKey], kind);
      return;
    case 'nickname': {
      const options = nicknames.get((probe.firstName ?? '').toLowerCase());
      if (options?.length) probe.firstName = pick(random, options);
      return;
    }
    case 'short-form':
      if (probe.firstName && probe.firstName.length > 4)
        probe.firstName = probe.firstName.slice(0, 3 + Math.floor(random() * 2));
      return;
    case 'name-missing':
      delete probe[nameKey];
      return;
    case 'names-swapped':
      [probe.firstName, probe.lastName] = [probe.lastName, probe.firstName];
      return;
    case 'dob-missing':
      delete probe.dateOfBirth;
      return;
    case 'phone-typo':
      probe.phones = probe.phones.map((p) => p.slice(0, 9) + String((Number(p[9]) + 1) % 10));
      return;
    default:
      if (probe.dateOfBirth) probe.dateOfBirth = corruptDate(random, probe.dateOfBirth, kind);
  }
}

/** What an operator types for this person before any slip: the names, and the other fields at the model's rates. */
function asTyped(random: Random, person: Omit<SourcePerson, 'id'>): TypedProbe {
  const typed: TypedProbe = { firstName: person.firstName, lastName: person.lastName, phones: [] };
  if (person.dateOfBirth && random() < MODEL.typesDateOfBirth) typed.dateOfBirth = person.dateOfBirth;
  if (person.phone && random() < MODEL.typesPhone) typed.phones = [person.phone];
  if (person.email && random() < MODEL.typesEmail) typed.email = person.email;
  if (person.lmsClientNumber && random() < MODEL.typesLms) typed.lmsClientNumber = person.lmsClientNumber;
  return typed;
}

/** A person who is not in the file: a new name, birthday, phone and email from the same generator as the seed. */
function stranger(faker: Faker): Omit<SourcePerson, 'id'> {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    firstName,
    lastName,
    dateOfBirth: faker.date.birthdate({ mode: 'age', min: 18, max: 90 }).toISOString().slice(0, 10),
    phone: faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9),
    // Someone else's address is not theirs: the seed's addresses are made from names alone and often repeat
    // for namesakes, so a stranger's gets a number no seeded one has.
    email: `${firstName}.${lastName}.${faker.string.numeric(6)}@example.net`.toLowerCase(),
    lmsClientNumber: null,
  };
}

/**
 * The probes of one evaluation or training set: each sampled client typed with 0–2 corruptions, and strangers at
 * the model's rate. `nicknames` maps a lower-case name to its nicknames (the nicknames table).
 */
export function buildProbes(seed: number, sample: SourcePerson[], nicknames: Map<string, string[]>): Probe[] {
  const random = seededRandom(seed);
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  const probes: Probe[] = [];
  for (const person of sample) {
    if (random() < MODEL.strangers) {
      probes.push({ sourceId: null, typed: asTyped(random, stranger(faker)), corruptions: [] });
    }
    const typed = asTyped(random, person);
    const r = random();
    const count = r < MODEL.corruptionCounts[0] ? 0 : r < MODEL.corruptionCounts[0] + MODEL.corruptionCounts[1] ? 1 : 2;
    const corruptions = Array.from({ length: count }, () => weighted(random, CORRUPTION_WEIGHTS));
    for (const kind of corruptions) applyCorruption(random, typed, kind, nicknames);
    // SPEC §5: a name is at most 30 characters (a doubled letter could pass it).
    if (typed.firstName) typed.firstName = typed.firstName.slice(0, 30);
    if (typed.lastName) typed.lastName = typed.lastName.slice(0, 30);
    probes.push({ sourceId: person.id, typed, corruptions });
  }
  return probes;
}
