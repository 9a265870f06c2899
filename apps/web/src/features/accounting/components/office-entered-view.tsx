import { Button, Group, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CASH_FLOW_SORTS, PAYMENT_TYPE_LABELS, type CashFlowRow } from '@casedesk/contract/accounting/payment';
import { officeToday } from '@casedesk/contract/common/dates';
import { formatMoney } from '@casedesk/contract/common/money';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListPaging } from '@/components/list-page/use-list-paging.ts';
import { paths } from '@/config/paths.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useOfficeEnteredTotal } from '../api/get-office-entered-total.ts';
import { useOfficeEnteredCashFlow } from '../api/list-office-entered-cash-flow.ts';
import { CASH_FLOW_TABLE_COLUMNS, reversalStyle } from './cash-flow-columns.tsx';
import { DepositSlip } from './deposit-slip.tsx';
import { isDay } from './payment-labels.ts';

const rowId = (row: CashFlowRow) => row.id;
const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

/** The day's office-entered totals per payment type, as the deposit slip prints them. */
function DayTotals({ totals }: { totals: NonNullable<ReturnType<typeof useOfficeEnteredTotal>['data']> }) {
  if (totals.byPaymentType.length === 0) return <Text c="dimmed">Nothing was entered at this office on this day.</Text>;
  return (
    <Table withRowBorders={false} w="auto" aria-label="Totals by payment type" fz="sm">
      <Table.Tbody>
        {totals.byPaymentType.map((line) => (
          <Table.Tr key={line.paymentType}>
            <Table.Td>{PAYMENT_TYPE_LABELS[line.paymentType]}</Table.Td>
            <Table.Td c="dimmed">{entries(line.count)}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.totalCents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={600}>
          <Table.Td>Total</Table.Td>
          <Table.Td>{entries(totals.total.count)}</Table.Td>
          <Table.Td ta="right">{formatMoney(totals.total.totalCents)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * SPEC §7 office-entered view (`?cashflow=office`): what one office entered on one office day, its totals by
 * payment type and the deposit slip to print. The office defaults to the caller's first, the day to
 * that office's today (its time zone).
 */
export function OfficeEnteredView({ actions }: { actions: ReactNode }) {
  const navigate = useNavigate();
  const offices = useOfficeOptions('CASH_FLOW');
  const [chosenOffice, setChosenOffice] = useState<string | null>(null);
  const [chosenDay, setDay] = useState<string | null>(null);
  const officeId = chosenOffice ?? offices.data?.[0]?.id ?? null;
  const office = offices.data?.find((o) => o.id === officeId);
  // Until a day is chosen, the office's own today: a manager in New York looking at Los Angeles after midnight
  // sees what Los Angeles entered today, not an empty tomorrow.
  const day = chosenDay ?? (office ? officeToday(office.timeZone) : '');
  const paging = useListPaging({ sorts: CASH_FLOW_SORTS });
  const ready = Boolean(officeId) && isDay(day);
  const filter = ready ? { officeId: officeId!, dateFrom: day, dateTo: day } : {};
  const entries = useOfficeEnteredCashFlow({ ...paging.page, filter }, ready);
  const totals = useOfficeEnteredTotal(filter, ready);

  return (
    <ListPage
      title="Cash flow"
      description="What one office entered on one day, with the day's totals by payment type for the deposit."
      actions={actions}
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Office"
            data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={officeId}
            onChange={setChosenOffice}
            allowDeselect={false}
            searchable
            w={220}
          />
          <TextInput label="Day" type="date" value={day} onChange={(e) => setDay(e.currentTarget.value)} w={170} />
        </Group>
      }
      query={entries}
      errorTitle="Office-entered cash flow could not be loaded"
    >
      {totals.data && (
        <Paper withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <DayTotals totals={totals.data} />
            <Button variant="default" onClick={() => window.print()} disabled={totals.data.total.count === 0}>
              Print deposit slip
            </Button>
            <DepositSlip office={office?.name ?? ''} day={day} totals={totals.data} />
          </Group>
        </Paper>
      )}
      <div data-testid="office-entered-table">
        <DataTable
          {...paging.table}
          label="Office-entered cash flow"
          columns={CASH_FLOW_TABLE_COLUMNS}
          rows={entries.data?.items ?? []}
          getRowId={rowId}
          totalCount={entries.data?.totalCount ?? 0}
          loading={isLoadingRows(entries)}
          rowStyle={reversalStyle}
          onRowClick={(row) => navigate(paths.payment.detail.href(row.id))}
          emptyState={officeId ? 'No office-entered payments on this day' : 'Choose an office'}
          maxHeight="calc(100dvh - 420px)"
        />
      </div>
    </ListPage>
  );
}
