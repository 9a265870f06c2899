import type { MatchFeatures, NameComparison } from '@casedesk/contract/matching/match-score';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/**
 * Candidate search for duplicates and conflicts (issue 4). Every branch is one index lookup with a LIMIT
 * (indexes of migrations 0005 and 0007); the union of at most a few hundred candidates is then measured
 * (names, phones, DOB) for the pure scoring in contract/matching/match-score.ts. Never a sequential scan.
 */

/** The person typed on the screen, normalised: names lower case, phones digits, DOB yyyy-MM-dd. */
export interface PersonProbe {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  phones: string[];
  email?: string;
  lmsClientNumber?: string;
}

/** What the SQL measures of each candidate: the scoring's input (contract/matching/match-score.ts). */
export type CandidateMeasures = MatchFeatures;

export interface ClientCandidate extends CandidateMeasures {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  primaryNumber: string | null;
  secondaryNumber: string | null;
  mobileNumber: string | null;
  homeNumber: string | null;
  lmsClientNumber: string | null;
  officeId: string | null;
}

export interface OpposingPartyCandidate extends CandidateMeasures {
  id: string;
  inquiryId: string;
  clientId: string;
  officeId: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  phoneNumber: string | null;
  lmsClientNumber: string | null;
}

/** Per-branch caps: enough to rank 10 well, small enough to stay fast at a million clients. */
const LIMITS = { phone: 50, email: 50, lms: 50, dob: 100, sound: 100, swapped: 50, typo: 100, prefix: 50 } as const;

/** Where the two tables differ; column and table names are constants, never input. */
interface Target {
  from: SQL;
  live: SQL;
  columns: SQL;
  /** soundex of a name column, the same expression as its index. */
  soundex: (part: 'first' | 'last') => SQL;
  phoneMatch: (phones: string[]) => SQL;
  email: SQL | null;
}

/** A parenthesised list of bound parameters, for IN. */
const list = (values: string[]): SQL =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

const CLIENTS: Target = {
  from: sql.raw('clients c'),
  live: sql.raw('c.merged_into_id IS NULL'),
  columns: sql.raw(
    'c.id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.email, c.primary_number, c.secondary_number, c.mobile_number, c.home_number, c.lms_client_number, c.office_id',
  ),
  // Same expressions as clients_first_name_soundex_idx / clients_last_name_soundex_idx (0005).
  soundex: (part) => sql.raw(`soundex(lower(c.${part}_name))`),
  // reverse(x) = reverse(y) is plain equality, answered by the reversed-phone btrees of 0005.
  phoneMatch: (phones) => {
    const reversed = list(phones.map((p) => [...p].reverse().join('')));
    return sql`(reverse(c.primary_number) IN ${reversed} OR reverse(c.secondary_number) IN ${reversed} OR reverse(c.mobile_number) IN ${reversed} OR reverse(c.home_number) IN ${reversed})`;
  },
  email: sql.raw('lower(c.email)'),
};

const OPPOSING_PARTIES: Target = {
  from: sql.raw('inquiry_opposing_parties c'),
  live: sql.raw('TRUE'),
  columns: sql.raw(
    'c.id, c.inquiry_id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.phone_number, c.lms_client_number',
  ),
  soundex: (part) => sql.raw(`soundex(lower(c.${part}_name))`),
  phoneMatch: (phones) => sql`c.phone_number IN ${list(phones)}`,
  email: null,
};

