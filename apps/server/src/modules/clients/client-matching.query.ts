import { MAX_MATCH_PHONES } from '@casedesk/contract/matching/duplicate-check';
import { NEAR_DATES_OF_BIRTH, nearDatesOfBirth } from '@casedesk/contract/matching/field-comparison';
import type { TypedPerson } from '@casedesk/contract/matching/match-features';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { param } from '../../platform/db/prepared.ts';

/**
 * The SQL of the candidate search for duplicates and conflicts. Every arm is one index lookup with a LIMIT
 * (indexes of migrations 0005, 0007, 0011 and 0012); the distinct candidates, at most a few hundred, are then
 * measured (nicknames, sound codes, phones) for the pure comparison and scoring in contract/matching.
 * Never a sequential scan. The ways in: a phone, an email, an LMS number, the date of birth (exact, or near with
 * the initials agreeing), and both names by sound, by soundex and by prefix.
 *
 * One request is one statement: the conflict check's three searches (new client vs opposing parties, opposing
 * party vs clients and vs opposing parties) are parts of one UNION ALL, each part's rows tagged with its key.
 * Three statements cost three round trips, whose socket writes were the server's largest cost under load.
 *
 * The text depends only on the parts' shapes (which fields are there), never on the values: each combination is
 * one named prepared statement, planned once per pooled connection (planning cost 1.5-3 ms, as much as running).
 * So values arrive as placeholders and a name prefix as a range rather than a LIKE pattern (a generic plan cannot
 * turn a LIKE parameter into an index range). The number of phones is part of the shape: PostgreSQL keeps a
 * generic plan only when it costs no more than the custom plans, and it costs an array parameter of unknown
 * length as ten elements, which made it re-plan on every call.
 */

/** The person typed on the screen; searched as the service normalises it (names lower case, phones digits, DOB yyyy-MM-dd). */
export type PersonProbe = TypedPerson;

export type MatchTable = 'clients' | 'opposing';

/** Which arms a probe asks for: the whole of what a part's text depends on. */
export interface ProbeShape {
  /** How many phone numbers (0-4, as the contract allows). */
  phones: number;
  email: boolean;
  lms: boolean;
  dob: boolean;
  /** A date of birth and at least one name: the near-date arm, filtered by initials. */
  nearDob: boolean;
  /** At least one name: the names are measured. */
  anyName: boolean;
  /** Both names: the name arms. */
  names: boolean;
  /** Both names of 3+ letters: the prefix arms for a typo that changes both sound codes of one name. */
  prefix: boolean;
  exclude: boolean;
}

/** One search of a statement: a probe against a table, leaving out `excludeId` (a client id for clients, an inquiry id for opposing parties). */
export interface CandidateSearch {
  table: MatchTable;
  probe: PersonProbe;
  excludeId?: string;
}

/** Per-arm caps: enough to rank 10 well, small enough to stay fast at a million clients. */
const LIMITS = {
  phone: 50,
  email: 50,
  lms: 50,
  dob: 100,
  nearDob: 50,
  sound: 100,
  swapped: 50,
  typo: 100,
  prefix: 50,
} as const;

type NamePart = 'first' | 'last';

/** One search as a part of a statement: its placeholders and CTEs carry its key, so parts never meet. */
interface Part {
  key: string;
  search: CandidateSearch;
  table: MatchTable;
  shape: ProbeShape;
  value: (name: string) => SQL;
  cte: (name: string) => SQL;
  /** The typed first or last name, as text. */
  typed: (name: NamePart) => SQL;
}

/** Where the two tables differ; column and table names are constants, never input. */
interface Target {
  from: SQL;
  live: SQL;
  /** The table under another alias (n), and its liveness there, for the near-date arm's inner lookup. */
  inner: SQL;
  columns: SQL;
  /** The stored number equals one of the part's typed phones. */
  phoneMatch: (part: Part) => SQL;
  hasEmail: boolean;
}

