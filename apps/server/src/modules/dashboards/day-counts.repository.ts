import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * Counting a span of instants from running counts per UTC day (appointment_day_totals, lead_day_totals) instead
 * of every row (docs/dashboards.md). A UTC day with no bucket boundary inside it lies wholly in one bucket (one
 * month of the caller's), so it is read as one totals row stamped at its midnight; the few days a boundary cuts
 * (a month that starts at 08:00 UTC) are read as their rows, each at its own instant. Both halves give the same
 * columns, so a predicate and a bucket written over them count exactly the rows would.
 */

const DAY_MS = 86_400_000;

/** The UTC date of an instant, yyyy-MM-dd. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface UtcDays {
  /** The first UTC day the span touches and the day after the last (a half-open range of dates). */
  first: string;
  end: string;
  /** The days a boundary falls strictly inside: read row by row. */
  split: string[];
}

/** The UTC days of [from, to) and those that the boundaries (the span's own ends among them) cut. */
export function utcDaysOf(range: { from: Date; to: Date }, boundaries: Date[]): UtcDays {
  const split = [...new Set(boundaries.filter((at) => at.getTime() % DAY_MS !== 0).map(utcDay))].sort();
  return {
    first: utcDay(range.from),
    end: utcDay(new Date(Math.ceil(range.to.getTime() / DAY_MS) * DAY_MS)),
    split,
  };
}

/** One side of a day count: a table, its office and, for rows, the instant and what makes a row count. */
export interface DayCountSource {
  totals: { table: SQL; officeId: SQL; day: SQL; count: SQL; where?: SQL };
  rows: { table: SQL; officeId: SQL; instant: SQL; where?: SQL };
  /** Further columns both sides carry under one name (an appointment's stage). */
  extra?: Record<string, { totals: SQL; rows: SQL }>;
}

/**
 * `(… union all …) as <name>` with columns office_id, at, n and the extra ones: the totals rows of the whole
 * days at their midnight, and the rows of the split days at their instant with n = 1.
 */
export function dayCounts(source: DayCountSource, days: UtcDays, name: string): SQL {
  const extras = Object.entries(source.extra ?? {});
  const extraOf = (side: 'totals' | 'rows') =>
    sql.join(
      extras.map(([column, expr]) => sql`${expr[side]} as ${sql.identifier(column)}, `),
      sql``,
    );
  const { totals, rows } = source;
  const splitList = sql.join(
    days.split.map((day) => sql`${day}::date`),
    sql`, `,
  );
  const wholeDays = sql`select ${totals.officeId} as office_id, (${totals.day}::timestamp at time zone 'UTC') as at, ${extraOf('totals')}${totals.count} as n
    from ${totals.table} where ${totals.day} >= ${days.first}::date and ${totals.day} < ${days.end}::date${
      days.split.length ? sql` and ${totals.day} not in (${splitList})` : sql``
    }${totals.where ? sql` and ${totals.where}` : sql``}`;
  if (days.split.length === 0) return sql`(${wholeDays}) as ${sql.identifier(name)}`;
  const splitValues = sql.join(
    days.split.map((day) => sql`(${day}::date)`),
    sql`, `,
  );
  const splitRows = sql`select ${rows.officeId}, ${rows.instant}, ${extraOf('rows')}1::bigint
    from (values ${splitValues}) as split_days(day)
    join ${rows.table} on ${rows.instant} >= (split_days.day::timestamp at time zone 'UTC')
      and ${rows.instant} < ((split_days.day + 1)::timestamp at time zone 'UTC')${rows.where ? sql` where ${rows.where}` : sql``}`;
  return sql`(${wholeDays} union all ${splitRows}) as ${sql.identifier(name)}`;
}

/** A column of a dayCounts subquery. */
export function dayColumn(name: string, column: string): SQL {
  return sql`${sql.identifier(name)}.${sql.identifier(column)}`;
}
