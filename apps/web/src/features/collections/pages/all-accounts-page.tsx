import { Group, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BULK_ASSIGN_MAX,
  COLLECTION_ACCOUNT_SORTS,
  type CollectionAccountRow,
} from '@casedesk/contract/collections/account';
import { countOf } from '@casedesk/contract/common/text';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useCollectionTotals } from '../api/get-collection-totals.ts';
import { useCollectionAccounts } from '../api/list-collection-accounts.ts';
import { AccountColourLegend } from '../components/account-colour-legend.tsx';
import { ACCOUNT_TABLE_COLUMNS, accountRowStyle } from '../components/account-columns.tsx';
import {
  AccountFilters,
  filterValuesOf,
  toAccountFilter,
  type AccountFilterValues,
} from '../components/account-filters.tsx';
import { AccountsExportMenu } from '../components/accounts-export-menu.tsx';
import { AssignAccountsButton } from '../components/assign-accounts-button.tsx';
import { browserDay } from '../components/collection-dates.ts';

const rowId = (row: CollectionAccountRow) => row.id;
const rowLabel = (row: CollectionAccountRow) => `Select account ${row.accountNumber}`;

/**
 * A page of rows at the default page size can be assigned at once; the server takes up to BULK_ASSIGN_MAX. SPEC
 * §2's default of 5 is for tables without a bulk action.
 */
const MAX_SELECTABLE = Math.min(100, BULK_ASSIGN_MAX);

/**
 * SPEC §2 /collections/all-accounts: the accounts, filtered and paged, coloured by SPEC §4, with their totals,
 * the bulk "Assign to…" and the export. The address's `account`, `assignee` and `assigneeId` set the first filter;
 * a new address (a link from elsewhere) starts the list again from it.
 */
export function AllAccountsPage() {
  const [params] = useSearchParams();
  const key = ['account', 'assignee', 'assigneeId'].map((name) => params.get(name) ?? '').join('|');
  return <AccountsList key={key} initialValues={filterValuesOf(params)} />;
}

function AccountsList({ initialValues }: { initialValues: AccountFilterValues }) {
  const navigate = useNavigate();
  const session = useSession();
  const userId = session.user.id;
  // The browser's day when the page opened: the row colours and the follow-up filter judge by it.
  const [today] = useState(() => browserDay());
  const toFilter = useCallback(
    (values: AccountFilterValues) => toAccountFilter(values, userId, today),
    [userId, today],
  );
  const list = useListRequest({ initialValues, toFilter, sorts: COLLECTION_ACCOUNT_SORTS, pageName: 'allAccounts' });
  const accounts = useCollectionAccounts(list.request);
  const totals = useCollectionTotals(list.filter);
  const [selected, setSelected] = useState<string[]>([]);
  const mayAssign = can(subjectOf(session), 'ALL_ACCOUNTS', 'UPDATE');
  const rowStyle = useCallback((row: CollectionAccountRow) => accountRowStyle(row, today), [today]);
  const tableTotals = useMemo(
    () =>
      totals.data
        ? {
            client: countOf(totals.data.count, 'account'),
            original: totals.data.originalCents,
            paid: totals.data.paidCents,
            balance: totals.data.outstandingCents,
          }
        : undefined,
    [totals.data],
  );
  return (
    <ListPage
      title="All accounts"
      description="Collection accounts and what is still owed on them. Open an account to work it."
      actions={
        <>
          {mayAssign && <AssignAccountsButton accountIds={selected} onAssigned={() => setSelected([])} />}
          <AccountsExportMenu request={list.request} disabled={!accounts.data?.totalCount} />
        </>
      }
      filters={<AccountFilters value={list.values} onChange={list.setValues} />}
      query={accounts}
      errorTitle="Accounts could not be loaded"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <AccountColourLegend />
        {mayAssign && selected.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="selection-count">
            {`${countOf(selected.length, 'account')} selected`}
          </Text>
        )}
      </Group>
      <div data-testid="accounts-table">
        <DataTable
          {...list.table}
          label="All accounts"
          columns={ACCOUNT_TABLE_COLUMNS}
          rows={accounts.data?.items ?? []}
          getRowId={rowId}
          getRowLabel={rowLabel}
          totalCount={accounts.data?.totalCount ?? 0}
          totals={tableTotals}
          loading={isLoadingRows(accounts)}
          rowStyle={rowStyle}
          selectable={mayAssign}
          maxSelectable={MAX_SELECTABLE}
          selectedIds={selected}
          onSelectionChange={setSelected}
          onRowClick={(row) => navigate(paths.collections.accountDetail.href(row.id))}
          emptyState="No accounts match this filter"
          maxHeight="calc(100dvh - 400px)"
        />
      </div>
    </ListPage>
  );
}