/** (phone0, phone1, …): one placeholder per typed phone. */
const phoneList = (part: Part, name: 'phone' | 'reversedPhone'): SQL =>
  sql`(${sql.join(
    Array.from({ length: part.shape.phones }, (_, i) => sql`${part.value(`${name}${i}`)}::text`),
    sql`, `,
  )})`;

const TARGETS: Record<MatchTable, Target> = {
  clients: {
    from: sql.raw('clients c'),
    live: sql.raw('c.merged_into_id IS NULL'),
    inner: sql.raw('clients n WHERE n.merged_into_id IS NULL'),
    columns: sql.raw(
      'c.id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.email, c.primary_number, c.secondary_number, c.mobile_number, c.home_number, c.lms_client_number, c.office_id',
    ),
    // reverse(x) IN reversed phones is plain equality, answered by the reversed-phone btrees of 0005.
    phoneMatch: (part) => {
      const reversed = phoneList(part, 'reversedPhone');
      return sql`(reverse(c.primary_number) IN ${reversed} OR reverse(c.secondary_number) IN ${reversed}
        OR reverse(c.mobile_number) IN ${reversed} OR reverse(c.home_number) IN ${reversed})`;
    },
    hasEmail: true,
  },
  opposing: {
    from: sql.raw('inquiry_opposing_parties c'),
    live: sql.raw('TRUE'),
    inner: sql.raw('inquiry_opposing_parties n WHERE TRUE'),
    columns: sql.raw(
      'c.id, c.inquiry_id, c.first_name, c.middle_name, c.last_name, c.date_of_birth, c.phone_number, c.lms_client_number',
    ),
    phoneMatch: (part) => sql`c.phone_number IN ${phoneList(part, 'phone')}`,
    hasEmail: false,
  },
};

function shapeOf({ table, probe, excludeId }: CandidateSearch): ProbeShape {
  const names = Boolean(probe.firstName && probe.lastName);
  const anyName = Boolean(probe.firstName || probe.lastName);
  return {
    phones: probe.phones.length,
    email: Boolean(probe.email && TARGETS[table].hasEmail),
    lms: Boolean(probe.lmsClientNumber),
    dob: Boolean(probe.dateOfBirth),
    nearDob: Boolean(probe.dateOfBirth) && anyName,
    anyName,
    names,
    prefix: names && probe.firstName!.length >= 3 && probe.lastName!.length >= 3,
    exclude: Boolean(excludeId),
  };
}

const hasArms = (shape: ProbeShape) => shape.phones > 0 || shape.email || shape.lms || shape.dob || shape.names;

/** A part's own name for a value or CTE: the part's key keeps two parts of one statement apart. */
const nameInPart = (name: string, key: string) => `${name}_${key}`;

function partOf(search: CandidateSearch, index: number): Part {
  const key = `p${index}`;
  const value = (name: string) => sql`${param(nameInPart(name, key))}`;
  return {
    key,
    search,
    table: search.table,
    shape: shapeOf(search),
    value,
    cte: (name) => sql.raw(nameInPart(name, key)),
    typed: (name) => sql`${value(`${name}Name`)}::text`,
  };
}

/** Short, because PostgreSQL cuts prepared statement names at 63 bytes: table, phone count, flag letters. */
function partCode({ table, shape }: Part): string {
  const flags: [keyof ProbeShape, string][] = [
    ['email', 'e'],
    ['lms', 'l'],
    ['dob', 'd'],
    ['nearDob', 'r'],
    ['anyName', 'a'],
    ['names', 'n'],
    ['prefix', 'p'],
    ['exclude', 'x'],
  ];
  return `${table === 'clients' ? 'c' : 'o'}${shape.phones}${flags.map(([k, letter]) => (shape[k] ? letter : '')).join('')}`;
}

/** The highest code point: every string that starts with a prefix sorts below prefix || it (bytewise). */
const TOP = '\u{10FFFF}';

/** A part's placeholder names (`firstName_p0`, …), made once per part key rather than on every check. */
interface ValueNames {
  single: Record<(typeof SINGLE_VALUES)[number], string>;
  nearDob: string[];
  phone: string[];
  reversedPhone: string[];
}

