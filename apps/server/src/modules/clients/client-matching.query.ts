import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { param } from '../../platform/db/prepared.ts';

/**
 * The SQL of the candidate search for duplicates and conflicts (issue 4). Every arm is one index lookup with a
 * LIMIT (indexes of migrations 0005, 0007 and 0011); the distinct candidates, at most a few hundred, are then
 * measured (names, phones, DOB) for the pure scoring in contract/matching/match-score.ts. Never a sequential scan.
 *
 * The text depends only on the probe's shape (which fields are there), never on its values: each shape is one
 * named prepared statement, planned once per pooled connection. Planning a fresh statement cost 1.5-3 ms, as
 * much as running it, at a million clients. So values arrive as placeholders and a name prefix as a range rather
 * than a LIKE pattern (a generic plan cannot turn a LIKE parameter into an index range). The number of phones is
 * part of the shape: PostgreSQL keeps a generic plan only when it costs no more than the custom plans, and it
 * costs an array parameter of unknown length as ten elements, which made it re-plan every call.
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

/** Which arms a probe asks for: the whole of what the statement text depends on. */
export interface ProbeShape {
  /** How many phone numbers (0-4, as the contract allows). */
  phones: number;
  email: boolean;
  lms: boolean;
  dob: boolean;
  names: boolean;
  /** Both names of 3+ letters: the prefix arms for a typo that changes both sound codes of one name. */
  prefix: boolean;
  exclude: boolean;
}

export type MatchTable = 'clients' | 'opposing';

/** Per-arm caps: enough to rank 10 well, small enough to stay fast at a million clients. */
const LIMITS = { phone: 50, email: 50, lms: 50, dob: 100, sound: 100, swapped: 50, typo: 100, prefix: 50 } as const;

/** Where the two tables differ; column and table names are constants, never input. */
interface Target {
  from: SQL;
  live: SQL;
  columns: SQL;
  /** The stored number equals one of `count` typed phones. */
  phoneMatch: (count: number) => SQL;
  email: SQL | null;
}

/** (phone0, phone1, …): `count` placeholders of one list of values. */
const phoneList = (name: 'phone' | 'reversedPhone', count: number): SQL =>
  sql`(${sql.join(
    Array.from({ length: count }, (_, i) => sql`${param(`${name}${i}`)}::text`),
    sql`, `,
  )})`;

const TARGETS: Record<MatchTable, Target> = {
  clients: {
    from: sql.raw('clients c'),
    live: sql.raw('c.merged_into_id IS NULL'),
    columns: sql.raw(
      'c.id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.email, c.primary_number, c.secondary_number, c.mobile_number, c.home_number, c.lms_client_number, c.office_id',
    ),
    // reverse(x) IN reversed phones is plain equality, answered by the reversed-phone btrees of 0005.
    phoneMatch: (count) => {
      const reversed = phoneList('reversedPhone', count);
      return sql`(reverse(c.primary_number) IN ${reversed} OR reverse(c.secondary_number) IN ${reversed}
        OR reverse(c.mobile_number) IN ${reversed} OR reverse(c.home_number) IN ${reversed})`;
    },
    email: sql.raw('lower(c.email)'),
  },
  opposing: {
    from: sql.raw('inquiry_opposing_parties c'),
    live: sql.raw('TRUE'),
    columns: sql.raw(
      'c.id, c.inquiry_id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.phone_number, c.lms_client_number',
    ),
    phoneMatch: (count) => sql`c.phone_number IN ${phoneList('phone', count)}`,
    email: null,
  },
};

const first = sql`${param('firstName')}::text`;
const last = sql`${param('lastName')}::text`;
const dob = sql`${param('dateOfBirth')}::date`;
const email = sql`${param('email')}::text`;
const lms = sql`${param('lmsClientNumber')}::text`;

export function shapeOf(table: MatchTable, probe: PersonProbe, exclude: boolean): ProbeShape {
  const names = Boolean(probe.firstName && probe.lastName);
  return {
    phones: probe.phones.length,
    email: Boolean(probe.email && TARGETS[table].email),
    lms: Boolean(probe.lmsClientNumber),
    dob: Boolean(probe.dateOfBirth),
    names,
    prefix: names && probe.firstName!.length >= 3 && probe.lastName!.length >= 3,
    exclude,
  };
}

export const hasArms = (shape: ProbeShape) => shape.phones > 0 || shape.email || shape.lms || shape.dob || shape.names;

