import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@casedesk/contract/common/paging';
import {
  SMS_SORTS,
  type SmsFilter,
  type SmsListRequestInput,
  type SmsMessage,
  type SmsSort,
} from '@casedesk/contract/sms/sms';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { TableSort } from '@/components/data-table/data-table-types.ts';
import { useSmsList } from '../api/list-sms.ts';
import { openTextDrawer } from '../text-drawer-store.ts';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { SMS_TABLE_COLUMNS } from './sms-columns.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';

const rowId = (row: SmsMessage) => row.id;
const isSmsSort = (key: string): key is SmsSort => (SMS_SORTS as readonly string[]).includes(key);
// SPEC §4 edit mode: a list row opens the drawer on that text.
const openRow = (row: SmsMessage) => openTextDrawer({ smsId: row.id });

interface SmsTableProps {
  label: string;
  filter: SmsFilter;
  /** Page number owned by the caller, so a new filter can go back to page 1. */
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
  emptyState: string;
  maxHeight?: string;
  initialPageSize?: number;
  /** A module constant (DataTable wants stable columns); the full SMS list's by default. */
  columns?: readonly DataTableColumn<SmsMessage>[];
}

/** Texts from POST /sms/all, sorted, filtered and paged by the server (SPEC §2 shared table page). */
export function SmsTable({
  columns = SMS_TABLE_COLUMNS,
  label,
  filter,
  pageNumber,
  onPageChange,
  emptyState,
  maxHeight,
  initialPageSize,
}: SmsTableProps) {
  const [pageSize, setPageSize] = useState(initialPageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<TableSort | null>(null);
  const request: SmsListRequestInput = {
    pageNumber,
    pageSize,
    ...(sort && isSmsSort(sort.sortBy) ? { sortBy: sort.sortBy, sortOrder: sort.sortOrder } : {}),
    filter,
  };
  const list = useSmsList(request);
  return (
    <>
      {list.isError && (
        <Alert color="red" variant="light" title="Texts could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={rowId}
        totalCount={list.data?.totalCount ?? 0}
        loading={isLoadingRows(list)}
        sort={sort}
        onSortChange={setSort}
        pageNumber={pageNumber}
        onPageChange={onPageChange}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        onRowClick={openRow}
        emptyState={emptyState}
        maxHeight={maxHeight}
      />
    </>
  );
}
