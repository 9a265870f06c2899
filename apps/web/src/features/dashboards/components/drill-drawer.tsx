import { Alert, Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { DrillRows } from '@casedesk/contract/dashboards/dashboard';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatPhone } from '@casedesk/contract/common/text';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { exportDrillRows, type DrillExportFormat } from '../api/export-drill-rows.ts';
import { useDrillRows } from '../api/get-drill-rows.ts';
import { formatDuration } from '../model/figure-format.ts';
import type { OpenDrill } from './drill-context.ts';

type Row = Record<string, string | number | null> & { __key: string };

const FORMATS: readonly DrillExportFormat[] = ['csv', 'xlsx', 'pdf'];
const DEFAULT_PAGE_SIZE = 100;

/** A drill-down column as the shared table shows it: counts and cents right-aligned, instants local. */
function tableColumn(column: DrillRows['columns'][number]): DataTableColumn<Row> {
  const base = { id: column.id, header: column.header };
  switch (column.unit) {
    case 'count':
      return { ...base, kind: 'number', align: 'right', width: 110 };
    case 'cents':
      return { ...base, kind: 'cents', align: 'right', width: 130 };
    case 'seconds':
      return {
        ...base,
        align: 'right',
        width: 110,
        cell: (row) => (typeof row[column.id] === 'number' ? formatDuration(row[column.id] as number) : ''),
      };
    case 'instant':
      return { ...base, kind: 'dateTime', width: 170 };
    case 'day':
      return { ...base, kind: 'date', width: 120 };
    case 'text':
      // Phone numbers are stored as ten digits (SPEC §5); shown as (###) ###-####.
      return {
        ...base,
        cell: (row) => {
          const value = row[column.id];
          if (value === null || value === undefined) return '';
          return typeof value === 'string' && /^\d{10}$/.test(value) ? formatPhone(value) : String(value);
        },
      };
  }
}

/** The figure was this very count of rows (nothing more to say than the row count). */
function shownAsCount(data: DrillRows, shownValue: string): boolean {
  return data.totalCount.toLocaleString('en-US') === shownValue;
}

interface DrillDrawerProps {
  open: OpenDrill;
  timeZone: string;
  onClose: () => void;
}

/**
 * The rows behind one figure or point, a page at a time, with their count, their sum for money figures and the
 * exports of every row (CSV, XLSX, PDF). The server lists them from the same definition it counted the figure
 * from, so the count here is the figure.
 */
export function DrillDrawer({ open, timeZone, onClose }: DrillDrawerProps) {
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState<DrillExportFormat | null>(null);
  const query = useDrillRows(open.drill, timeZone, pageNumber, pageSize);
  const data = query.data;
  const columns = useMemo(() => (data?.columns ?? []).map(tableColumn), [data?.columns]);
  const rows = useMemo<Row[]>(
    () => (data?.rows ?? []).map((row, index) => ({ ...row, __key: `${data?.pageNumber ?? 1}-${index}` })),
    [data],
  );
  const centsColumn = data?.columns.find((c) => c.unit === 'cents');

  const runExport = (format: DrillExportFormat) => {
    setExporting(format);
    exportDrillRows(open.drill, timeZone, format)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="min(1100px, 100%)"
      padding="lg"
      title={
        <Text fw={700} size="lg" component="span">
          {data?.title ?? open.caption}
        </Text>
      }
    >
      <Stack gap="md" data-testid="drill-drawer">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap="xs">
            {data && (
              <Badge size="lg" variant="light" tt="none" data-testid="drill-total" data-count={data.totalCount}>
                {data.totalCount.toLocaleString('en-US')} {data.totalCount === 1 ? 'row' : 'rows'}
              </Badge>
            )}
            {data?.totalCents !== null && data?.totalCents !== undefined && (
              <Badge size="lg" variant="light" tt="none" color="teal" data-testid="drill-total-cents">
                {formatMoney(data.totalCents)}
              </Badge>
            )}
            {data && !shownAsCount(data, open.shownValue) && (
              <Text size="sm" c="dimmed">
                The figure: {open.shownValue}
              </Text>
            )}
          </Group>
          <ExportMenu
            formats={FORMATS}
            onExport={runExport}
            loading={exporting !== null}
            disabled={!data || data.totalCount === 0}
          />
        </Group>
        {query.isError ? (
          <LoadError title="The rows could not be loaded" onRetry={() => void query.refetch()} />
        ) : (
          <DataTable
            label={data?.title ?? open.caption}
            columns={columns}
            rows={rows}
            getRowId={(row) => row.__key}
            loading={isLoadingRows(query)}
            totalCount={data?.totalCount ?? 0}
            totals={
              centsColumn && data?.totalCents !== null && data?.totalCents !== undefined
                ? { [centsColumn.id]: data.totalCents }
                : undefined
            }
            pageNumber={pageNumber}
            pageSize={pageSize}
            onPageChange={setPageNumber}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPageNumber(1);
            }}
            emptyState={
              <Alert variant="light" color="gray">
                No rows behind this figure right now.
              </Alert>
            }
            maxHeight="calc(100vh - 260px)"
          />
        )}
      </Stack>
    </Drawer>
  );
}
