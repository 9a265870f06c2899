import type { Scope } from '@casedesk/contract/access/permissions';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { CLIENT_SEARCH_COUNT_LIMIT, type ClientSearchSort } from '@casedesk/contract/clients/client-search';
import { PAGE_SIZE_ALL, pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, count, fillPlaceholders, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import type { ChunkableSelect } from '../../platform/db/select-in-chunks.ts';
import { selectInChunks, STREAMED_LIST_MIN_ROWS } from '../../platform/db/select-in-chunks.ts';
import { StreamedList } from '../../platform/http/streamed-list.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { clients } from './clients.tables.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { BoundValues, shapeCache } from '../../platform/db/shape-cache.ts';
import { withCompiledRows } from '../../platform/db/compiled-rows.ts';

/**
 * Client search (SPEC §7): one box, ranked exact > prefix > fuzzy. Every arm below matches an
 * expression index of migration 0005, so no normal query reads the clients table sequentially:
 * - names: each word typed is a prefix of the first or last name, or sounds like one (soundex) within
 *   two edits (one typo, a swap included), in any order ("smith john", "jon smi");
 * - phones: digits in any format, the whole number or its last 4+ digits (reversed-digits indexes);
 * - email, LMS and Needles client numbers: exact or prefix;
 * - when that finds nothing, a trigram similarity fallback on the full name (GiST, nearest first) catches worse typos.
 */
export interface SearchQuery {
  keyword: string | undefined;
  scope: Scope;
  sortBy?: ClientSearchSort;
  sortOrder?: 'ASC' | 'DESC';
}

export interface SearchPlan {
  where: SQL;
  rank: SQL;
}

const summaryColumns = {
  id: clients.id,
  firstName: clients.firstName,
  middleName: clients.middleName,
  lastName: clients.lastName,
  dateOfBirth: clients.dateOfBirth,
  primaryNumber: clients.primaryNumber,
  secondaryNumber: clients.secondaryNumber,
  mobileNumber: clients.mobileNumber,
  homeNumber: clients.homeNumber,
  email: clients.email,
  lmsClientNumber: clients.lmsClientNumber,
  needlesClientNumber: clients.needlesClientNumber,
  city: clients.city,
  state: clients.state,
  officeId: clients.officeId,
};

const PHONE_COLUMNS = [clients.primaryNumber, clients.mobileNumber, clients.homeNumber, clients.secondaryNumber];
const MIN_PHONE_DIGITS = 4;
const MIN_FUZZY_LENGTH = 3;
/** pg_trgm's default similarity threshold, the one `%` uses. */
const FUZZY_SIMILARITY = 0.3;
const COMPLETE_EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/;

const first = sql`lower(${clients.firstName})`;
const last = sql`lower(${clients.lastName})`;
// Same expressions as clients_first_last_name_idx / clients_last_first_name_idx (0005): "C" collation ranges.
const firstC = sql`(lower(${clients.firstName}) collate "C")`;
const lastC = sql`(lower(${clients.lastName}) collate "C")`;
const fullName = sql`lower(${clients.firstName} || ' ' || ${clients.lastName})`;
const rankOf = (v: BoundValues, exact: SQL, prefix: SQL) =>
  v.sql`(case when ${exact} then 0 when ${prefix} then 1 else 2 end)`;

/**
 * A typo within reach: sounds alike and at most one typo away. Two swapped letters are two edits, and a
 * four-letter name is where that slip is most common ("Khin" for "Kihn"); the shared sound keeps it specific.
 */
function soundsLike(column: SQL, word: string, v: BoundValues): SQL | undefined {
  // A typo in a one- or two-letter word is not a thing: those only match as prefixes.
  if (word.replace(/[^a-z]/g, '').length < MIN_FUZZY_LENGTH) return undefined;
  const edits = word.length < 4 ? 1 : 2;
  return v.sql`(soundex(${column}) = soundex(${v.bind(word)}) and levenshtein(left(${column}, 255), ${v.bind(word.slice(0, 255))}) <= ${sql.raw(String(edits))})`;
}

const startsWith = (column: SQL, word: string, v: BoundValues) =>
  v.sql`${column} like ${v.bind(`${escapeLike(word)}%`)}`;

/** A name word: prefix of first or last name, or sounds alike and is at most two edits away (one typo). */
function nameWord(word: string, v: BoundValues): { match: SQL; prefix: SQL } {
  const prefix = v.or(startsWith(firstC, word, v), startsWith(lastC, word, v))!;
  return { match: v.or(prefix, soundsLike(first, word, v), soundsLike(last, word, v))!, prefix };
}

/**
 * Two words are a first and a last name, in either order, with at most one of them mistyped. Each arm
 * names both columns, so each is one narrow range of a two-column index (0005: first+last, last+first,
 * soundex of one with the other): only matching rows are read, never all the Smiths to find one John.
 */
function pairArms(a: string, b: string, v: BoundValues): SQL {
  const arms: (SQL | undefined)[] = [];
  for (const [given, family] of [
    [a, b],
    [b, a],
  ] as const) {
    arms.push(v.and(startsWith(firstC, given, v), startsWith(lastC, family, v)));
    const familyTypo = soundsLike(last, family, v);
    if (familyTypo) arms.push(v.and(startsWith(firstC, given, v), familyTypo));
    const givenTypo = soundsLike(first, given, v);
    if (givenTypo) arms.push(v.and(givenTypo, startsWith(lastC, family, v)));
  }
  return v.or(...arms)!;
}

function namePlan(words: string[], v: BoundValues): SearchPlan {
  const parts = words.map((word) => nameWord(word, v));
  const [a, b] = words.map((word) => v.bind(word));
  const exact =
    words.length === 1
      ? v.or(v.sql`${first} = ${a}`, v.sql`${last} = ${a}`)!
      : words.length === 2
        ? v.or(
            v.and(v.sql`${first} = ${a}`, v.sql`${last} = ${b}`),
            v.and(v.sql`${first} = ${b}`, v.sql`${last} = ${a}`),
          )!
        : v.sql`${fullName} = ${v.bind(words.join(' '))}`;
  const where = words.length === 2 ? pairArms(words[0]!, words[1]!, v) : v.and(...parts.map((p) => p.match))!;
  return { where, rank: rankOf(v, exact, v.and(...parts.map((p) => p.prefix))!) };
}

function prefixArm(column: SQL, text: string, v: BoundValues): { match: SQL; exact: SQL } {
  return { match: v.sql`${column} like ${v.bind(`${escapeLike(text)}%`)}`, exact: v.sql`${column} = ${v.bind(text)}` };
}

/** Phone digits: the whole number, or its last 4+ digits, in any of the four phone fields. */
function phoneArms(digits: string, v: BoundValues): { match: SQL; exact: SQL }[] {
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const reversed = v.bind(`${[...national].reverse().join('')}%`);
  const whole = v.bind(national);
  return PHONE_COLUMNS.map((column) => ({
    match: v.sql`reverse(${column}) like ${reversed}`,
    exact: v.sql`${column} = ${whole}`,
  }));
}

/** Builds the WHERE (without scope and tombstones) and the rank for a keyword already trimmed. */
export function planSearch(keyword: string, v: BoundValues): SearchPlan {
  const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
  const digits = kw.replace(/\D/g, '');
  const words = kw.split(/[\s,]+/).filter(Boolean);
  const arms: { match: SQL; exact: SQL }[] = [];
  const lms = () => prefixArm(v.sql`lower(${clients.lmsClientNumber})`, kw, v);
  const needles = () => prefixArm(v.sql`lower(${clients.needlesClientNumber})`, kw, v);
  if (/^[\d\s()+.-]+$/.test(kw) && digits.length >= MIN_PHONE_DIGITS) {
    arms.push(...phoneArms(digits, v), lms(), needles());
  } else if (kw.includes('@') || (words.length === 1 && /[\d.]/.test(kw))) {
    const email = prefixArm(v.sql`lower(${clients.email})`, kw, v);
    arms.push(email, lms(), needles());
    // A fragment around the @ ("smithers@") by trigrams; a whole address is an exact or prefix match already.
    if (kw.includes('@') && kw.length >= MIN_FUZZY_LENGTH && !COMPLETE_EMAIL.test(kw)) {
      arms.push({ match: v.sql`lower(${clients.email}) like ${v.bind(`%${escapeLike(kw)}%`)}`, exact: email.exact });
    }
  } else if (words.length > 0) {
    const names = namePlan(words, v);
    if (words.length > 1) return names;
    arms.push(prefixArm(v.sql`lower(${clients.email})`, kw, v), lms(), needles());
    return {
      where: v.or(names.where, ...arms.map((a) => a.match))!,
      rank: v.sql`least(${names.rank}, ${rankOf(v, v.or(...arms.map((a) => a.exact))!, v.sql`true`)})`,
    };
  }
  if (arms.length === 0) return { where: v.sql`false`, rank: v.sql`0` };
  return {
    where: v.or(...arms.map((a) => a.match))!,
    rank: rankOf(v, v.or(...arms.map((a) => a.exact))!, v.sql`true`),
  };
}

/**
 * The fuzzy fallback: the full name within trigram similarity of what was typed (pg_trgm `%`), nearest first.
 * With several words, one of them must still be the start of a name word (one typo in a name leaves the others
 * intact), which keeps it on small btree ranges; a single word goes to the trigram GiST.
 */
export function planFuzzySearch(keyword: string, v: BoundValues): SearchPlan | undefined {
  const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
  if (kw.replace(/[^a-z]/g, '').length < MIN_FUZZY_LENGTH) return undefined;
  const typed = v.bind(kw);
  const similar = v.sql`${fullName} % ${typed}`;
  const rank = v.sql`(${fullName} <-> ${typed})`;
  const words = kw.split(/[\s,]+/).filter(Boolean);
  if (words.length < 2) return { where: similar, rank };
  const intact = words.filter((w) => w.length >= MIN_FUZZY_LENGTH).map((w) => nameWord(w, v).prefix);
  if (intact.length === 0) return { where: similar, rank };
  // similarity() rather than `%` and `<->`: either would lead the planner to the GiST (for `<->` as an
  // ordered scan that walks the whole index when few rows pass, ~1 s at 200k on PGlite); the intact
  // prefixes already narrow the rows to a few dozen, which sort in no time.
  const distance = v.sql`(1 - similarity(${fullName}, ${typed}))`;
  return {
    where: v.and(v.or(...intact), v.sql`similarity(${fullName}, ${typed}) >= ${sql.raw(String(FUZZY_SIMILARITY))}`)!,
    rank: distance,
  };
}

const SORT_COLUMNS = {
  firstName: clients.firstName,
  lastName: clients.lastName,
  dateOfBirth: clients.dateOfBirth,
  primaryNumber: clients.primaryNumber,
  email: clients.email,
  lmsClientNumber: clients.lmsClientNumber,
  needlesClientNumber: clients.needlesClientNumber,
  city: clients.city,
} as const;

/** A run of results: rows matching `where` in `order`. A search's results are its segments one after another. */
interface Segment {
  /**
   * Its condition and order, built only when its shape's statement is not kept yet (runShaped), or for a cursor:
   * a kept shape needs only the values, which the planner binds without building (BoundValues).
   */
  build(): { where: SQL; order: SQL[] };
  /**
   * All that `where` and `order` depend on but their bound values: which segment of which plan, the shape of
   * the keyword, the scope and the sort. Two segments of one shape are one statement (runShaped).
   */
  shape: string;
  values: Record<string, unknown>;
}

/**
 * The keyword as the planners see it, each letter a and each digit 9: what they build reads classes of
 * characters and lengths, never a particular letter or digit, which only ever become bound values
 * (clients-search-shape.test.ts holds them to it).
 */
export function keywordShape(keyword: string): string {
  return normalized(keyword).replace(/[a-z]/g, 'a').replace(/\d/g, '9');
}

const normalized = (keyword: string) => keyword.toLowerCase().replace(/\s+/g, ' ').trim();
const queryShape = (query: SearchQuery) =>
  `${JSON.stringify(query.scope)}|${query.sortBy ?? ''}|${query.sortOrder ?? ''}`;

const live = (scope: Scope, ...conditions: (SQL | undefined)[]) =>
  and(isNull(clients.mergedIntoId), officeScopeSql(clients.officeId, scope), ...conditions)!;
const byLastName = [lastC, firstC, sql`${clients.id}`];
const byFirstName = [firstC, lastC, sql`${clients.id}`];

function sortedBy(query: SearchQuery): SQL[] | undefined {
  if (!query.sortBy) return undefined;
  const direction = query.sortOrder === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
  return [sql`${SORT_COLUMNS[query.sortBy]} ${direction}`, sql`${clients.id}`];
}

/**
 * One name word ("ma", "lang") can match a large share of all clients, so it is not ranked by sorting them
 * all: last names starting with it come first, then first names, each read in order straight off its "C"
 * collation index (exact names sort first within each by themselves), and each counted index-only.
 */
function shortTermSegments(term: string, query: SearchQuery): Segment[] {
  const v = new BoundValues();
  const pattern = v.bind(`${escapeLike(term)}%`);
  return [
    {
      build: () => ({ where: live(query.scope, sql`${lastC} like ${pattern}`), order: byLastName }),
      shape: `last name|${queryShape(query)}`,
      values: v.named,
    },
    {
      build: () => ({
        where: live(query.scope, sql`${firstC} like ${pattern}`, sql`not (${lastC} like ${pattern})`),
        order: byFirstName,
      }),
      shape: `first name|${queryShape(query)}`,
      values: v.named,
    },
  ];
}

/** No keyword: every client in reach, in name order or the chosen sort. */
function segmentsOfEveryClient(query: SearchQuery): Segment[] {
  return [
    {
      build: () => ({ where: live(query.scope), order: sortedBy(query) ?? byLastName }),
      shape: `every client|${queryShape(query)}`,
      values: {},
    },
  ];
}

const isShortNameTerm = (kw: string) => /^[a-z]{1,2}$/.test(kw);
/** A single word of letters: read as the start of a name before anything fuzzier is tried. */
const isNameWord = (kw: string) => /^[a-z][a-z'-]*$/.test(kw);
type Planner = (keyword: string, v: BoundValues) => SearchPlan | undefined;

function planSegment(label: string, planner: Planner, keyword: string, query: SearchQuery): Segment | undefined {
  const v = new BoundValues(false);
  if (!planner(keyword, v)) return undefined;
  return {
    // The planner once more, building this time; it binds the same values in the same order.
    build: () => {
      const plan = planner(keyword, new BoundValues())!;
      return { where: live(query.scope, plan.where), order: sortedBy(query) ?? [plan.rank, ...byLastName] };
    },
    shape: `${label}|${keywordShape(keyword)}|${queryShape(query)}`,
    values: v.named,
  };
}

/** What was counted of each segment, in order; `complete` is false when counting stopped at its limit. */
interface SegmentCounts {
  counts: number[];
  complete: boolean;
}

interface ResolvedSearch {
  segments: Segment[];
  counted?: SegmentCounts;
  /** The first page of a single segment, read with its count (firstPageOf). */
  firstPage?: ClientSummary[];
}

/**
 * The segments of a search; the fuzzy fallback is used when the strict plan finds nothing. With `pageSize`
 * (a first page is wanted) each plan's page is read with its count in one statement (firstPageOf), and the
 * fuzzy plan only when the strict page came back empty. `countLimit` is how many matches are worth
 * counting (see countingLimit).
 */
async function segmentsOf(db: Db, query: SearchQuery, countLimit: number, pageSize?: number): Promise<ResolvedSearch> {
  const keyword = query.keyword?.trim().toLowerCase() ?? '';
  if (!keyword) return { segments: segmentsOfEveryClient(query) };
  if (isShortNameTerm(keyword) && !query.sortBy) return { segments: shortTermSegments(keyword, query) };
  if (isNameWord(keyword) && !query.sortBy) {
    // Names that start with the word, in name order; only when none does is it read as a typo or an email.
    const segments = shortTermSegments(keyword, query);
    const counted = await countSegments(db, segments, countLimit);
    if (counted.counts.some((n) => n > 0)) return { segments, counted };
  }
  const strict = planSegment('strict', planSearch, keyword, query)!;
  const fuzzyPlan = () => planSegment('fuzzy', planFuzzySearch, keyword, query);
  if (pageSize === undefined) {
    const anyStrict = (await countUpTo(db, strict, 1)) > 0;
    return { segments: [(!anyStrict && fuzzyPlan()) || strict] };
  }
  const strictPage = await firstPageOf(db, strict, pageSize, countLimit);
  const fuzzy = strictPage.firstPage.length === 0 ? fuzzyPlan() : undefined;
  if (!fuzzy) return { segments: [strict], ...strictPage };
  return { segments: [fuzzy], ...(await firstPageOf(db, fuzzy, pageSize, countLimit)) };
}

/** How many search statements are kept built (shapeCache): a few dozen shapes make up nearly every search. */
const SEARCH_STATEMENT_SHAPES = 500;
const statements = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>(SEARCH_STATEMENT_SHAPES);
const limitValue = sql.placeholder('limit');
const offsetValue = sql.placeholder('offset');

/**
 * Runs a segment's statement of one kind, built on first use of its shape and sent unnamed, so PostgreSQL
 * plans it for the values at hand as before (a LIKE prefix's index range needs the pattern) and keeps no
 * statement per shape. Drizzle's query builders are prepared under a name, or unnamed through their internal
 * `_prepare()` (the one `.prepare(name)` calls).
 */
async function runShaped<Query extends PromiseLike<unknown>>(
  db: Db,
  kind: string,
  segment: Segment,
  build: () => Query,
  counts: { limit: number; offset?: number },
): Promise<Awaited<Query>> {
  const statement = statements(db, `${kind}|${segment.shape}`, () =>
    withCompiledRows(
      (build() as unknown as { _prepare(): { execute(values: Record<string, unknown>): Promise<unknown> } })._prepare(),
    ),
  );
  // Object.assign, not `{ ...values, ...counts }`: a literal that spreads and then adds is V8's slow path on Node 20
  // (docs/budgets.md), and this runs for every statement of every search.
  return (await statement.execute(Object.assign({}, segment.values, counts))) as Awaited<Query>;
}

function firstPageQuery(db: Db, segment: Segment) {
  const { where, order } = segment.build();
  return db
    .select({ ...summaryColumns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(clients)
    .where(where)
    .orderBy(...order)
    .limit(limitValue);
}

/**
 * A segment's first page and its count in one statement: a search plan's rank is no index order, so every
 * match is read to sort them anyway, and counting them on the way (a window count) costs next to nothing,
 * where a second statement read them all again (for a typo's fallback, as long as the page itself).
 */
async function firstPageOf(
  db: Db,
  segment: Segment,
  pageSize: number,
  countLimit: number,
): Promise<{ firstPage: ClientSummary[]; counted: SegmentCounts }> {
  const rows = await runShaped(db, 'first page', segment, () => firstPageQuery(db, segment), { limit: pageSize });
  const matches = rows[0]?.matches ?? 0;
  const firstPage = rows.map(({ matches: _, ...summary }) => summary);
  // Past the limit the answer says "more than", as a count that stopped there would.
  const counted =
    matches > countLimit ? { counts: [countLimit + 1], complete: false } : { counts: [matches], complete: true };
  return { firstPage, counted };
}

/**
 * How many matches are worth counting for a page: enough to lay the page out over the segments, and at
 * least CLIENT_SEARCH_COUNT_LIMIT. A one- or two-letter name matches tens of thousands of a million
 * clients, and counting them all took longer than finding the page (the search has a time budget); past the limit the
 * answer says "more than" instead. "All" counts everything: its page is everything.
 */
function countingLimit(offset: number, pageSize: number): number {
  return Math.max(CLIENT_SEARCH_COUNT_LIMIT, Math.min(PAGE_SIZE_ALL, offset + pageSize));
}

/** The segment's matches, counted up to `limit` (an index range read of at most that many entries). */
function countUpToQuery(db: Db, segment: Segment) {
  const matches = db
    .select({ one: sql`1` })
    .from(clients)
    .where(segment.build().where)
    .limit(limitValue)
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

async function countUpTo(db: Db, segment: Segment, limit: number): Promise<number> {
  const [row] = await runShaped(db, 'count', segment, () => countUpToQuery(db, segment), { limit });
  return row?.n ?? 0;
}

/**
 * Counts the segments in order until more than `limit` matches are counted. The segments after that are
 * left uncounted (0): the page, which ends within the limit, cannot reach them.
 */
async function countSegments(db: Db, segments: Segment[], limit: number): Promise<SegmentCounts> {
  const counts: number[] = [];
  let counted = 0;
  for (const segment of segments) {
    const n = counted > limit ? 0 : await countUpTo(db, segment, limit + 1 - counted);
    counts.push(n);
    counted += n;
  }
  return { counts, complete: counted <= limit };
}

/** A segment's matches in its order. */
function matchesOf(db: Db, segment: Segment) {
  const { where, order } = segment.build();
  return db
    .select(summaryColumns)
    .from(clients)
    .where(where)
    .orderBy(...order);
}

function rowsQuery(db: Db, segment: Segment) {
  return matchesOf(db, segment).limit(limitValue).offset(offsetValue);
}

const rowsOf = (db: Db, segment: Segment, offset: number, limit: number) =>
  runShaped(db, 'rows', segment, () => rowsQuery(db, segment), { limit, offset });

export interface SearchPage {
  items: ClientSummary[];
  /** The matches; when `totalCountIsLowerBound`, there are more than this (counting stopped there). */
  totalCount: number;
  totalCountIsLowerBound: boolean;
}

interface Window {
  segment: Segment;
  skip: number;
  take: number;
}

/** A page is a window over the segments laid end to end: what to read of each. */
function windowsOf(segments: Segment[], counts: number[], offset: number, pageSize: number): Window[] {
  let skip = offset;
  let wanted = pageSize;
  const windows: Window[] = [];
  segments.forEach((segment, i) => {
    const size = counts[i]!;
    if (wanted > 0 && skip < size) {
      const take = Math.min(wanted, size - skip);
      windows.push({ segment, skip, take });
      wanted -= take;
    }
    skip = Math.max(0, skip - size);
  });
  return windows;
}

/** The page's segments and the total, counted as far as the page needs (see countingLimit). */
async function countedSearch(db: Db, query: SearchQuery, offset: number, pageSize: number) {
  const limit = countingLimit(offset, pageSize);
  const resolved = await segmentsOf(
    db,
    query,
    limit,
    offset === 0 && pageSize <= STREAMED_LIST_MIN_ROWS ? pageSize : undefined,
  );
  const { counts, complete } = resolved.counted ?? (await countSegments(db, resolved.segments, limit));
  const totalCount = complete ? counts.reduce((sum, n) => sum + n, 0) : limit;
  const total = { totalCount, totalCountIsLowerBound: !complete };
  return { segments: resolved.segments, firstPage: resolved.firstPage, counts, total };
}

/** One page of matches and the total, ranked best first unless a sort column is chosen. */
export async function searchClientsPage(
  db: Db,
  query: SearchQuery,
  page: { pageNumber: number; pageSize: number },
): Promise<SearchPage> {
  const offset = pageOffset(page.pageNumber, page.pageSize);
  const { segments, counts, firstPage, total } = await countedSearch(db, query, offset, page.pageSize);
  if (firstPage) return { items: firstPage, ...total };
  const windows = windowsOf(segments, counts, offset, page.pageSize);
  const reads = windows.map((w) => rowsOf(db, w.segment, w.skip, w.take));
  return { items: (await Promise.all(reads)).flat(), ...total };
}

/**
 * A page longer than STREAMED_LIST_MIN_ROWS, read from a cursor as it is sent. "All" is every match: it is
 * not counted first, its total is the rows sent.
 */
export async function streamClientsPage(
  database: Pick<Database, 'db' | 'cursor'>,
  query: SearchQuery,
  page: { pageNumber: number; pageSize: number },
): Promise<StreamedList<ClientSummary>> {
  const head = { pageNumber: page.pageNumber, pageSize: page.pageSize };
  if (page.pageSize === PAGE_SIZE_ALL) {
    return new StreamedList(head, streamClientMatches(database, query), (sent) => ({
      totalCount: sent,
      totalCountIsLowerBound: false,
    }));
  }
  const offset = pageOffset(page.pageNumber, page.pageSize);
  const { segments, counts, total } = await countedSearch(database.db, query, offset, page.pageSize);
  const windows = windowsOf(segments, counts, offset, page.pageSize);
  async function* batches() {
    for (const w of windows) {
      const values = { ...w.segment.values, limit: w.take, offset: w.skip };
      yield* selectInChunks(database, withValues(rowsQuery(database.db, w.segment), values), summaryColumns);
    }
  }
  return new StreamedList(head, batches(), () => total);
}

/**
 * Every match in order, a chunk at a time from a cursor: "All" and the exports never hold the list, and no
 * chunk re-reads the ones before it as OFFSET would (DESIGN §3).
 */
export async function* streamClientMatches(database: Pick<Database, 'db' | 'cursor'>, query: SearchQuery) {
  const { segments } = await segmentsOf(database.db, query, 0);
  for (const segment of segments) {
    yield* selectInChunks(database, withValues(matchesOf(database.db, segment), segment.values), summaryColumns);
  }
}

/** A segment's statement with its values in place of its placeholders, for a cursor or EXPLAIN. */
function withValues<Row>(query: ChunkableSelect<Row>, values: Record<string, unknown>): ChunkableSelect<Row> {
  return {
    then: (resolve, reject) => query.then(resolve, reject),
    toSQL: () => {
      const { sql: text, params } = query.toSQL();
      return { sql: text, params: fillPlaceholders(params, values) };
    },
  };
}

/** The SQL of a search's first page (with its count, or then its counts), for EXPLAIN in tests. */
export function searchSql(db: Db, keyword: string, scope: Scope, fuzzy = false) {
  const query: SearchQuery = { keyword, scope };
  const kw = keyword.trim().toLowerCase();
  const segments =
    !fuzzy && isShortNameTerm(kw)
      ? shortTermSegments(kw, query)
      : [planSegment(fuzzy ? 'fuzzy' : 'strict', fuzzy ? planFuzzySearch : planSearch, kw, query)!];
  const page = { limit: 100, offset: 0 };
  if (segments.length === 1)
    return [withValues(firstPageQuery(db, segments[0]!), { ...segments[0]!.values, ...page }).toSQL()];
  return segments.flatMap((segment) => [
    withValues(rowsQuery(db, segment), { ...segment.values, ...page }).toSQL(),
    withValues(countUpToQuery(db, segment), { ...segment.values, limit: CLIENT_SEARCH_COUNT_LIMIT + 1 }).toSQL(),
  ]);
}

/**
 * Every statement a search for `keyword` may send, each with the key it is kept under (runShaped) and its text
 * and parameters as built, placeholders unfilled: for the test that one key never names two statements.
 */
export function searchStatementsByShape(db: Db, keyword: string, query: Omit<SearchQuery, 'keyword'>) {
  const kw = keyword.trim().toLowerCase();
  const full = { ...query, keyword };
  const segments = kw
    ? [
        ...(isNameWord(kw) ? shortTermSegments(kw, full) : []),
        planSegment('strict', planSearch, kw, full)!,
        planSegment('fuzzy', planFuzzySearch, kw, full),
      ]
    : segmentsOfEveryClient(full);
  return segments
    .filter((segment) => segment !== undefined)
    .flatMap((segment) =>
      (
        [
          ['first page', firstPageQuery(db, segment)],
          ['count', countUpToQuery(db, segment)],
          ['rows', rowsQuery(db, segment)],
        ] as const
      ).map(([kind, statement]) => ({ key: `${kind}|${segment.shape}`, ...statement.toSQL() })),
    );
}
