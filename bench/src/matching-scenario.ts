import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { Corruption, Probe, SourcePerson, TypedProbe } from './matching-corruption.ts';
import { buildProbes } from './matching-corruption.ts';
import type { Budget } from './report.ts';

/**
 * The matching scenario: how well the duplicate check finds the person (docs/matching.md). An evaluation set of
 * probes (matching-corruption.ts) goes through `POST /api/v1/client/duplicate` of the running server, so the same
 * set measures any commit's server. The set is fixed by its seed and by the clients it samples, which are chosen
 * by content (the demo seed is deterministic), never at random.
 */

/** The evaluation set's seed; the training set (--learn) uses another, so weights are not judged on their own data. */
export const EVALUATION_SEED = 22_2026;
export const TRAINING_SEED = 7_1961;
/** What the duplicate panel calls a likely duplicate (its red badge). */
export const LIKELY_DUPLICATE_SCORE = 70;
const REQUESTS_AT_ONCE = 4;

/**
 * Clients chosen by a hash of their content, so every run with the same seed data samples the same people;
 * `offset` keeps the training and evaluation samples apart.
 */
export async function sampleSources(database: Database, count: number, offset: number): Promise<SourcePerson[]> {
  const rows = await database.query<{
    id: string;
    first_name: string;
    last_name: string;
    date_of_birth: string | null;
    phone: string | null;
    email: string | null;
    lms_client_number: string | null;
  }>(
    `select id, first_name, last_name, date_of_birth::text, coalesce(mobile_number, primary_number) as phone, email,
       lms_client_number
     from clients where merged_into_id is null
     order by md5(first_name || '|' || last_name || '|' || coalesce(date_of_birth::text, '') || '|' || primary_number), id
     limit $1 offset $2`,
    [count, offset],
  );
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    phone: r.phone,
    email: r.email,
    lmsClientNumber: r.lms_client_number,
  }));
}

/** Lower-case name → its nicknames, from the nicknames table (both directions are stored). */
export async function loadNicknames(database: Database): Promise<Map<string, string[]>> {
  const rows = await database.query<{ name: string; nickname: string }>('select name, nickname from nicknames');
  const map = new Map<string, string[]>();
  for (const { name, nickname } of rows) map.set(name, [...(map.get(name) ?? []), nickname]);
  return map;
}

/** The duplicate check's body: the date as operators type it (MM-DD-YYYY). */
function requestBody(typed: TypedProbe): string {
  const [y, m, d] = typed.dateOfBirth?.split('-') ?? [];
  return JSON.stringify({ ...typed, dateOfBirth: typed.dateOfBirth ? `${m}-${d}-${y}` : undefined });
}

interface Outcome {
  probe: Probe;
  /** Where the person is in the answer (0 first), or -1. */
  rank: number;
  /** Someone else offered at the likely-duplicate level. */
  wrongLikely: boolean;
  /** The best answer that is not the person, for reading. */
  other?: Answer;
  ms: number;
}

interface Answer {
  clientId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  score: number;
  reasons: string[];
}

export interface MatchingQuality {
  probes: number;
  strangers: number;
  /** Of the probes of clients: the person among the candidates, and first. */
  recall: number;
  first: number;
  /** Of all probes: someone who is not the person offered at the likely-duplicate level. */
  wrongLikely: number;
  /** Of the strangers' probes alone. */
  strangerLikely: number;
  /** Per corruption (probes with that corruption among theirs): recall and first. */
  byCorruption: Record<string, { probes: number; recall: number; first: number }>;
  /** Up to 200 misses, as typed, with who came first instead, for reading (the report file has them all). */
  misses: { typed: TypedProbe; corruptions: Corruption[]; rank: number; first?: Answer }[];
  /** Up to 200 probes where someone else was at the likely-duplicate level. */
  wrongLikelyCases: { typed: TypedProbe; stranger: boolean; other?: Answer }[];
  medianMs: number;
}

const pickAnswer = ({ clientId, firstName, lastName, dateOfBirth, score, reasons }: Answer): Answer => ({
  clientId,
  firstName,
  lastName,
  dateOfBirth,
  score,
  reasons,
});

async function checkOne(baseUrl: string, token: string, probe: Probe): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/client/duplicate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: requestBody(probe.typed),
  });
  const ms = performance.now() - started;
  const text = await response.text();
  if (response.status !== 200) throw new Error(`duplicate check answered ${response.status}: ${text.slice(0, 300)}`);
  const matches = JSON.parse(text) as Answer[];
  const other = matches.find((m) => m.clientId !== probe.sourceId);
  return {
    probe,
    rank: probe.sourceId ? matches.findIndex((m) => m.clientId === probe.sourceId) : -1,
    wrongLikely: (other?.score ?? 0) >= LIKELY_DUPLICATE_SCORE,
    ...(other ? { other: pickAnswer(other) } : {}),
    ms,
  };
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);

