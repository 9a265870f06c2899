import type { Drill, DrillRows } from '@casedesk/contract/dashboards/dashboard';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * One figure's rows, defined once (docs/dashboards.md): the tables and the predicate that select them, the
 * columns the drill-down shows, and how the figure is measured from them. The figure's value, a series' points,
 * the drill-down page and the export are all read from this one definition, so they cannot disagree.
 */
export type ColumnUnit = DrillRows['columns'][number]['unit'];

export interface RowColumn {
  id: string;
  header: string;
  unit: ColumnUnit;
  /** The cell as SQL: text, an int, or an ISO instant (isoInstant) — the same on either engine. */
  expr: SQL;
}

/** What the figure is of its rows: how many, their cents, their average seconds or the share that are "yes". */
export type Measure =
  { kind: 'count' } | { kind: 'cents'; cents: SQL } | { kind: 'average'; seconds: SQL } | { kind: 'rate'; yes: SQL };

/** What narrows a figure to a series point: the expression a drill's field is compared with. */
export type Dimension = 'officeId' | 'userId' | 'source' | 'day' | 'hour' | 'month';

export interface RowSet {
  title: string;
  /** FROM with the joins the predicate and the dimensions need. */
  from: SQL;
  /** Further joins only the drill-down's columns need (the figure is counted without them). */
  display?: SQL;
  where: SQL;
  columns: RowColumn[];
  /** ORDER BY of the drill-down and the export, ending on a unique key so pages never overlap. */
  order: SQL;
  /** The row's id, for a link from the drill-down (not a column). */
  id: SQL;
  measure: Measure;
  dimensions: Partial<Record<Dimension, SQL>>;
  /**
   * The instants every row lies in, on an indexed column (a superset the predicate narrows): figures of one table
   * with spans on one column are read as one range of it, each aggregate filtered to its own rows.
   */
  span?: { column: SQL; from: Date; to?: Date };
  /**
   * Running totals that count and sum the same rows faster (the cash-flow day totals for payments): the figure
   * and the points read them while the drill-down and export read the rows. The agreement test holds them equal.
   */
  totals?: RowTotals;
}

export interface RowTotals {
  from: SQL;
  where: SQL;
  /** The rows each totals row stands for, and their cents. */
  rows: SQL;
  cents: SQL;
  dimensions: Partial<Record<Dimension, SQL>>;
}

