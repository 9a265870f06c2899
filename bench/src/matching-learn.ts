import fs from 'node:fs';
import type { NameSignals } from '@casedesk/contract/matching/field-comparison';
import { AGREEMENT_LEVELS, DOB_LEVELS, NAME_LEVELS } from '@casedesk/contract/matching/field-comparison';
import type { StoredPerson, StoredSignals, TypedPerson } from '@casedesk/contract/matching/match-features';
import { matchFeatures, preparePerson } from '@casedesk/contract/matching/match-features';
import type { MatchFeatures, MatchWeights } from '@casedesk/contract/matching/match-score';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { Probe, SourcePerson, TypedProbe } from './matching-corruption.ts';
import { buildProbes, seededRandom } from './matching-corruption.ts';
import { loadNicknames, sampleSources, TRAINING_SEED } from './matching-scenario.ts';

/**
 * Learns the Fellegi–Sunter weights of contract/matching/match-weights.ts (docs/matching.md):
 * - m, how often each level occurs between a person and their own record: the training probes (corruption model,
 *   training seed, a sample apart from the evaluation's) against the clients they were made from;
 * - u, how often it occurs between unrelated people: each probe against random other clients, and for the exact
 *   levels the value frequencies of the whole table (the chance that two random clients share the value);
 * - the weight of a level is log2(m / u), made monotone (a better level never weighs less than a worse one).
 * Name signals (nicknames, sound codes) come from the database with the expressions the product uses.
 */

const OTHERS_PER_PROBE = 20;
type FieldKey = Exclude<keyof MatchWeights, 'swappedNames'>;
const FIELDS: Record<FieldKey, readonly string[]> = {
  first: NAME_LEVELS,
  last: NAME_LEVELS,
  dateOfBirth: DOB_LEVELS,
  phone: AGREEMENT_LEVELS,
  email: AGREEMENT_LEVELS,
  lmsClientNumber: AGREEMENT_LEVELS,
};
/** The exact level of each field and the column whose value frequencies give its u. */
const EXACT: Record<FieldKey, [level: string, column: string]> = {
  first: ['exact', 'lower(first_name)'],
  last: ['exact', 'lower(last_name)'],
  dateOfBirth: ['exact', 'date_of_birth'],
  phone: ['same', 'primary_number'],
  email: ['same', 'lower(email)'],
  lmsClientNumber: ['same', 'lower(lms_client_number)'],
};

/** As the service normalises a typed person: names lower case and trimmed, from two letters. */
function typedPerson(typed: TypedProbe): TypedPerson {
  const name = (v?: string) => (v && v.trim().length >= 2 ? v.trim().toLowerCase() : undefined);
  return {
    ...typed,
    firstName: name(typed.firstName),
    lastName: name(typed.lastName),
    email: typed.email?.toLowerCase(),
  };
}

const storedPerson = (p: SourcePerson): StoredPerson => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  phones: [p.phone],
  email: p.email,
  lmsClientNumber: p.lmsClientNumber,
});

const signalKey = (typed: string, stored: string) => `${typed}\u0000${stored}`;

/** The product's name signals for many (typed, stored) pairs in one statement (client-matching.query.ts). */
async function nameSignals(database: Database, pairs: [string, string][]): Promise<Map<string, NameSignals>> {
  const unique = [...new Map(pairs.map(([t, s]) => [signalKey(t, s), [t, s] as const])).values()];
  const rows = await database.query<{ nickname: boolean; sound: boolean }>(
    `select (s <> t and exists (select 1 from nicknames where name = t and nickname = s)) as nickname,
       (dmetaphone(s) <> '' and (dmetaphone(s) in (dmetaphone(t), dmetaphone_alt(t))
         or dmetaphone_alt(s) in (dmetaphone(t), dmetaphone_alt(t)))) as sound
     from unnest($1::text[], $2::text[]) with ordinality as p(t, s, n) order by n`,
    [unique.map(([t]) => t), unique.map(([, s]) => s.toLowerCase())],
  );
  return new Map(
    unique.map(([t, s], i) => [signalKey(t, s), { nickname: rows[i]!.nickname, soundsAlike: rows[i]!.sound }]),
  );
}

