import { Button, Menu, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import {
  CLIENT_SEARCH_KEYWORD_MAX,
  CLIENT_SEARCH_SORTS,
  type ClientExportFormat,
  type ClientSearchFilter,
} from '@casedesk/contract/clients/client-search';
import { CLIENT_SEARCH_PAGE_SIZE } from '@casedesk/contract/common/search';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { SearchIcon } from '@/components/icons.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useExportClients } from '../api/export-clients.ts';
import { useClientSearchPage } from '@/api/clients/search-clients.ts';
import { CLIENT_SEARCH_COLUMNS } from '../components/client-columns.tsx';
import { MergeClientsModal } from '../components/merge-clients-modal.tsx';

const rowId = (row: ClientSummary) => row.id;
const rowLabel = (row: ClientSummary) => `Select ${row.firstName} ${row.lastName}`;
const toFilter = (typed: string): ClientSearchFilter => {
  const keyword = typed.trim();
  return keyword ? { searchKeyword: keyword } : {};
};

/** SPEC §2 /management/search-client?searchKeyword=: the results of the search box, 100 a page (SPEC §9). */
export function SearchClientPage() {
  const navigate = useNavigate();
  const session = useSession();
  const canMerge = can(subjectOf(session), 'CLIENT_PROFILE', 'UPDATE');
  const [params, setParams] = useSearchParams();
  const urlKeyword = params.get('searchKeyword') ?? '';
  const list = useListRequest({
    initialValues: urlKeyword,
    toFilter,
    sorts: CLIENT_SEARCH_SORTS,
    pageSize: CLIENT_SEARCH_PAGE_SIZE,
  });
  const [shownUrlKeyword, setShownUrlKeyword] = useState(urlKeyword);
  // The top search box may change the URL while this page is open: follow it (adjusted while rendering).
  if (shownUrlKeyword !== urlKeyword) {
    setShownUrlKeyword(urlKeyword);
    list.setValues(urlKeyword);
  }
  const keyword = list.filter.searchKeyword ?? '';
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState(false);
  const [searched, setSearched] = useState(keyword);
  if (searched !== keyword) {
    setSearched(keyword);
    setSelected([]);
  }
  const results = useClientSearchPage(list.request);
  const exporter = useExportClients();

  const changeTyped = (value: string) => {
    list.setValues(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('searchKeyword', value.trim());
    else next.delete('searchKeyword');
    setShownUrlKeyword(value.trim());
    setParams(next, { replace: true });
  };
  // The whole result in the chosen order: no page or page size.
  const { sortBy, sortOrder } = list.request;
  const exportAs = (format: ClientExportFormat) =>
    exporter.mutate({ format, filter: list.filter, ...(sortBy && sortOrder ? { sortBy, sortOrder } : {}) });

  return (
    <ListPage
      title="Search client"
      description={canMerge ? 'Select two clients to compare and merge them.' : undefined}
      actions={
        <>
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
        </>
      }
      filters={
        <TextInput
          aria-label="Search keyword"
          placeholder="Name, phone, email, LMS or Needles client number"
          leftSection={<SearchIcon size={16} />}
          value={list.values}
          maxLength={CLIENT_SEARCH_KEYWORD_MAX}
          onChange={(event) => changeTyped(event.currentTarget.value)}
          maw={520}
        />
      }
      query={results}
      errorTitle="Clients could not be loaded"
    >
      <DataTable
        {...list.table}
        label="Clients found"
        columns={CLIENT_SEARCH_COLUMNS}
        rows={results.data?.items ?? []}
        getRowId={rowId}
        getRowLabel={rowLabel}
        totalCount={results.data?.totalCount ?? 0}
        totalCountIsLowerBound={results.data?.totalCountIsLowerBound}
        loading={isLoadingRows(results)}
        selectable={canMerge}
        maxSelectable={2}
        selectedIds={selected}
        onSelectionChange={setSelected}
        onRowClick={(row) => navigate(paths.client.detail.href(row.id))}
        emptyState={keyword ? `No clients match "${keyword}"` : 'No clients found'}
        maxHeight="calc(100dvh - 320px)"
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
    </ListPage>
  );
}
