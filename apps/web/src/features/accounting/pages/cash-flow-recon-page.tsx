import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReconRow, ReconTotal } from '@casedesk/contract/accounting/reconciliation';
import { formatMoney } from '@casedesk/contract/common/money';
import { hasAccessAs } from '@casedesk/contract/access/permissions';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useReconTable } from '../api/get-recon-table.ts';
import { useReconTotal } from '../api/get-recon-total.ts';
import { canEnterPayment, canReconcile, canReopenRecon, canReversePayment } from '../components/accounting-access.ts';
import { AddDepositButton } from '../components/deposit-form.tsx';
import { reconColumns, unbalancedStyle } from '../components/recon-columns.tsx';
import { Figure } from '../components/figure.tsx';
import { ReconDayEntries } from '../components/recon-day-entries.tsx';
import { ReconDayModal, type ReconAction } from '../components/recon-day-modal.tsx';
import { today } from '../components/payment-labels.ts';

const rowId = (row: ReconRow) => `${row.officeId}:${row.day}`;
const isMonth = (text: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

function MonthSummary({ total }: { total: ReconTotal }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm" aria-label="Month summary">
      <Figure label="Office entered" value={formatMoney(total.officeEnteredCents)} />
      <Figure label="Accounting" value={formatMoney(total.accountingCents)} />
      <Figure label="Deposits" value={formatMoney(total.depositCents)} />
      <Figure label="Difference" value={formatMoney(total.differenceCents)} alert={total.differenceCents !== 0} />
      <Figure label="Reconciled days" value={`${total.reconciledDays} of ${total.days}`} />
      <Figure
        label="Days with a difference"
        value={String(total.daysWithDifference)}
        alert={total.daysWithDifference > 0}
      />
    </SimpleGrid>
  );
}

/**
 * SPEC §2 /accounting/cash-flow-recon: each office day of a month, what the office entered and accounting posted
 * against what the bank got. A day with a difference is red; a balanced one can be signed, a signed one reopened.
 */
export function CashFlowReconPage() {
  const session = useSession();
  const [month, setMonth] = useState(today().slice(0, 7));
  const [officeId, setOfficeId] = useState<string | null>(null);
  const [action, setAction] = useState<ReconAction | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const readsOffices = hasAccessAs(session.permissions, session.user.role, 'CASH_FLOW', 'READ');
  const offices = useOfficeOptions('CASH_FLOW', readsOffices);
  const request = { month: isMonth(month) ? month : today().slice(0, 7), ...(officeId ? { officeId } : {}) };
  const table = useReconTable(request);
  const total = useReconTotal(request);
  const signs = canReconcile(session);
  const reopens = canReopenRecon(session);
  const openedRow = table.data?.items.find((row) => rowId(row) === opened) ?? null;

  const columns = reconColumns((row) => (
    <Group gap={4} wrap="nowrap">
      {readsOffices && (
        <Button size="compact-xs" variant="default" onClick={() => setOpened(rowId(row))}>
          Entries
        </Button>
      )}
      {signs && row.status !== 'RECONCILED' && (
        <Button size="compact-xs" variant="default" onClick={() => setAction({ kind: 'reconcile', row })}>
          Mark reconciled
        </Button>
      )}
      {reopens && row.status === 'RECONCILED' && (
        <Button size="compact-xs" variant="default" onClick={() => setAction({ kind: 'reopen', row })}>
          Reopen
        </Button>
      )}
    </Group>
  ));
  return (
    <ListPage
      title="Cash flow reconciliation"
      description="Office by office and day by day: office entered plus accounting must equal the deposits."
      actions={signs ? <AddDepositButton /> : undefined}
      summary={total.data && <MonthSummary total={total.data} />}
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Month"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            w={180}
          />
          {readsOffices && (
            <Select
              label="Office"
              placeholder="All offices"
              data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={officeId}
              onChange={setOfficeId}
              searchable
              clearable
              w={220}
            />
          )}
        </Group>
      }
      query={table}
      errorTitle="Reconciliation could not be loaded"
    >
      <div data-testid="recon-table">
        <DataTable
          label="Reconciliation"
          columns={columns}
          rows={table.data?.items ?? []}
          getRowId={rowId}
          loading={isLoadingRows(table)}
          rowStyle={unbalancedStyle}
          withPagination={false}
          emptyState="No office days in this month"
          maxHeight="calc(100dvh - 400px)"
        />
      </div>
      <ReconDayEntries
        row={openedRow}
        can={{ enter: canEnterPayment(session), reverse: canReversePayment(session), reconcile: signs }}
        onReconcile={(row) => setAction({ kind: 'reconcile', row })}
        onClose={() => setOpened(null)}
      />
      <ReconDayModal action={action} onClose={() => setAction(null)} />
    </ListPage>
  );
}
