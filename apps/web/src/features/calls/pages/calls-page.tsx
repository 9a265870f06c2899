import { Alert, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CallExportFormat, CallListRequestInput, CallRow } from '@casedesk/contract/calls/call';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTablePreferences } from '@/components/data-table/use-table-preferences.ts';
import { paths } from '@/config/paths.ts';
import { useExportCalls } from '../api/export-calls.ts';
import { useCalls } from '../api/list-calls.ts';
import { CALL_TABLE_COLUMNS, callRowStyle } from '../components/call-columns.tsx';
import {
  CallsFilters,
  EMPTY_CALLS_FILTER,
  toCallFilter,
  type CallsFilterValues,
} from '../components/calls-filters.tsx';
import { ClickToCallButton } from '../components/click-to-call-button.tsx';
import { OngoingCallLegend } from '../components/ongoing-call-indicator.tsx';
import { useOngoingRows } from '../components/use-ongoing-rows.ts';
import { isLoadingRows } from '@/lib/query-status.ts';

/** SPEC §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
const rowId = (row: CallRow) => row.id;

/** SPEC §2 /communication/calls: the call log, sorted, filtered and paged by the server; ongoing calls highlighted. */
export function CallsPage() {
  useDocumentTitle('Calls · Casedesk');
  const navigate = useNavigate();
  // SPEC §2: the `calls` page keeps its page size and sort; the DataTable writes them, the query reads them.
  const prefs = useTablePreferences('calls');
  const [pageNumber, setPageNumber] = useState(1);
  const [filterValues, setFilterValues] = useState<CallsFilterValues>(EMPTY_CALLS_FILTER);
  const [debouncedFilter] = useDebouncedValue(filterValues, SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => toCallFilter(debouncedFilter), [debouncedFilter]);
  const request: CallListRequestInput = {
    pageNumber,
    pageSize: prefs.pageSize,
    ...(prefs.sort
      ? { sortBy: prefs.sort.sortBy as CallListRequestInput['sortBy'], sortOrder: prefs.sort.sortOrder }
      : {}),
    filter,
  };
  const calls = useCalls(request);
  const rows = useOngoingRows(calls.data?.items ?? []);
  const exporter = useExportCalls();
  const exportAs = (format: CallExportFormat) => exporter.mutate({ ...request, pageNumber: 1, format });

  const changeFilter = (next: CallsFilterValues) => {
    setFilterValues(next);
    setPageNumber(1);
  };
  const openRow = (row: CallRow) => {
    if (row.inquiryId) navigate(paths.communication.lead.href(row.inquiryId));
    else if (row.clientId) navigate(paths.client.detail.href(row.clientId));
  };

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Calls</Title>
        <Group gap="sm">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={exporter.isPending} disabled={!calls.data?.totalCount}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => exportAs('xlsx')}>Excel (XLSX)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <ClickToCallButton variant="button" />
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <CallsFilters value={filterValues} onChange={changeFilter} />
      </Paper>
      {calls.isError && (
        <Alert color="red" variant="light" title="Calls could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void calls.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <OngoingCallLegend />
      <div data-testid="calls-table">
        <DataTable
          label="Calls"
          pageName="calls"
          columns={CALL_TABLE_COLUMNS}
          rows={rows}
          getRowId={rowId}
          totalCount={calls.data?.totalCount ?? 0}
          loading={isLoadingRows(calls)}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          onSortChange={() => setPageNumber(1)}
          rowStyle={callRowStyle}
          onRowClick={openRow}
          emptyState="No calls match this filter"
          maxHeight="calc(100dvh - 340px)"
        />
      </div>
    </Stack>
  );
}