interface Pair {
  typed: TypedPerson;
  stored: SourcePerson;
  match: boolean;
}

function pairsOf(probes: Probe[], sample: SourcePerson[]): Pair[] {
  const random = seededRandom(TRAINING_SEED + 1);
  const byId = new Map(sample.map((p) => [p.id, p]));
  const pairs: Pair[] = [];
  for (const probe of probes) {
    const typed = typedPerson(probe.typed);
    if (probe.sourceId) pairs.push({ typed, stored: byId.get(probe.sourceId)!, match: true });
    for (let i = 0; i < OTHERS_PER_PROBE; i++) {
      const other = sample[Math.floor(random() * sample.length)]!;
      if (other.id !== probe.sourceId) pairs.push({ typed, stored: other, match: false });
    }
  }
  return pairs;
}

async function featuresOf(database: Database, pairs: Pair[]): Promise<MatchFeatures[]> {
  const comparisons: [string | undefined, string][] = pairs.flatMap(({ typed, stored }) => [
    [typed.firstName, stored.firstName],
    [typed.lastName, stored.lastName],
    [typed.firstName, stored.lastName],
    [typed.lastName, stored.firstName],
  ]);
  const signals = await nameSignals(
    database,
    comparisons.filter((c): c is [string, string] => Boolean(c[0])),
  );
  const of = (t: string | undefined, s: string) => (t ? signals.get(signalKey(t, s)) : undefined);
  return pairs.map(({ typed, stored }) => {
    const stores: StoredSignals = {
      first: of(typed.firstName, stored.firstName) ?? NO,
      last: of(typed.lastName, stored.lastName) ?? NO,
      swappedFirst: of(typed.firstName, stored.lastName) ?? NO,
      swappedLast: of(typed.lastName, stored.firstName) ?? NO,
      samePhone: Boolean(stored.phone && typed.phones.includes(stored.phone)),
      sameEmail: Boolean(stored.email && typed.email === stored.email.toLowerCase()),
      sameLmsClientNumber: Boolean(
        stored.lmsClientNumber && typed.lmsClientNumber?.toLowerCase() === stored.lmsClientNumber.toLowerCase(),
      ),
    };
    return matchFeatures(preparePerson(typed), storedPerson(stored), stores);
  });
}
const NO: NameSignals = { nickname: false, soundsAlike: false };

/**
 * The chance that two different random live clients share a value of the column, and at least 1 / (clients with
 * a value): seeded phones and emails are never shared, while a real family shares a phone, so an equality is
 * credited at most as if each value were shared by one other person in the file.
 */
async function valueCoincidence(database: Database, column: string): Promise<number> {
  const [row] = await database.query<{ u: number; n: number }>(
    `select sum(c::float8 * (c - 1)) / nullif(sum(c)::float8 * (sum(c) - 1), 0) as u, sum(c)::float8 as n
     from (select count(*) as c from clients where merged_into_id is null and ${column} is not null group by ${column}) t`,
  );
  const n = Number(row?.n ?? 0);
  return n > 0 ? Math.max(Number(row?.u ?? 0), 1 / n) : 0;
}