/** The prepared statement's name: one per table and shape. */
export function statementName(table: MatchTable, shape: ProbeShape): string {
  const { phones, ...rest } = shape;
  const flags = (Object.keys(rest) as (keyof typeof rest)[]).filter((k) => rest[k]);
  return ['match', table, ...(phones ? [`phones${phones}`] : []), ...flags].join('_');
}

/** The highest code point: every string that starts with a prefix sorts below prefix || it (bytewise). */
const TOP = '\u{10FFFF}';

/** Every placeholder's value for a probe (unused ones are harmless): what runs a shape's statement. */
export function probeValues(probe: PersonProbe, excludeId?: string): Record<string, unknown> {
  const prefix = (name = '') => name.slice(0, 3);
  const phones = Object.fromEntries(
    probe.phones.flatMap((phone, i) => [
      [`phone${i}`, phone],
      [`reversedPhone${i}`, [...phone].reverse().join('')],
    ]),
  );
  return {
    ...phones,
    firstName: probe.firstName ?? '',
    lastName: probe.lastName ?? '',
    dateOfBirth: probe.dateOfBirth ?? null,
    email: probe.email ?? null,
    lmsClientNumber: probe.lmsClientNumber ?? null,
    firstPrefixFrom: prefix(probe.firstName),
    firstPrefixTo: prefix(probe.firstName) + TOP,
    lastPrefixFrom: prefix(probe.lastName),
    lastPrefixTo: prefix(probe.lastName) + TOP,
    excludeId: excludeId ?? null,
  };
}

function nameArms(target: Target, shape: ProbeShape, arm: (where: SQL, limit: number) => SQL): SQL[] {
  const soundex = (column: string) => sql.raw(`soundex(lower(c.${column}))`);
  const arms = [
    // Sound-alike (and nicknames, by each nickname's code), straight and swapped: one composite index (0007).
    arm(
      sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT l.code, f.code FROM last_codes l, first_codes f)`,
      LIMITS.sound,
    ),
    arm(
      sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT f.code, l.code FROM first_codes f, last_codes l)`,
      LIMITS.swapped,
    ),
    // Typos the Metaphone codes miss (Smiht ~ Smith): both soundex codes equal, either order, one lookup of
    // the soundex-pair index (0011). A trigram search of the full name took ~190 ms per order at 1M clients.
    arm(sql`${soundex('first_name')} = soundex(${first}) AND ${soundex('last_name')} = soundex(${last})`, LIMITS.typo),
    arm(
      sql`${soundex('first_name')} = soundex(${last}) AND ${soundex('last_name')} = soundex(${first})`,
      LIMITS.swapped,
    ),
  ];
  if (shape.prefix) {
    // A typo that changes both codes of one name (Robery ~ Robert): the other name typed exactly and this
    // one's first three letters, one range scan of a composite text_pattern_ops index (0007).
    arms.push(
      arm(
        sql`lower(c.last_name) = ${last} AND lower(c.first_name) ~>=~ ${param('firstPrefixFrom')}::text
          AND lower(c.first_name) ~<~ ${param('firstPrefixTo')}::text`,
        LIMITS.prefix,
      ),
      arm(
        sql`lower(c.first_name) = ${first} AND lower(c.last_name) ~>=~ ${param('lastPrefixFrom')}::text
          AND lower(c.last_name) ~<~ ${param('lastPrefixTo')}::text`,
        LIMITS.prefix,
      ),
    );
  }
  return arms;
}

/** The union of index lookups; each arm only when the shape has its input. */
function candidateArms(target: Target, shape: ProbeShape): SQL[] {
  const arm = (where: SQL, limit: number) =>
    sql`(SELECT ${target.columns} FROM ${target.from} WHERE ${target.live} AND ${where} LIMIT ${sql.raw(String(limit))})`;
  const arms: SQL[] = [];
  if (shape.phones) arms.push(arm(target.phoneMatch(shape.phones), LIMITS.phone));
  if (shape.email && target.email) arms.push(arm(sql`${target.email} = ${email}`, LIMITS.email));
  if (shape.lms) arms.push(arm(sql`lower(c.lms_client_number) = ${lms}`, LIMITS.lms));
  if (shape.dob) arms.push(arm(sql`c.date_of_birth = ${dob}`, LIMITS.dob));
  if (shape.names) arms.push(...nameArms(target, shape, arm));
  return arms;
}

