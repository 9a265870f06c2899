import { Badge } from '@mantine/core';
import type { CollectionReportResult, ReportColumn } from '@casedesk/contract/collections/report';
import { REPORT_COLUMNS, formatRate } from '@casedesk/contract/collections/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn, TableTotals } from '@/components/data-table/data-table-types.ts';

type Row = Record<string, unknown> & { key?: string; id?: string };

/** A report column as the table shows it: counts and cents right-aligned, rates as percentages, times local. */
function tableColumn(column: ReportColumn, groupHeader: string): DataTableColumn<Row> {
  const base = { id: column.key, header: column.key === 'label' ? groupHeader : column.header };
  switch (column.kind) {
    case 'count':
      return { ...base, kind: 'number', align: 'right', width: 110 };
    case 'cents':
      return { ...base, kind: 'cents', align: 'right', width: 130 };
    case 'rate':
      return {
        ...base,
        align: 'right',
        width: 100,
        cell: (row) => formatRate((row[column.key] as number | null) ?? null),
      };
    case 'instant':
      return { ...base, kind: 'dateTime', width: 170 };
    case 'text':
      if (column.key === 'outcome') {
        return {
          ...base,
          width: 100,
          cell: (row) => (
            <Badge size="sm" variant="light" color={row.outcome === 'REFUSED' ? 'red' : 'teal'}>
              {String(row.outcome)}
            </Badge>
          ),
        };
      }
      return base;
  }
}

interface ReportTableProps {
  result: CollectionReportResult | undefined;
  report: CollectionReportResult['report'];
  groupHeader: string;
  loading: boolean;
  onPageChange?: (pageNumber: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
}

/** A report's rows with its totals row; the contact log a page at a time. */
export function ReportTable({
  result,
  report,
  groupHeader,
  loading,
  onPageChange,
  onPageSizeChange,
}: ReportTableProps) {
  const columns = REPORT_COLUMNS[report].map((c) => tableColumn(c, groupHeader));
  const shown = result?.report === report ? result : undefined;
  const rows = (shown?.items ?? []) as Row[];
  if (shown?.report === 'CONTACT_LOG') {
    return (
      <DataTable
        label="Contact log"
        columns={columns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        loading={loading && !shown}
        totalCount={shown.totalCount}
        pageNumber={shown.pageNumber}
        pageSize={shown.pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        emptyState="No contact attempts in this range"
        maxHeight={560}
      />
    );
  }
  const totals: TableTotals | undefined = shown
    ? Object.fromEntries([
        ['label', 'Total'],
        ...Object.entries(shown.totals).map(([k, v]) => [k, k === 'keptRate' ? formatRate(v as number | null) : v]),
      ])
    : undefined;
  return (
    <DataTable
      label={`${report === 'COLLECTED' ? 'Collected' : report === 'AGING' ? 'Aging' : 'Plan performance'} report`}
      columns={columns}
      rows={rows}
      getRowId={(r) => String(r.key)}
      loading={loading && !shown}
      withPagination={false}
      totals={totals}
      emptyState="Nothing in this report"
      maxHeight={560}
    />
  );
}
