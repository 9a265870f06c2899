import { GROUP_HEADERS } from '@casedesk/contract/reports/report';
import { useMemo, useState } from 'react';
import { browserTimeZone } from '@/lib/time-offset.ts';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { isCompleteRange, lastDays, type ReportRange } from './report-range.ts';

type Group = keyof typeof GROUP_HEADERS;

/**
 * A report's range and grouping. `asked` is the range the report is fetched for: an incomplete range (a
 * date being typed) keeps the last complete one; it names the browser's zone, in which the server counts days.
 */
export function useReportFilters<G extends Group>(defaultGroup: G) {
  const [range, setRange] = useState<ReportRange>(() => lastDays(30));
  const [groupBy, setGroupBy] = useState<G>(defaultGroup);
  const [asked, setAsked] = useState(range);
  if (isCompleteRange(range) && (range.dateFrom !== asked.dateFrom || range.dateTo !== asked.dateTo)) setAsked(range);
  const zoned = useMemo(() => ({ ...asked, timeZone: browserTimeZone() }), [asked]);
  return { range, setRange, groupBy, setGroupBy, asked: zoned };
}

/** The group choices of a report, labelled as their column is. */
export function groupOptions<G extends Group>(groups: readonly G[]) {
  return groups.map((value) => ({ value, label: GROUP_HEADERS[value] }));
}

/** The table columns for each grouping: the first column is headed by the group, the rest are numbers. */
export function columnsByGroup<G extends Group, Row>(
  groups: readonly G[],
  columns: readonly (readonly [string, string])[],
  numberWidth: number,
): Record<G, DataTableColumn<Row>[]> {
  const forGroup = (groupBy: G): DataTableColumn<Row>[] =>
    columns.map(([id, header]) =>
      id === 'label'
        ? { id, header: GROUP_HEADERS[groupBy] }
        : { id, header, kind: 'number' as const, width: numberWidth },
    );
  return Object.fromEntries(groups.map((g) => [g, forGroup(g)])) as Record<G, DataTableColumn<Row>[]>;
}
