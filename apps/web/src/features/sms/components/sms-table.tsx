import type { UseQueryResult } from '@tanstack/react-query';
import type { SmsListResponse, SmsMessage } from '@casedesk/contract/sms/sms';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import type { ListTableBinding } from '@/components/list-page/use-list-paging.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { openTextDrawer } from '../text-drawer-store.ts';
import { SMS_TABLE_COLUMNS } from './sms-columns.tsx';

const rowId = (row: SmsMessage) => row.id;
// SPEC §4 edit mode: a list row opens the drawer on that text.
const openRow = (row: SmsMessage) => openTextDrawer({ smsId: row.id });

interface SmsTableProps {
  label: string;
  /** The texts from POST /sms/all (useSmsList). */
  list: UseQueryResult<SmsListResponse>;
  /** Page, size and sort, owned by the caller's useListPaging or useListRequest. */
  table: ListTableBinding;
  emptyState: string;
  maxHeight?: string;
  /** A module constant (DataTable wants stable columns); the full SMS list's by default. */
  columns?: readonly DataTableColumn<SmsMessage>[];
}

/** Texts sorted, filtered and paged by the server (SPEC §2 shared table page); a row opens the text. */
export function SmsTable({ columns = SMS_TABLE_COLUMNS, label, list, table, emptyState, maxHeight }: SmsTableProps) {
  return (
    <DataTable
      {...table}
      label={label}
      columns={columns}
      rows={list.data?.items ?? []}
      getRowId={rowId}
      totalCount={list.data?.totalCount ?? 0}
      loading={isLoadingRows(list)}
      onRowClick={openRow}
      emptyState={emptyState}
      maxHeight={maxHeight}
    />
  );
}