/** Level frequencies (add-half smoothed) among pairs where both sides are known. */
function frequencies(features: MatchFeatures[], field: FieldKey): Record<string, number> {
  const levels = FIELDS[field].filter((l) => l !== 'missing');
  const counts = Object.fromEntries(levels.map((l) => [l, 0.5]));
  for (const f of features) if (f[field] !== 'missing') counts[f[field]]! += 1;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return Object.fromEntries(levels.map((l) => [l, counts[l]! / total]));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * log2(m/u) per level; missing weighs 0. Kept in order where the order is certain: no partial agreement above the
 * exact one, and disagreement below every agreement (a small sample can put a rare level out of place).
 */
function weightsOf(m: Record<string, number>, u: Record<string, number>, levels: readonly string[]) {
  const known = levels.filter((level) => level !== 'missing');
  const raw = Object.fromEntries(known.map((level) => [level, Math.log2(m[level]! / u[level]!)]));
  const [best, worst] = [known[0]!, known[known.length - 1]!];
  const partial = known.slice(1, -1);
  const weights: Record<string, number> = { [best]: round2(raw[best]!) };
  for (const level of partial) weights[level] = round2(Math.min(raw[level]!, raw[best]!));
  weights[worst] = round2(Math.min(raw[worst]!, ...known.slice(0, -1).map((level) => raw[level]!)));
  return { ...weights, missing: 0 };
}

export interface LearnedWeights {
  weights: MatchWeights;
  pairs: { match: number; nonMatch: number };
}

export async function learnMatchWeights(database: Database, sampleSize: number, skip: number): Promise<LearnedWeights> {
  const sample = await sampleSources(database, sampleSize, skip);
  const probes = buildProbes(TRAINING_SEED, sample, await loadNicknames(database));
  const pairs = pairsOf(probes, sample);
  const features = await featuresOf(database, pairs);
  const matches = features.filter((_, i) => pairs[i]!.match);
  const others = features.filter((_, i) => !pairs[i]!.match);
  const weights = { swappedNames: 0 } as MatchWeights;
  for (const field of Object.keys(FIELDS) as FieldKey[]) {
    const m = frequencies(matches, field);
    const u = frequencies(others, field);
    const [exact, column] = EXACT[field];
    // The exact level's u from the whole table: random pairs of a sample meet a shared phone too rarely to count.
    const coincidence = await valueCoincidence(database, column);
    if (coincidence > 0) u[exact] = coincidence;
    (weights as unknown as Record<string, unknown>)[field] = weightsOf(m, u, FIELDS[field]);
  }
  // How rarely names are typed the wrong way round: the share of true pairs whose swapped reading is the better.
  const straight = (f: MatchFeatures) => weights.first[f.first] + weights.last[f.last];
  const swapped = (f: MatchFeatures) => weights.last[f.swappedFirst] + weights.first[f.swappedLast];
  const swappedShare = (matches.filter((f) => swapped(f) > straight(f)).length + 0.5) / (matches.length + 1);
  weights.swappedNames = round2(Math.log2(swappedShare));
  return { weights, pairs: { match: matches.length, nonMatch: others.length } };
}

const FIELD_ORDER: FieldKey[] = ['first', 'last', 'dateOfBirth', 'phone', 'email', 'lmsClientNumber'];

/** Writes the weights module the scoring imports, one field a line (as Prettier leaves it). */
export function writeMatchWeights(file: string, learned: LearnedWeights, clients: number): void {
  const { weights } = learned;
  const line = (field: FieldKey) =>
    `  ${field}: { ${Object.entries(weights[field])
      .map(([level, w]) => `${level.includes('-') ? `'${level}'` : level}: ${w}`)
      .join(', ')} },`;
  fs.writeFileSync(
    file,
    `/**
 * Generated by \`npm run bench -- --scenario matching --learn\` (bench/src/matching-learn.ts); do not edit by hand.
 * Fellegi–Sunter weights in bits: log2(m / u) per level, where m is how often the level occurs between a typed
 * person and their own record (the corruption model of docs/matching.md, training seed) and u how often it
 * occurs between unrelated people (random pairs of the seeded clients, or for equality the value frequencies).
 * Learned from ${clients} seeded clients: ${learned.pairs.match} true pairs, ${learned.pairs.nonMatch} random pairs.
 */
import type { MatchWeights } from './match-score.ts';

export const LEARNED_MATCH_WEIGHTS: MatchWeights = {
${FIELD_ORDER.map(line).join('\n')}
  swappedNames: ${weights.swappedNames},
};
`,
  );
}