/** An instant as an ISO string, rendered by the database so both engines give the same text. */
export function isoInstant(column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const dialect = new PgDialect({ casing: 'snake_case' });

function render(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

const DIMENSION_WORDS: Record<Dimension, string> = {
  officeId: 'Office Id',
  userId: 'User Id',
  source: 'Source',
  day: 'Day',
  hour: 'Hour',
  month: 'Month',
};

/** The row set narrowed by the drill's office, user, source, day, hour or month (a series point's rows). */
export function narrowed(set: RowSet, drill: Drill): RowSet {
  const parts: SQL[] = [set.where];
  let totals = set.totals;
  const totalsParts: SQL[] = totals ? [totals.where] : [];
  for (const dimension of Object.keys(DIMENSION_WORDS) as Dimension[]) {
    const value = drill[dimension];
    if (value === undefined) continue;
    const expr = set.dimensions[dimension];
    if (!expr) throw AppError.validation(`${DIMENSION_WORDS[dimension]} does not narrow this figure.`);
    parts.push(sql`${expr} = ${value}`);
    const totalsExpr = totals?.dimensions[dimension];
    if (totalsExpr) totalsParts.push(sql`${totalsExpr} = ${value}`);
    else totals = undefined;
  }
  const narrowedTotals = totals ? { ...totals, where: sql.join(totalsParts, sql` and `) } : undefined;
  return {
    ...set,
    where: sql.join(parts, sql` and `),
    ...(narrowedTotals ? { totals: narrowedTotals } : { totals: undefined }),
  };
}

export interface Tally {
  rows: number;
  cents: number;
  seconds: number;
  yes: number;
}

function tallyOf(row: Record<string, unknown> | undefined): Tally {
  return {
    rows: Number(row?.rows ?? 0),
    cents: Number(row?.cents ?? 0),
    seconds: Number(row?.seconds ?? 0),
    yes: Number(row?.yes ?? 0),
  };
}

/** The figure of a tally: count, cents, average seconds (rounded) or percent with one decimal; null when none. */
export function valueOf(measure: Measure, tally: Tally): number | null {
  switch (measure.kind) {
    case 'count':
      return tally.rows;
    case 'cents':
      return tally.cents;
    case 'average':
      return tally.rows === 0 ? null : Math.round(tally.seconds / tally.rows);
    case 'rate':
      return tally.rows === 0 ? null : Math.round((tally.yes * 1000) / tally.rows) / 10;
  }
}

/** The tally of no rows: a point with nothing behind it. */
export const NO_ROWS: Tally = { rows: 0, cents: 0, seconds: 0, yes: 0 };

/** One figure's columns of a shared read: each aggregate filtered to that figure's rows (or totals rows). */
function filteredColumns(set: RowSet, index: number): SQL {
  const name = (what: string) => sql.identifier(`${what}_${index}`);
  if (set.totals) {
    const where = set.totals.where;
    return sql`coalesce(sum(${set.totals.rows}) filter (where ${where}), 0)::bigint as ${name('rows')}, coalesce(sum(${set.totals.cents}) filter (where ${where}), 0)::bigint as ${name('cents')}, 0 as ${name('seconds')}, 0 as ${name('yes')}`;
  }
  const { measure, where } = set;
  const cents =
    measure.kind === 'cents' ? sql`coalesce(sum(${measure.cents}) filter (where ${where}), 0)::bigint` : sql`0::bigint`;
  const seconds =
    measure.kind === 'average'
      ? sql`coalesce(sum(${measure.seconds}) filter (where ${where}), 0)::bigint`
      : sql`0::bigint`;
  const yes = measure.kind === 'rate' ? sql`(count(*) filter (where ${where} and ${measure.yes}))::int` : sql`0`;
  return sql`(count(*) filter (where ${where}))::int as ${name('rows')}, ${cents} as ${name('cents')}, ${seconds} as ${name('seconds')}, ${yes} as ${name('yes')}`;
}

/** What a set is counted from: its running totals when they can give the dimension asked for, else its rows. */
function countedFrom(set: RowSet, dimension?: Dimension): { set: RowSet; from: SQL; key?: SQL } {
  const totals = set.totals && (!dimension || set.totals.dimensions[dimension]) ? set.totals : undefined;
  const key = dimension && (totals ? totals.dimensions[dimension] : set.dimensions[dimension]);
  if (dimension && !key) throw new Error(`${set.title} has no ${dimension}`);
  return {
    set: totals ? set : { ...set, totals: undefined },
    from: totals ? totals.from : set.from,
    ...(key ? { key } : {}),
  };
}

/** A fragment's text and values: two fragments that render alike read the same rows. */
function identity(query: SQL): string {
  const { text, params } = render(query);
  return `${text}\u0000${JSON.stringify(params)}`;
}

/**
 * The one range of an indexed column that holds the rows of every figure of a shared read, when they all say
 * their span on that column: an OR of their predicates would be a bitmap of each (no index-only scan, and
 * PostgreSQL does not factor out a range bound to different parameters).
 */
function jointSpan(sets: RowSet[]): SQL | undefined {
  if (sets.length < 2 || sets.some((set) => set.totals || !set.span)) return undefined;
  const spans = sets.map((set) => set.span!);
  const column = identity(spans[0]!.column);
  if (spans.some((span) => identity(span.column) !== column)) return undefined;
  const from = new Date(Math.min(...spans.map((span) => span.from.getTime())));
  const open = spans.some((span) => !span.to);
  const to = open ? undefined : new Date(Math.max(...spans.map((span) => span.to!.getTime())));
  return sql`${spans[0]!.column} >= ${from.toISOString()}::timestamptz${
    to ? sql` and ${spans[0]!.column} < ${to.toISOString()}::timestamptz` : sql``
  }`;
}

/**
 * The tallies of several figures, in their order, per value of a dimension (or under '' without one), one read
 * per table they count from: figures of one table (the call centre's six of calls) share a scan, each aggregate
 * filtered to its own predicate, instead of a statement and a pooled connection each. A value a figure has no
 * rows at is left out of its map, as a grouped read of that figure alone would leave it out.
 */
async function tallied(database: Database, sets: RowSet[], dimension?: Dimension): Promise<Map<string, Tally>[]> {
  const counted = sets.map((set) => countedFrom(set, dimension));
  const groups = new Map<string, number[]>();
  counted.forEach(({ from, key }, index) => {
    const group = `${identity(from)}\u0001${key ? identity(key) : ''}`;
    groups.set(group, [...(groups.get(group) ?? []), index]);
  });
  const maps = sets.map(() => new Map<string, Tally>());
  await Promise.all(
    [...groups.values()].map(async (indexes) => {
      const { from, key } = counted[indexes[0]!]!;
      const members = indexes.map((i) => counted[i]!.set);
      const where =
        jointSpan(members) ??
        sql.join(
          members.map((set) => sql`(${set.totals ? set.totals.where : set.where})`),
          sql` or `,
        );
      const columns = sql.join(
        members.map((set, n) => filteredColumns(set, indexes[n]!)),
        sql`, `,
      );
      const { text, params } = render(
        key
          ? sql`select (${key})::text as key, ${columns} from ${from} where ${where} group by 1`
          : sql`select '' as key, ${columns} from ${from} where ${where}`,
      );
      for (const row of await database.query(text, params)) {
        if (row.key === null) continue;
        for (const i of indexes) {
          const one = tallyOf({
            rows: row[`rows_${i}`],
            cents: row[`cents_${i}`],
            seconds: row[`seconds_${i}`],
            yes: row[`yes_${i}`],
          });
          if (one.rows !== 0 || !key) maps[i]!.set(String(row.key), one);
        }
      }
    }),
  );
  return maps;
}

/** The figures' counts and sums, from running totals where they have them; figures of one table in one read. */
export async function tallyAll(database: Database, sets: RowSet[]): Promise<Tally[]> {
  return (await tallied(database, sets)).map((map) => map.get('') ?? NO_ROWS);
}

/** The figures' tallies per value of a dimension (every point of their series), figures of one table in one read. */
export async function tallyAllBy(
  database: Database,
  sets: RowSet[],
  dimension: Dimension,
): Promise<Map<string, Tally>[]> {
  return tallied(database, sets, dimension);
}

/** The tally per value of a dimension: every point of a series in one grouped read. */
export async function tallyBy(database: Database, set: RowSet, dimension: Dimension): Promise<Map<string, Tally>> {
  return (await tallied(database, [set], dimension))[0]!;
}

function rowsQuery(set: RowSet, page?: { limit: number; offset: number }): SQL {
  const cells = sql.join(
    [sql`(${set.id})::text as id`, ...set.columns.map((c) => sql`${c.expr} as ${sql.identifier(c.id)}`)],
    sql`, `,
  );
  const limit = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`select ${cells} from ${set.from} ${set.display ?? sql``} where ${set.where} order by ${set.order}${limit}`;
}

export type Cell = string | number | null;
export type DrillRow = Record<string, Cell>;

function cellOf(unit: ColumnUnit, value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (unit === 'count' || unit === 'cents' || unit === 'seconds') return Number(value);
  return String(value);
}

function rowOf(set: RowSet, values: unknown[]): DrillRow {
  const row: DrillRow = { id: values[0] === null ? null : String(values[0]) };
  set.columns.forEach((c, i) => (row[c.id] = cellOf(c.unit, values[i + 1])));
  return row;
}

/** One page of the drill-down, counted and summed from the same rows. */
export async function rowsPage(
  database: Database,
  set: RowSet,
  pageNumber: number,
  pageSize: number,
): Promise<{ rows: DrillRow[]; tally: Tally }> {
  const offset = (pageNumber - 1) * pageSize;
  const { text, params } = render(rowsQuery(set, { limit: pageSize, offset }));
  // The page's count and sum are the rows' own (not the running totals): the drill-down shows what it lists.
  const [found, counted] = await Promise.all([
    database.query(text, params),
    tallyAll(database, [{ ...set, totals: undefined }]).then(([counted]) => counted!),
  ]);
  const keys = ['id', ...set.columns.map((c) => c.id)];
  return {
    rows: found.map((r) =>
      rowOf(
        set,
        keys.map((k) => r[k]),
      ),
    ),
    tally: counted,
  };
}

/** Every row, a chunk at a time from a cursor (an export streams; memory holds one chunk). */
export async function* everyRow(database: Database, set: RowSet): AsyncGenerator<DrillRow[]> {
  const { text, params } = render(rowsQuery(set));
  for await (const chunk of database.cursor(text, params, 500)) yield chunk.map((values) => rowOf(set, values));
}

/**
 * The first `limit` rows in the drill-down's order with its columns and some more (the office timeline's stage
 * id and length), as objects.
 */
export async function rowsWith(
  database: Database,
  set: RowSet,
  extra: Record<string, SQL>,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const cells = sql.join(
    [
      sql`(${set.id})::text as id`,
      ...set.columns.map((c) => sql`${c.expr} as ${sql.identifier(c.id)}`),
      ...Object.entries(extra).map(([id, expr]) => sql`${expr} as ${sql.identifier(id)}`),
    ],
    sql`, `,
  );
  const { text, params } = render(
    sql`select ${cells} from ${set.from} ${set.display ?? sql``} where ${set.where} order by ${set.order} limit ${limit}`,
  );
  return database.query(text, params);
}
