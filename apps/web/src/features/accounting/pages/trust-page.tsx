import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { TRUST_LEDGER_SORTS, type TrustLedgerRow } from '@casedesk/contract/accounting/trust';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useTrustLedgers } from '../api/list-trust-ledgers.ts';
import { ThreeWayPanel } from '../components/three-way-panel.tsx';
import { TRUST_LEDGER_COLUMNS } from '../components/trust-columns.tsx';
import { TrustLedgerPanel } from '../components/trust-ledger-panel.tsx';

const rowId = (row: TrustLedgerRow) => `${row.officeId}:${row.inquiryId}`;
const toFilter = (values: { officeId: string | null }) => (values.officeId ? { officeId: values.officeId } : {});

/**
 * /accounting/trust: client money held in trust. The matters' balances per office, a matter's ledger with
 * Disburse and Reverse, and the office's monthly three-way reconciliation (docs/accounting.md).
 */
export function TrustPage() {
  const list = useListRequest({
    initialValues: { officeId: null as string | null },
    toFilter,
    sorts: TRUST_LEDGER_SORTS,
  });
  const ledgers = useTrustLedgers(list.request);
  const offices = useOfficeOptions('CASH_FLOW');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [opened, setOpened] = useState<TrustLedgerRow | null>(null);
  // The row as the list now has it (its balance moves with each disbursement), else as it was opened.
  const matter = (openKey && ledgers.data?.items.find((r) => rowId(r) === openKey)) || opened;
  const officeName = (officeId: string) => offices.data?.find((o) => o.id === officeId)?.name ?? '';
  const open = (row: TrustLedgerRow | null) => {
    setOpenKey(row && rowId(row));
    setOpened(row);
  };
  return (
    <ListPage
      title="Client trust money"
      description="Money held for client matters, matter by matter; it never goes below zero. Open a matter to see its ledger and disburse."
      filters={
        <Group gap="sm" align="flex-end">
          <Select
            label="Office"
            placeholder="All offices"
            data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={list.values.officeId}
            onChange={(officeId) => {
              list.setValues({ officeId });
              open(null);
            }}
            searchable
            clearable
            w={220}
          />
        </Group>
      }
      query={ledgers}
      errorTitle="Trust balances could not be loaded"
    >
      <div data-testid="trust-ledgers-table">
        <DataTable
          {...list.table}
          label="Trust balances"
          columns={TRUST_LEDGER_COLUMNS}
          rows={ledgers.data?.items ?? []}
          getRowId={rowId}
          totalCount={ledgers.data?.totalCount ?? 0}
          loading={isLoadingRows(ledgers)}
          onRowClick={open}
          emptyState="No matter holds trust money in these offices"
          maxHeight={320}
        />
      </div>
      {matter && (
        <TrustLedgerPanel key={rowId(matter)} matter={matter} officeName={officeName} onClose={() => open(null)} />
      )}
      <ThreeWayPanel officeId={list.values.officeId} />
    </ListPage>
  );
}