const SINGLE_VALUES = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'email',
  'lmsClientNumber',
  'firstPrefixFrom',
  'firstPrefixTo',
  'lastPrefixFrom',
  'lastPrefixTo',
  'excludeId',
  'firstInitial',
  'lastInitial',
] as const;
const valueNamesByKey = new Map<string, ValueNames>();

function valueNamesOf(key: string): ValueNames {
  let names = valueNamesByKey.get(key);
  if (!names) {
    const numbered = (name: string, count: number) =>
      Array.from({ length: count }, (_, i) => nameInPart(`${name}${i}`, key));
    names = {
      single: Object.fromEntries(SINGLE_VALUES.map((name) => [name, nameInPart(name, key)])) as ValueNames['single'],
      nearDob: numbered('nearDob', NEAR_DATES_OF_BIRTH),
      // As many as the contract lets a probe carry; a longer list would still get its names, made as needed.
      phone: numbered('phone', MAX_MATCH_PHONES),
      reversedPhone: numbered('reversedPhone', MAX_MATCH_PHONES),
    };
    valueNamesByKey.set(key, names);
  }
  return names;
}

/** A part's values under its placeholder names, written into `values` (one object for the whole statement). */
function addPartValues(values: Record<string, unknown>, { key, search: { probe, excludeId } }: Part): void {
  const { single, nearDob, phone, reversedPhone } = valueNamesOf(key);
  // By code point: a UTF-16 slice could cut a character in two, which PostgreSQL refuses.
  const prefix = (name = '') => [...name].slice(0, 3).join('');
  values[single.firstName] = probe.firstName ?? '';
  values[single.lastName] = probe.lastName ?? '';
  values[single.dateOfBirth] = probe.dateOfBirth ?? null;
  values[single.email] = probe.email ?? null;
  values[single.lmsClientNumber] = probe.lmsClientNumber ?? null;
  values[single.firstPrefixFrom] = prefix(probe.firstName);
  values[single.firstPrefixTo] = prefix(probe.firstName) + TOP;
  values[single.lastPrefixFrom] = prefix(probe.lastName);
  values[single.lastPrefixTo] = prefix(probe.lastName) + TOP;
  values[single.excludeId] = excludeId ?? null;
  values[single.firstInitial] = [...(probe.firstName ?? '')][0] ?? '';
  values[single.lastInitial] = [...(probe.lastName ?? '')][0] ?? '';
  if (probe.dateOfBirth) {
    // Padded with the typed date rather than NULL: a custom plan would fold NULLs away, look cheaper than the
    // generic one, and have PostgreSQL plan the statement again on every call.
    const dob = probe.dateOfBirth;
    nearDatesOfBirth(dob).forEach((date, i) => (values[nearDob[i]!] = date ?? dob));
  }
  probe.phones.forEach((number, i) => {
    values[phone[i] ?? nameInPart(`phone${i}`, key)] = number;
    values[reversedPhone[i] ?? nameInPart(`reversedPhone${i}`, key)] = [...number].reverse().join('');
  });
}