function summarise(outcomes: Outcome[]): MatchingQuality {
  const known = outcomes.filter((o) => o.probe.sourceId);
  const strangers = outcomes.filter((o) => !o.probe.sourceId);
  const byCorruption: MatchingQuality['byCorruption'] = {};
  const groups = new Map<string, Outcome[]>();
  for (const o of known) {
    const keys = o.probe.corruptions.length === 0 ? ['none'] : [...new Set(o.probe.corruptions)];
    if (o.probe.corruptions.length === 2) keys.push('two at once');
    for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    byCorruption[key] = {
      probes: group.length,
      recall: share(group.filter((o) => o.rank >= 0).length, group.length),
      first: share(group.filter((o) => o.rank === 0).length, group.length),
    };
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    probes: outcomes.length,
    strangers: strangers.length,
    recall: share(known.filter((o) => o.rank >= 0).length, known.length),
    first: share(known.filter((o) => o.rank === 0).length, known.length),
    wrongLikely: share(outcomes.filter((o) => o.wrongLikely).length, outcomes.length),
    strangerLikely: share(strangers.filter((o) => o.wrongLikely).length, strangers.length),
    byCorruption,
    misses: known
      .filter((o) => o.rank !== 0)
      .slice(0, 200)
      .map((o) => ({ typed: o.probe.typed, corruptions: o.probe.corruptions, rank: o.rank, first: o.other })),
    wrongLikelyCases: outcomes
      .filter((o) => o.wrongLikely)
      .slice(0, 200)
      .map((o) => ({ typed: o.probe.typed, stranger: !o.probe.sourceId, other: o.other })),
    medianMs: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 100) / 100,
  };
}

/** The evaluation set: read from the database before the server holds it (PGlite opens in one process). */
export async function buildEvaluationSet(database: Database, sampleSize: number): Promise<Probe[]> {
  const sample = await sampleSources(database, sampleSize, 0);
  return buildProbes(EVALUATION_SEED, sample, await loadNicknames(database));
}

/** The evaluation set, checked through the running server's duplicate check. */
export async function measureMatchingQuality(
  baseUrl: string,
  token: string,
  probes: Probe[],
): Promise<MatchingQuality> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < probes.length; i += REQUESTS_AT_ONCE) {
    const batch = probes.slice(i, i + REQUESTS_AT_ONCE);
    outcomes.push(...(await Promise.all(batch.map((probe) => checkOne(baseUrl, token, probe)))));
  }
  return summarise(outcomes);
}

/** The matching budgets: the person among the candidates ≥ 97 %, first ≥ 95 %, a stranger at the likely level ≤ 1 %. */
export function matchingBudgets(quality: MatchingQuality): Budget[] {
  const budget = (name: string, limit: number, actual: number, atLeast: boolean): Budget => ({
    name,
    limit,
    actual,
    unit: '%',
    pass: atLeast ? actual >= limit : actual <= limit,
    ...(atLeast ? { atLeast } : {}),
  });
  return [
    budget('the person among the candidates', 97, quality.recall, true),
    budget('the person first', 95, quality.first, true),
    budget('a stranger at the likely-duplicate level', 1, quality.strangerLikely, false),
    budget('anyone else at the likely-duplicate level, all probes', 1, quality.wrongLikely, false),
  ];
}

export function printMatchingQuality(quality: MatchingQuality): void {
  console.log(`\nMatching quality: ${quality.probes} probes, ${quality.strangers} of them strangers`);
  console.log(`  the person among the candidates: ${quality.recall} %   first: ${quality.first} %`);
  console.log(
    `  someone else at the likely-duplicate level: ${quality.wrongLikely} % of all probes, ${quality.strangerLikely} % of strangers`,
  );
  console.log(`  median response ${quality.medianMs} ms (${REQUESTS_AT_ONCE} at once)`);
  console.log('  by corruption (probes, among candidates %, first %):');
  for (const [key, value] of Object.entries(quality.byCorruption)) {
    console.log(
      `    ${key.padEnd(24)} ${String(value.probes).padStart(5)} ${String(value.recall).padStart(7)} ${String(value.first).padStart(7)}`,
    );
  }
  if (quality.misses.length > 0) {
    console.log('  some probes where the person was not first (typed, corruptions, rank):');
    for (const miss of quality.misses.slice(0, 15))
      console.log(`    ${JSON.stringify(miss.typed)} ${miss.corruptions.join('+') || 'none'} ${miss.rank}`);
  }
}