/** Name variants (the name and its nicknames, both directions) and their sound codes, as CTEs. */
const NAME_CTES = sql`first_variants AS (
      SELECT ${first} AS v
      UNION SELECT nickname FROM nicknames WHERE name = ${first}
      UNION SELECT name FROM nicknames WHERE nickname = ${first}
    ),
    last_variants AS (
      SELECT ${last} AS v
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

type NamePart = 'first' | 'last';

/**
 * SQL measuring a stored name against a typed one (lower case) and its variants CTE. Sound codes come from
 * `typed` (the typed names', once per statement) and `stored` (each candidate's, once per row): measured in
 * place they were 24 dmetaphone calls per candidate, most of the statement's execution time.
 */
function measureName(storedPart: NamePart, typedPart: NamePart, key: string): SQL {
  const col = sql.raw(`lower(c.${storedPart}_name)`);
  const typed = typedPart === 'first' ? first : last;
  const stored = (code: 'code' | 'alt') => sql.raw(`stored.${storedPart}_${code}`);
  const codes = sql.raw(`(typed.${typedPart}_code, typed.${typedPart}_alt)`);
  return sql`${col} = ${typed} AS ${sql.raw(`${key}_exact`)},
    (${col} <> ${typed} AND ${col} IN (SELECT v FROM ${sql.raw(`${typedPart}_variants`)})) AS ${sql.raw(`${key}_nickname`)},
    (${stored('code')} <> '' AND (${stored('code')} IN ${codes} OR ${stored('alt')} IN ${codes})) AS ${sql.raw(`${key}_sound`)},
    similarity(${col}, ${typed}) AS ${sql.raw(`${key}_sim`)}`;
}

/** The sound codes of the typed names (one row) and of a candidate's names (OFFSET 0: computed once a row). */
const SOUND_CODES = sql`CROSS JOIN (SELECT dmetaphone(${first}) AS first_code, dmetaphone_alt(${first}) AS first_alt,
      dmetaphone(${last}) AS last_code, dmetaphone_alt(${last}) AS last_alt) typed
    CROSS JOIN LATERAL (SELECT dmetaphone(c.first_name) AS first_code, dmetaphone_alt(c.first_name) AS first_alt,
      dmetaphone(c.last_name) AS last_code, dmetaphone_alt(c.last_name) AS last_alt OFFSET 0) stored`;

function measures(target: Target, shape: ProbeShape): SQL {
  const parts: SQL[] = [];
  if (shape.names) {
    parts.push(
      measureName('first', 'first', 'first'),
      measureName('last', 'last', 'last'),
      measureName('last', 'first', 'swapped_first'),
      measureName('first', 'last', 'swapped_last'),
    );
  }
  const or = (present: boolean, test: SQL | null, as: string) =>
    sql`${present && test ? test : sql`false`} AS ${sql.raw(as)}`;
  parts.push(
    or(shape.phones > 0, shape.phones ? target.phoneMatch(shape.phones) : null, 'same_phone'),
    or(shape.email, target.email && sql`${target.email} = ${email}`, 'same_email'),
    or(shape.dob, sql`c.date_of_birth = ${dob}`, 'same_dob'),
    or(shape.lms, sql`lower(c.lms_client_number) = ${lms}`, 'same_lms'),
  );
  return sql.join(parts, sql`, `);
}

/**
 * The statement for one table and shape: the arms' union, each candidate once, then measured. The opposing
 * party's inquiry is joined LATERAL with a LIMIT: one primary-key lookup per candidate, never a hash join
 * over all inquiries. `excludeId` is a client id for clients and an inquiry id for opposing parties.
 */
export function candidatesStatement(table: MatchTable, shape: ProbeShape): SQL {
  const target = TARGETS[table];
  const exclude = shape.exclude
    ? sql`WHERE ${sql.raw(table === 'clients' ? 'c.id' : 'c.inquiry_id')} <> ${param('excludeId')}::uuid`
    : sql``;
  const codes = shape.names ? SOUND_CODES : sql``;
  const select =
    table === 'clients'
      ? sql`SELECT c.id, c.first_name, c.middle_name, c.last_name, to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob,
          c.email, c.primary_number, c.secondary_number, c.mobile_number, c.home_number, c.lms_client_number,
          c.office_id, ${measures(target, shape)}
        FROM uniq c ${codes} ${exclude}`
      : sql`SELECT c.id, c.inquiry_id, i.client_id, i.office_id, c.first_name, c.middle_name, c.last_name,
          to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob, c.phone_number, c.lms_client_number, ${measures(target, shape)}
        FROM uniq c JOIN LATERAL (SELECT client_id, office_id FROM inquiries WHERE id = c.inquiry_id LIMIT 1) i ON true
        ${codes} ${exclude}`;
  return sql`WITH ${NAME_CTES},
    cand AS (${sql.join(candidateArms(target, shape), sql` UNION ALL `)}),
    uniq AS (SELECT DISTINCT ON (id) * FROM cand)
    ${select}`;
}
