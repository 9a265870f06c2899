import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { UnresolvedDnisRow } from '@casedesk/contract/marketing/tracking-line';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { useListPaging } from '@/components/list-page/use-list-paging.ts';
import { LoadError } from '@/components/load-error.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useUnresolvedDnis } from '../api/list-unresolved-dnis.ts';
import { localDay } from './tracking-line-form-values.ts';
import { TrackingLineFormModal, type TrackingLineFormMode } from './tracking-line-form-modal.tsx';

const rowId = (row: UnresolvedDnisRow) => row.dnis;

/**
 * Numbers called that no tracking line mapped. "Map" adds a line for the number from a chosen date (by
 * default the day of its first unresolved call): its calls from that day on are attributed to the line.
 */
export function UnresolvedDnisPanel({ canCreate }: { canCreate: boolean }) {
  const paging = useListPaging({ sorts: [] as const, pageSize: 25 });
  const unresolved = useUnresolvedDnis(paging.page);
  const [form, setForm] = useState<TrackingLineFormMode | null>(null);
  const columns: DataTableColumn<UnresolvedDnisRow>[] = [
    { id: 'dnis', header: 'Number dialed', kind: 'phone', width: 150 },
    { id: 'calls', header: 'Calls', kind: 'number', width: 80, align: 'right' },
    { id: 'firstCallTime', header: 'First call', kind: 'dateTime', width: 180 },
    { id: 'lastCallTime', header: 'Last call', kind: 'dateTime', width: 180 },
    ...(canCreate
      ? [
          {
            id: 'map',
            header: 'Map',
            width: 100,
            cell: (row: UnresolvedDnisRow) => (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Map ${row.dnis}`}
                onClick={() =>
                  setForm({ kind: 'create', type: 'OTHER', dnis: row.dnis, from: localDay(row.firstCallTime) })
                }
              >
                Map
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Calls to these numbers reached no tracking line, so they have no source. Mapping a number applies to its calls
        from the chosen date on; earlier calls stay unresolved.
      </Text>
      {unresolved.isError && (
        <LoadError title="Unresolved numbers could not be loaded" onRetry={() => void unresolved.refetch()} />
      )}
      <DataTable
        {...paging.table}
        label="Unresolved numbers"
        columns={columns}
        rows={unresolved.data?.items ?? []}
        getRowId={rowId}
        totalCount={unresolved.data?.totalCount ?? 0}
        loading={isLoadingRows(unresolved)}
        emptyState="Every number called has a tracking line"
      />
      {form && <TrackingLineFormModal mode={form} onClose={() => setForm(null)} />}
    </Stack>
  );
}