function nameArms(part: Part, arm: (where: SQL, limit: number) => SQL): SQL[] {
  const [first, last] = [part.typed('first'), part.typed('last')];
  const soundex = (column: string) => sql.raw(`soundex(lower(c.${column}))`);
  const [firstCodes, lastCodes] = [part.cte('first_codes'), part.cte('last_codes')];
  const arms = [
    // Sound-alike (and nicknames, by each nickname's code), straight and swapped: one composite index (0007).
    arm(
      sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT l.code, f.code FROM ${lastCodes} l, ${firstCodes} f)`,
      LIMITS.sound,
    ),
    arm(
      sql`(dmetaphone(c.last_name), dmetaphone(c.first_name)) IN (SELECT f.code, l.code FROM ${firstCodes} f, ${lastCodes} l)`,
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
  if (part.shape.prefix) {
    // A typo that changes both codes of one name (Robery ~ Robert): the other name typed exactly and this
    // one's first three letters, one range scan of a composite text_pattern_ops index (0007).
    arms.push(
      arm(
        sql`lower(c.last_name) = ${last} AND lower(c.first_name) ~>=~ ${part.value('firstPrefixFrom')}::text
          AND lower(c.first_name) ~<~ ${part.value('firstPrefixTo')}::text`,
        LIMITS.prefix,
      ),
      arm(
        sql`lower(c.first_name) = ${first} AND lower(c.last_name) ~>=~ ${part.value('lastPrefixFrom')}::text
          AND lower(c.last_name) ~<~ ${part.value('lastPrefixTo')}::text`,
        LIMITS.prefix,
      ),
    );
  }
  return arms;
}

const email = (part: Part) => sql`lower(c.email) = ${part.value('email')}::text`;
const lms = (part: Part) => sql`lower(c.lms_client_number) = ${part.value('lmsClientNumber')}::text`;
const dob = (part: Part) => sql`c.date_of_birth = ${part.value('dateOfBirth')}::date`;

/**
 * The date of birth one slip off (contract nearDatesOfBirth), kept only where the initials agree with the typed
 * names (either order; either name when only one is typed). The inner lookup reads the covering index of 0012
 * alone, so the ~1,700 people born on those 48 dates at a million clients cost index entries, not heap rows
 * (about 0.5 ms). It is skipped when someone born on the typed date has both typed initials and one of the typed
 * names exactly (either order): the date is then right for a person who is almost surely the one typed (a slip in
 * the other name), and another person that alike with a slip in their date is not worth the lookups.
 */
function nearDob(part: Part): SQL {
  const dates = sql.join(
    Array.from({ length: NEAR_DATES_OF_BIRTH }, (_, i) => sql`${part.value(`nearDob${i}`)}::date`),
    sql`, `,
  );
  const [first, last] = [sql`${part.value('firstInitial')}::text`, sql`${part.value('lastInitial')}::text`];
  const inner = TARGETS[part.table].inner;
  if (!part.shape.names) {
    return sql`c.id IN (SELECT n.id FROM ${inner} AND n.date_of_birth IN (${dates})
      AND (${first} || ${last}) IN (left(lower(n.first_name), 1), left(lower(n.last_name), 1))
      LIMIT ${sql.raw(String(LIMITS.nearDob))})`;
  }
  const [firstName, lastName] = [part.typed('first'), part.typed('last')];
  const stored = sql.raw('(left(lower(n.first_name), 1) || left(lower(n.last_name), 1))');
  const exactHit = sql`EXISTS (SELECT 1 FROM ${inner} AND n.date_of_birth = ${part.value('dateOfBirth')}::date
    AND ((${stored} = ${first} || ${last} AND (lower(n.first_name) = ${firstName} OR lower(n.last_name) = ${lastName}))
      OR (${stored} = ${last} || ${first} AND (lower(n.first_name) = ${lastName} OR lower(n.last_name) = ${firstName}))))`;
  return sql`NOT ${exactHit} AND c.id IN (SELECT n.id FROM ${inner} AND n.date_of_birth IN (${dates})
    AND (left(lower(n.first_name), 1) || left(lower(n.last_name), 1)) IN (${first} || ${last}, ${last} || ${first})
    LIMIT ${sql.raw(String(LIMITS.nearDob))})`;
}

/** The union of index lookups; each arm only when the shape has its input. */
function candidateArms(part: Part): SQL[] {
  const target = TARGETS[part.table];
  const arm = (where: SQL, limit: number) =>
    sql`(SELECT ${target.columns} FROM ${target.from} WHERE ${target.live} AND ${where} LIMIT ${sql.raw(String(limit))})`;
  const { shape } = part;
  const arms: SQL[] = [];
  if (shape.phones) arms.push(arm(target.phoneMatch(part), LIMITS.phone));
  if (shape.email) arms.push(arm(email(part), LIMITS.email));
  if (shape.lms) arms.push(arm(lms(part), LIMITS.lms));
  if (shape.dob) arms.push(arm(dob(part), LIMITS.dob));
  if (shape.nearDob) arms.push(arm(nearDob(part), LIMITS.nearDob));
  if (shape.names) arms.push(...nameArms(part, arm));
  return arms;
}

/** Name variants (the name and its nicknames, both directions) and their sound codes; the part's candidates. */
function partCtes(part: Part): SQL {
  const [first, last] = [part.typed('first'), part.typed('last')];
  const firstVariants = part.cte('first_variants');
  const names = part.shape.anyName
    ? sql`${firstVariants} AS (
      SELECT ${first} AS v
      UNION SELECT nickname FROM nicknames WHERE name = ${first}
      UNION SELECT name FROM nicknames WHERE nickname = ${first}
    ),
    ${part.cte('last_variants')} AS (
      SELECT ${last} AS v
      UNION SELECT nickname FROM nicknames WHERE name = ${last}
      UNION SELECT name FROM nicknames WHERE nickname = ${last}
    ),
    ${part.cte('first_codes')} AS (
      SELECT code FROM (SELECT dmetaphone(v) AS code FROM ${firstVariants} UNION SELECT dmetaphone_alt(v) FROM ${firstVariants}) x
      WHERE code <> ''
    ),
    ${part.cte('last_codes')} AS (
      SELECT code FROM (SELECT dmetaphone(${last}) AS code UNION SELECT dmetaphone_alt(${last})) x WHERE code <> ''
    ),`
    : sql``;
  return sql`${names}
    ${part.cte('cand')} AS (${sql.join(candidateArms(part), sql` UNION ALL `)}),
    ${part.cte('uniq')} AS (SELECT DISTINCT ON (id) * FROM ${part.cte('cand')})`;
}

const NAME_COMPARISONS: [stored: NamePart, typed: NamePart, key: string][] = [
  ['first', 'first', 'first'],
  ['last', 'last', 'last'],
  ['last', 'first', 'swapped_first'],
  ['first', 'last', 'swapped_last'],
];

/**
 * SQL measuring a stored name against a typed one (lower case) and its variants CTE. Sound codes come from
 * `typed` (the typed names', once per part) and `stored` (each candidate's, once per row): measured in place
 * they were 24 dmetaphone calls per candidate, most of the statement's execution time.
 */
function measureName(part: Part, [storedPart, typedPart, key]: (typeof NAME_COMPARISONS)[number]): SQL {
  const col = sql.raw(`lower(c.${storedPart}_name)`);
  const typed = part.typed(typedPart);
  const stored = (code: 'code' | 'alt') => sql.raw(`stored.${storedPart}_${code}`);
  const codes = sql.raw(`(typed.${typedPart}_code, typed.${typedPart}_alt)`);
  return sql`(${col} <> ${typed} AND ${col} IN (SELECT v FROM ${part.cte(`${typedPart}_variants`)})) AS ${sql.raw(`${key}_nickname`)},
    (${stored('code')} <> '' AND (${stored('code')} IN ${codes} OR ${stored('alt')} IN ${codes})) AS ${sql.raw(`${key}_sound`)}`;
}

/** Without names the name measures are NULL, so every part has the same columns. */
const NO_NAME_MEASURES = sql.raw(
  NAME_COMPARISONS.map(([, , key]) => `NULL::boolean AS ${key}_nickname, NULL::boolean AS ${key}_sound`).join(', '),
);

/** The sound codes of the typed names (one row) and of a candidate's names (OFFSET 0: computed once a row). */
function soundCodes(part: Part): SQL {
  const [first, last] = [part.typed('first'), part.typed('last')];
  return sql`CROSS JOIN (SELECT dmetaphone(${first}) AS first_code, dmetaphone_alt(${first}) AS first_alt,
      dmetaphone(${last}) AS last_code, dmetaphone_alt(${last}) AS last_alt) typed
    CROSS JOIN LATERAL (SELECT dmetaphone(c.first_name) AS first_code, dmetaphone_alt(c.first_name) AS first_alt,
      dmetaphone(c.last_name) AS last_code, dmetaphone_alt(c.last_name) AS last_alt OFFSET 0) stored`;
}

function measures(part: Part): SQL {
  const { shape } = part;
  const target = TARGETS[part.table];
  const names = shape.anyName
    ? sql.join(
        NAME_COMPARISONS.map((comparison) => measureName(part, comparison)),
        sql`, `,
      )
    : NO_NAME_MEASURES;
  const test = (present: boolean, when: () => SQL, as: string) =>
    sql`${present ? when() : sql`false`} AS ${sql.raw(as)}`;
  return sql`${names},
    ${test(shape.phones > 0, () => target.phoneMatch(part), 'same_phone')},
    ${test(shape.email, () => email(part), 'same_email')},
    ${test(shape.lms, () => lms(part), 'same_lms')}`;
}

/**
 * A part's rows, in the columns every part has. The opposing party's inquiry is joined LATERAL with a LIMIT:
 * one primary-key lookup per candidate, never a hash join over all inquiries.
 */
function partSelect(part: Part): SQL {
  const codes = part.shape.anyName ? soundCodes(part) : sql``;
  const excluded = part.table === 'clients' ? 'c.id' : 'c.inquiry_id';
  const exclude = part.shape.exclude ? sql`WHERE ${sql.raw(excluded)} <> ${part.value('excludeId')}::uuid` : sql``;
  const tag = sql.raw(`'${part.key}' AS part`);
  const dateOfBirth = sql.raw(`to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob`);
  return part.table === 'clients'
    ? sql`SELECT ${tag}, c.id, NULL::uuid AS inquiry_id, NULL::uuid AS client_id, c.office_id, c.first_name,
        c.middle_name, c.last_name, ${dateOfBirth}, c.email, c.primary_number, c.secondary_number, c.mobile_number,
        c.home_number, NULL::text AS phone_number, c.lms_client_number, ${measures(part)}
      FROM ${part.cte('uniq')} c ${codes} ${exclude}`
    : sql`SELECT ${tag}, c.id, c.inquiry_id, i.client_id, i.office_id, c.first_name, c.middle_name, c.last_name,
        ${dateOfBirth}, NULL::text AS email, NULL::text AS primary_number, NULL::text AS secondary_number,
        NULL::text AS mobile_number, NULL::text AS home_number, c.phone_number, c.lms_client_number, ${measures(part)}
      FROM ${part.cte('uniq')} c
        JOIN LATERAL (SELECT client_id, office_id FROM inquiries WHERE id = c.inquiry_id LIMIT 1) i ON true
        ${codes} ${exclude}`;
}

export interface CandidatesStatement {
  /** The prepared statement's name: one per combination of shapes. */
  name: string;
  build: () => SQL;
  values: Record<string, unknown>;
  /** Each search's part key (rows carry it in `part`), or undefined for a search with nothing to look for. */
  keys: (string | undefined)[];
}

/** Every part's values in one object, built in place (not from entries: this runs on every check). */
function statementValues(parts: Part[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const part of parts) addPartValues(values, part);
  return values;
}

/** One statement for these searches; undefined when none has anything to look for. */
export function candidatesStatement(searches: CandidateSearch[]): CandidatesStatement | undefined {
  const parts = searches.map(partOf);
  const active = parts.filter((part) => hasArms(part.shape));
  if (active.length === 0) return undefined;
  return {
    name: `match_${active.map((part) => part.key + partCode(part)).join('_')}`,
    build: () => sql`WITH ${sql.join(active.map(partCtes), sql`, `)}
      ${sql.join(
        active.map((part) => sql`(${partSelect(part)})`),
        sql` UNION ALL `,
      )}`,
    values: statementValues(active),
    keys: parts.map((part) => (active.includes(part) ? part.key : undefined)),
  };
}
