import { Group, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
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
import { filterValuesOf, queryOfFilter, todayOf } from '../components/account-filter-query.ts';
import {
  AccountFilters,
  EMPTY_ACCOUNT_FILTER,
  toAccountFilter,
  type AccountFilterValues,
} from '../components/account-filters.tsx';
import { DrillDownChips } from '../components/drill-down-chips.tsx';
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

/** What the page writes into its own address (the filter as it changes), so it does not start again from it. */
const OWN_ADDRESS = { accountsList: true } as const;

/**
 * SPEC §2 /collections/all-accounts: the accounts, filtered and paged, coloured by SPEC §4, with their totals,
 * the bulk "Assign to…" and the export. The address sets the first filter: SPEC §2's `account`, `assignee` and
 * `assigneeId`, and the dashboard figures' parameters (accountFilterFromQuery). The filter being sent is kept in
 * the address; a new address from elsewhere (a link, the menu) starts the list again from it.
 */
export function AllAccountsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const userId = useSession().user.id;
  const [listKey, setListKey] = useState(location.key);
  const ownAddress = (location.state as typeof OWN_ADDRESS | null)?.accountsList === true;
  if (!ownAddress && location.key !== listKey) setListKey(location.key);
  return <AccountsList key={listKey} initialValues={filterValuesOf(params, userId)} linkedToday={todayOf(params)} />;
}

function AccountsList({
  initialValues,
  linkedToday,
}: {
  initialValues: AccountFilterValues;
  /** The day a link judged follow-ups and aging on (the dashboard's today), kept so the list is the figure's. */
  linkedToday: string | undefined;
}) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const userId = session.user.id;
  // The browser's day when the page opened: the row colours and the follow-up filter judge by it.
  const [today] = useState(() => browserDay());
  const filterDay = linkedToday ?? today;
  const toFilter = useCallback(
    (values: AccountFilterValues) => toAccountFilter(values, userId, filterDay),
    [userId, filterDay],
  );
  const list = useListRequest({ initialValues, toFilter, sorts: COLLECTION_ACCOUNT_SORTS, pageName: 'allAccounts' });
  const accounts = useCollectionAccounts(list.request);
  const totals = useCollectionTotals(list.filter);
  const [selected, setSelected] = useState<string[]>([]);
  const address = queryOfFilter(list.filter, list.values).toString();
  useEffect(() => {
    if (address !== params.toString()) setParams(address, { replace: true, state: OWN_ADDRESS });
  }, [address, params, setParams]);
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
      <DrillDownChips
        values={list.values}
        today={filterDay}
        onChange={list.setValues}
        onClearAll={() => list.setValues(EMPTY_ACCOUNT_FILTER)}
        collectedCents={totals.data?.collectedCents}
      />
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