/** The union of index lookups; each branch only when its input is there. */
function candidateBranches(target: Target, probe: PersonProbe): SQL[] {
  const branch = (where: SQL, limit: number) =>
    sql`(SELECT ${target.columns} FROM ${target.from} WHERE ${target.live} AND ${where} LIMIT ${sql.raw(String(limit))})`;
  const branches: SQL[] = [];
  if (probe.phones.length) branches.push(branch(target.phoneMatch(probe.phones), LIMITS.phone));
  if (probe.email && target.email) branches.push(branch(sql`${target.email} = ${probe.email}`, LIMITS.email));
  if (probe.lmsClientNumber) {
    branches.push(branch(sql`lower(c.lms_client_number) = ${probe.lmsClientNumber}`, LIMITS.lms));
  }
  if (probe.dateOfBirth) branches.push(branch(sql`c.date_of_birth = ${probe.dateOfBirth}::date`, LIMITS.dob));
  if (probe.firstName && probe.lastName) {
    // Sound-alike (and nicknames, by each nickname's code), straight and swapped: one composite index.
    branches.push(
      branch(
        sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT l.code, f.code FROM last_codes l, first_codes f)`,
        LIMITS.sound,
      ),
      branch(
        sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT f.code, l.code FROM first_codes f, last_codes l)`,
        LIMITS.swapped,
      ),
      // Typos the Metaphone codes miss (Smiht ~ Smith): both soundex codes equal, either order, from the
      // soundex indexes of 0005 (a bitmap AND of two lookups). A trigram search of the full name was
      // measured at ~190 ms per order at a million clients; these stay around a millisecond.
      branch(
        sql`${target.soundex('first')} = soundex(${probe.firstName}) AND ${target.soundex('last')} = soundex(${probe.lastName})`,
        LIMITS.typo,
      ),
      branch(
        sql`${target.soundex('first')} = soundex(${probe.lastName}) AND ${target.soundex('last')} = soundex(${probe.firstName})`,
        LIMITS.swapped,
      ),
    );
    // A typo that changes both codes of one name (Robery ~ Robert): the other name typed exactly and this
    // one's first three letters, one range scan of a composite index (0007). Sound-alike instead of exact
    // for the other name was measured at up to 60 ms at a million clients (a wide bitmap AND).
    const prefix = (name: string) => `${name.slice(0, 3).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    if (probe.firstName.length >= 3 && probe.lastName.length >= 3) {
      branches.push(
        branch(
          sql`lower(c.last_name) = ${probe.lastName} AND lower(c.first_name) LIKE ${prefix(probe.firstName)}`,
          LIMITS.prefix,
        ),
        branch(
          sql`lower(c.first_name) = ${probe.firstName} AND lower(c.last_name) LIKE ${prefix(probe.lastName)}`,
          LIMITS.prefix,
        ),
      );
    }
  }
  return branches;
}

/** Name variants (the name and its nicknames, both directions) and their sound codes, as CTEs. */
function nameCtes(probe: PersonProbe): SQL {
  const first = probe.firstName ?? '';
  const last = probe.lastName ?? '';
  return sql`first_variants AS (
      SELECT ${first}::text AS v
      UNION SELECT nickname FROM nicknames WHERE name = ${first}
      UNION SELECT name FROM nicknames WHERE nickname = ${first}
    ),
    last_variants AS (
      SELECT ${last}::text AS v
      UNION SELECT nickname FROM nicknames WHERE name = ${last}
      UNION SELECT name FROM nicknames WHERE nickname = ${last}
    ),
    first_codes AS (
      SELECT code FROM (SELECT dmetaphone(v) AS code FROM first_variants UNION SELECT dmetaphone_alt(v) FROM first_variants) x
      WHERE code <> ''
    ),
    last_codes AS (
      SELECT code FROM (SELECT dmetaphone(${last}) AS code UNION SELECT dmetaphone_alt(${last})) x WHERE code <> ''
    )`;
}

/** SQL measuring a stored name column against a typed name (lower case) and its variants CTE. */
function measureName(column: string, typed: string, variants: 'first_variants' | 'last_variants', key: string): SQL {
  const col = sql.raw(`lower(${column})`);
  const codes = sql`(dmetaphone(${typed}), dmetaphone_alt(${typed}))`;
  return sql`${col} = ${typed} AS ${sql.raw(`${key}_exact`)},
    (${col} <> ${typed} AND ${col} IN (SELECT v FROM ${sql.raw(variants)})) AS ${sql.raw(`${key}_nickname`)},
    (dmetaphone(${sql.raw(column)}) <> '' AND (dmetaphone(${sql.raw(column)}) IN ${codes} OR dmetaphone_alt(${sql.raw(column)}) IN ${codes})) AS ${sql.raw(`${key}_sound`)},
    similarity(${col}, ${typed}) AS ${sql.raw(`${key}_sim`)}`;
}

function measures(target: Target, probe: PersonProbe): SQL {
  const parts: SQL[] = [];
  if (probe.firstName && probe.lastName) {
    parts.push(
      measureName('c.first_name', probe.firstName, 'first_variants', 'first'),
      measureName('c.last_name', probe.lastName, 'last_variants', 'last'),
      measureName('c.last_name', probe.firstName, 'first_variants', 'swapped_first'),
      measureName('c.first_name', probe.lastName, 'last_variants', 'swapped_last'),
    );
  }
  parts.push(sql`${probe.phones.length ? target.phoneMatch(probe.phones) : sql`false`} AS same_phone`);
  parts.push(sql`${probe.email && target.email ? sql`${target.email} = ${probe.email}` : sql`false`} AS same_email`);
  parts.push(
    sql`${probe.dateOfBirth ? sql`c.date_of_birth = ${probe.dateOfBirth}::date` : sql`false`} AS same_dob`,
    sql`${probe.lmsClientNumber ? sql`lower(c.lms_client_number) = ${probe.lmsClientNumber}` : sql`false`} AS same_lms`,
  );
  return sql.join(parts, sql`, `);
}

type Row = Record<string, unknown>;

function candidatesQuery(target: Target, probe: PersonProbe, select: (m: SQL) => SQL): SQL | undefined {
  const branches = candidateBranches(target, probe);
  if (branches.length === 0) return undefined;
  return sql`WITH ${nameCtes(probe)},
    cand AS (${sql.join(branches, sql` UNION ALL `)})
    ${select(measures(target, probe))}`;
}

async function rowsOf(db: Db, query: SQL | undefined): Promise<Row[]> {
  if (!query) return [];
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true;

function readName(row: Row, key: string): NameComparison | undefined {
  if (!(`${key}_exact` in row)) return undefined;
  return {
    exact: bool(row[`${key}_exact`]),
    nickname: bool(row[`${key}_nickname`]),
    soundsAlike: bool(row[`${key}_sound`]),
    similarity: Number(row[`${key}_sim`] ?? 0),
  };
}

function readMeasures(row: Row): CandidateMeasures {
  return {
    first: readName(row, 'first'),
    last: readName(row, 'last'),
    swappedFirst: readName(row, 'swapped_first'),
    swappedLast: readName(row, 'swapped_last'),
    samePhone: bool(row.same_phone),
    sameEmail: bool(row.same_email),
    sameDateOfBirth: bool(row.same_dob),
    sameLmsClientNumber: bool(row.same_lms),
  };
}

/** The SQL of the client candidate search (exported for the EXPLAIN test); undefined with nothing to look for. */
export function clientCandidatesQuery(probe: PersonProbe, excludeClientId?: string): SQL | undefined {
  return candidatesQuery(
    CLIENTS,
    probe,
    (m) => sql`SELECT DISTINCT ON (c.id) c.id, c.first_name, c.middle_name, c.last_name,
        to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob, c.email, c.primary_number, c.secondary_number,
        c.mobile_number, c.home_number, c.lms_client_number, c.office_id, ${m}
      FROM cand c
      ${excludeClientId ? sql`WHERE c.id <> ${excludeClientId}::uuid` : sql``}`,
  );
}

/** Live (not merged-away) clients that may be the probed person, with their measurements. */
export async function findClientCandidates(
  db: Db,
  probe: PersonProbe,
  excludeClientId?: string,
): Promise<ClientCandidate[]> {
  const rows = await rowsOf(db, clientCandidatesQuery(probe, excludeClientId));
  return rows.map((row) => ({
    id: String(row.id),
    firstName: String(row.first_name),
    middleName: text(row.middle_name),
    lastName: String(row.last_name),
    dateOfBirth: text(row.dob),
    email: text(row.email),
    primaryNumber: text(row.primary_number),
    secondaryNumber: text(row.secondary_number),
    mobileNumber: text(row.mobile_number),
    homeNumber: text(row.home_number),
    lmsClientNumber: text(row.lms_client_number),
    officeId: text(row.office_id),
    ...readMeasures(row),
  }));
}

/**
 * The SQL of the opposing-party candidate search (exported for the EXPLAIN test). The inquiry is joined
 * LATERAL with a LIMIT: one primary-key lookup per candidate, never a hash join over all inquiries.
 */
export function opposingPartyCandidatesQuery(probe: PersonProbe, excludeInquiryId?: string): SQL | undefined {
  return candidatesQuery(
    OPPOSING_PARTIES,
    probe,
    (m) => sql`SELECT DISTINCT ON (c.id) c.id, c.inquiry_id, i.client_id, i.office_id, c.first_name, c.middle_name,
        c.last_name, to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob, c.phone_number, c.lms_client_number, ${m}
      FROM cand c JOIN LATERAL (SELECT client_id, office_id FROM inquiries WHERE id = c.inquiry_id LIMIT 1) i ON true
      ${excludeInquiryId ? sql`WHERE c.inquiry_id <> ${excludeInquiryId}::uuid` : sql``}`,
  );
}

/** Opposing parties of inquiries other than `excludeInquiryId` that may be the probed person. */
export async function findOpposingPartyCandidates(
  db: Db,
  probe: PersonProbe,
  excludeInquiryId?: string,
): Promise<OpposingPartyCandidate[]> {
  const rows = await rowsOf(db, opposingPartyCandidatesQuery(probe, excludeInquiryId));
  return rows.map((row) => ({
    id: String(row.id),
    inquiryId: String(row.inquiry_id),
    clientId: String(row.client_id),
    officeId: text(row.office_id),
    firstName: text(row.first_name),
    middleName: text(row.middle_name),
    lastName: text(row.last_name),
    dateOfBirth: text(row.dob),
    phoneNumber: text(row.phone_number),
    lmsClientNumber: text(row.lms_client_number),
    ...readMeasures(row),
  }));
}

/** Inquiries of these clients, newest first (the caller applies the LEADS office scope). */
export async function findInquiriesOfClients(
  db: Db,
  clientIds: string[],
): Promise<{ id: string; clientId: string; officeId: string | null; createdAt: string }[]> {
  if (clientIds.length === 0) return [];
  const result = (await db.execute(
    sql`SELECT id, client_id, office_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM inquiries WHERE client_id IN ${list(clientIds)} ORDER BY created_at DESC, id`,
  )) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    id: String(row.id),
    clientId: String(row.client_id),
    officeId: text(row.office_id),
    createdAt: String(row.created_at),
  }));
}
