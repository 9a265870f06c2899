import type { Drill, Series, SeriesKey } from '@casedesk/contract/dashboards/dashboard';
import { formatPointLabel } from './figure-format.ts';

/** One chart's data: a row per point label, a column per series, and the drill of each cell. */
export interface ChartTable {
  /** The series' labels, in the order the server sent them (the chart's legend). */
  names: string[];
  rows: { label: string; values: Record<string, number | null> }[];
  /** drills[row][series name]: what a click on that bar or dot opens. */
  drills: Record<string, Drill>[];
}

/** The series with `group` in common, drawn on one chart, in the order their first one came. */
export function groupSeries(series: readonly Series[]): Series[][] {
  const groups = new Map<string, Series[]>();
  for (const s of series) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  return [...groups.values()];
}

/** The series of one group as rows of a chart: point labels in order of first appearance, months and days short. */
export function chartTable(series: readonly Series[]): ChartTable {
  const order: string[] = [];
  const byLabel = new Map<string, { values: Record<string, number | null>; drills: Record<string, Drill> }>();
  for (const s of series) {
    for (const point of s.points) {
      let entry = byLabel.get(point.label);
      if (!entry) {
        entry = { values: {}, drills: {} };
        byLabel.set(point.label, entry);
        order.push(point.label);
      }
      entry.values[s.label] = point.value;
      entry.drills[s.label] = point.drill;
    }
  }
  return {
    names: series.map((s) => s.label),
    rows: order.map((label) => ({ label: formatPointLabel(label), values: byLabel.get(label)!.values })),
    drills: order.map((label) => byLabel.get(label)!.drills),
  };
}

/** The series of `keys` among `series`, in the order of `keys`. */
export function pickSeries(series: readonly Series[], keys: readonly SeriesKey[]): Series[] {
  return keys.flatMap((key) => series.filter((s) => s.key === key));
}

/** A series has something to draw. */
export function hasPoints(series: readonly Series[]): boolean {
  return series.some((s) => s.points.some((p) => (p.value ?? 0) !== 0));
}
