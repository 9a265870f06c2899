import { SegmentedControl } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CASH_FLOW_SORTS, type CashFlowRow } from '@casedesk/contract/accounting/payment';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useCashFlowTotals } from '../api/get-cash-flow-totals.ts';
import { useCashFlow } from '../api/list-cash-flow.ts';
import { canEnterPayment } from '../components/accounting-access.ts';
import { AddPaymentButton } from '../components/add-payment-button.tsx';
import { CASH_FLOW_TABLE_COLUMNS, reversalStyle } from '../components/cash-flow-columns.tsx';
import { CashFlowExportMenu } from '../components/cash-flow-export-menu.tsx';
import { CashFlowReportProgress } from '../components/cash-flow-report-progress.tsx';
import { CashFlowFilters, EMPTY_CASH_FLOW_FILTER, toCashFlowFilter } from '../components/cash-flow-filters.tsx';
import { OfficeEnteredView } from '../components/office-entered-view.tsx';

const rowId = (row: CashFlowRow) => row.id;

const VIEWS = [
  { value: 'all', label: 'All entries' },
  { value: 'office', label: 'Office entered' },
];

/** "All entries" or "Office entered", kept in the address (`?cashflow=office`, SPEC §7) so it can be linked. */
function ViewSwitch() {
  const [params, setParams] = useSearchParams();
  return (
    <SegmentedControl
      aria-label="Cash-flow view"
      data={VIEWS}
      value={params.get('cashflow') === 'office' ? 'office' : 'all'}
      onChange={(view) => setParams(view === 'office' ? { cashflow: 'office' } : {})}
    />
  );
}

/** SPEC §2 /accounting/cash-flow: the ledger, filtered and paged, with its totals; or the office-entered view. */
export function CashFlowPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const actions = (
    <>
      <ViewSwitch />
      {canEnterPayment(session) && <AddPaymentButton />}
    </>
  );
  if (params.get('cashflow') === 'office') return <OfficeEnteredView actions={actions} />;
  return <CashFlowList actions={actions} />;
}

function CashFlowList({ actions }: { actions: ReactNode }) {
  const navigate = useNavigate();
  const list = useListRequest({
    initialValues: EMPTY_CASH_FLOW_FILTER,
    toFilter: toCashFlowFilter,
    sorts: CASH_FLOW_SORTS,
  });
  const entries = useCashFlow(list.request);
  const totals = useCashFlowTotals(list.filter);
  const [reportId, setReportId] = useState<string | null>(null);
  return (
    <ListPage
      title="Cash flow"
      description="Payments received, as entered by the offices and by accounting. Open an entry to see or reverse it."
      actions={
        <>
          <CashFlowExportMenu
            request={list.request}
            disabled={!entries.data?.totalCount}
            onReportQueued={setReportId}
          />
          {actions}
        </>
      }
      filters={<CashFlowFilters value={list.values} onChange={list.setValues} />}
      query={entries}
      errorTitle="Cash flow could not be loaded"
    >
      {reportId && <CashFlowReportProgress key={reportId} reportId={reportId} onClose={() => setReportId(null)} />}
      <div data-testid="cash-flow-table">
        <DataTable
          {...list.table}
          label="Cash flow"
          columns={CASH_FLOW_TABLE_COLUMNS}
          rows={entries.data?.items ?? []}
          getRowId={rowId}
          totalCount={entries.data?.totalCount ?? 0}
          totals={totals.data ? { fees: totals.data.feesCents, cost: totals.data.costCents } : undefined}
          loading={isLoadingRows(entries)}
          rowStyle={reversalStyle}
          onRowClick={(row) => navigate(paths.payment.detail.href(row.id))}
          emptyState="No payments match this filter"
          maxHeight="calc(100dvh - 330px)"
        />
      </div>
    </ListPage>
  );
}
