import { Drawer, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { USER_DIRECTORY_PAGE_SIZE, USER_DIRECTORY_SORTS } from '@casedesk/contract/users/user';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn, TableSort } from '@/components/data-table/data-table-types.ts';
import { SearchIcon } from '@/components/icons.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useUserDirectory, type UserDirectoryEntry } from '../api/search-user-directory.ts';
import { isLoadingRows } from '@/lib/query-status.ts';

export interface UserDirectoryDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2 columns: name, email, phone, extension, location; each sortable by the server. */
const COLUMNS: readonly DataTableColumn<UserDirectoryEntry>[] = [
  { id: 'displayName', header: 'Name', sortable: true },
  { id: 'mail', header: 'Email', sortable: true, width: 230 },
  { id: 'workNumber', header: 'Phone', kind: 'phone', sortable: true, width: 135 },
  { id: 'phoneExtension', header: 'Extension', sortable: true, width: 105 },
  { id: 'location', header: 'Location', sortable: true, width: 120 },
];

/** SPEC §9: default sort displayName ascending; also what a cleared sort (SPEC §4 cycle) falls back to. */
const DEFAULT_SORT: TableSort = { sortBy: 'displayName', sortOrder: 'ASC' };
const rowId = (row: UserDirectoryEntry) => row.id;

type DirectorySortBy = (typeof USER_DIRECTORY_SORTS)[number];
const sortByOf = (sort: TableSort): DirectorySortBy =>
  USER_DIRECTORY_SORTS.find((key) => key === sort.sortBy) ?? 'displayName';

function rangeText(pageNumber: number, totalCount: number): string {
  if (totalCount === 0) return '0 users';
  const from = (pageNumber - 1) * USER_DIRECTORY_PAGE_SIZE + 1;
  const to = Math.min(totalCount, pageNumber * USER_DIRECTORY_PAGE_SIZE);
  return `${from}–${to} of ${totalCount}`;
}

/** SPEC §2 User Directory drawer: search colleagues by name or phone; 10 per page (SPEC §9). */
export function UserDirectoryDrawer({ opened, onClose }: UserDirectoryDrawerProps) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TableSort | null>(DEFAULT_SORT);
  const [pageNumber, setPageNumber] = useState(1);
  const [searchedKeyword, setSearchedKeyword] = useState(keyword);
  // A new search starts at page 1 (adjusted while rendering, not in an effect).
  if (searchedKeyword !== keyword) {
    setSearchedKeyword(keyword);
    setPageNumber(1);
  }
  const effectiveSort = sort ?? DEFAULT_SORT;
  const query = useUserDirectory(
    {
      pageNumber,
      pageSize: USER_DIRECTORY_PAGE_SIZE,
      sortBy: sortByOf(effectiveSort),
      sortOrder: effectiveSort.sortOrder,
      searchKeyword: keyword,
    },
    opened,
  );
  const totalCount = query.data?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / USER_DIRECTORY_PAGE_SIZE));

  return (
    <Drawer opened={opened} onClose={onClose} title="User Directory" position="right" size="xl" padding="lg">
      <Stack gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or phone number"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {query.isError && !query.data ? (
          <LoadError title="The directory could not be loaded" onRetry={() => void query.refetch()} />
        ) : (
          <DataTable
            label="User directory"
            columns={COLUMNS}
            rows={query.data?.items ?? []}
            getRowId={rowId}
            totalCount={totalCount}
            loading={isLoadingRows(query)}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setPageNumber(1);
            }}
            pageNumber={query.data?.pageNumber ?? pageNumber}
            pageSize={USER_DIRECTORY_PAGE_SIZE}
            withPagination={false}
            emptyState={keyword ? `No users match "${keyword}"` : 'No users found'}
            maxHeight="none"
          />
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="directory-range">
            {query.data ? rangeText(query.data.pageNumber, totalCount) : ''}
          </Text>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={Math.min(pageNumber, totalPages)}
              onChange={setPageNumber}
              size="sm"
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': 'Previous page' }
                  : control === 'next'
                    ? { 'aria-label': 'Next page' }
                    : {}
              }
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          )}
        </Group>
      </Stack>
    </Drawer>
  );
}
