import { Alert, Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import {
  CLIENT_SEARCH_DEBOUNCE_MS,
  CLIENT_SEARCH_KEYWORD_MAX,
  CLIENT_SEARCH_PAGE_SIZE,
  CLIENT_SEARCH_SORTS,
  type ClientExportFormat,
  type ClientSearchRequestInput,
} from '@casedesk/contract/clients/client-search';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { TableSort } from '@/components/data-table/data-table-types.ts';
import { SearchIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useExportClients } from '../api/export-clients.ts';
import { useClientSearchPage } from '@/api/clients/search-clients.ts';
import { CLIENT_SEARCH_COLUMNS } from '../components/client-columns.tsx';
import { MergeClientsModal } from '../components/merge-clients-modal.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';

const rowId = (row: ClientSummary) => row.id;
const rowLabel = (row: ClientSummary) => `Select ${row.firstName} ${row.lastName}`;
type SortBy = (typeof CLIENT_SEARCH_SORTS)[number];
const sortByOf = (sort: TableSort | null): SortBy | undefined =>
  CLIENT_SEARCH_SORTS.find((key) => key === sort?.sortBy);

/** SPEC §2 /management/search-client?searchKeyword=: the results of the search box, 100 a page (SPEC §9). */
export function SearchClientPage() {
  useDocumentTitle('Search client · Casedesk');
  const navigate = useNavigate();
  const session = useSession();
  const canMerge = can(subjectOf(session), 'CLIENT_PROFILE', 'UPDATE');
  const [params, setParams] = useSearchParams();
  const urlKeyword = params.get('searchKeyword') ?? '';
  const [typed, setTyped] = useState(urlKeyword);
  const [shownUrlKeyword, setShownUrlKeyword] = useState(urlKeyword);
  // The top search box may change the URL while this page is open: follow it (adjusted while rendering).
  if (shownUrlKeyword !== urlKeyword) {
    setShownUrlKeyword(urlKeyword);
    setTyped(urlKeyword);
  }
  const [keyword] = useDebouncedValue(typed.trim(), CLIENT_SEARCH_DEBOUNCE_MS);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(CLIENT_SEARCH_PAGE_SIZE);
  const [sort, setSort] = useState<TableSort | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState(false);
  const [searched, setSearched] = useState(keyword);
  if (searched !== keyword) {
    setSearched(keyword);
    setPageNumber(1);
    setSelected([]);
  }
  const sortBy = sortByOf(sort);
  const request: ClientSearchRequestInput = {
    pageNumber,
    pageSize,
    ...(sortBy && sort ? { sortBy, sortOrder: sort.sortOrder } : {}),
    filter: keyword ? { searchKeyword: keyword } : {},
  };
  const results = useClientSearchPage(request);
  const exporter = useExportClients();

  const changeTyped = (value: string) => {
    setTyped(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('searchKeyword', value.trim());
    else next.delete('searchKeyword');
    setShownUrlKeyword(value.trim());
    setParams(next, { replace: true });
  };
  const exportAs = (format: ClientExportFormat) =>
    exporter.mutate({
      format,
      filter: request.filter,
      ...(sortBy && sort ? { sortBy, sortOrder: sort.sortOrder } : {}),
    });

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Search client</Title>
        <Group gap="sm">
          {canMerge && (
            <Button variant="default" disabled={selected.length !== 2} onClick={() => setMerging(true)}>
              Merge…
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={exporter.isPending} disabled={!results.data?.totalCount}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => exportAs('xlsx')}>XLSX</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <TextInput
        aria-label="Search keyword"
        placeholder="Name, phone, email, LMS or Needles client number"
        leftSection={<SearchIcon size={16} />}
        value={typed}
        maxLength={CLIENT_SEARCH_KEYWORD_MAX}
        onChange={(event) => changeTyped(event.currentTarget.value)}
        maw={520}
      />
      {canMerge && (
        <Text size="xs" c="dimmed">
          Select two clients to compare and merge them.
        </Text>
      )}
      {results.isError && (
        <Alert color="red" variant="light" title="Clients could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void results.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <DataTable
        label="Clients found"
        columns={CLIENT_SEARCH_COLUMNS}
        rows={results.data?.items ?? []}
        getRowId={rowId}
        getRowLabel={rowLabel}
        totalCount={results.data?.totalCount ?? 0}
        totalCountIsLowerBound={results.data?.totalCountIsLowerBound}
        loading={isLoadingRows(results)}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPageNumber(1);
        }}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        selectable={canMerge}
        maxSelectable={2}
        selectedIds={selected}
        onSelectionChange={setSelected}
        onRowClick={(row) => navigate(paths.client.detail.href(row.id))}
        emptyState={keyword ? `No clients match "${keyword}"` : 'No clients found'}
        maxHeight="calc(100dvh - 300px)"
      />
      {merging && selected.length === 2 && (
        <MergeClientsModal
          clientIds={[selected[0]!, selected[1]!]}
          onClose={() => setMerging(false)}
          onMerged={(survivorId) => {
            setMerging(false);
            setSelected([]);
            void navigate(paths.client.detail.href(survivorId), { state: { merged: true } });
          }}
        />
      )}
    </Stack>
  );
}
