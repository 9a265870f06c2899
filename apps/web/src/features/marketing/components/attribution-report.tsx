import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isMonth, monthsInRange, type AttributionRow } from '@casedesk/contract/marketing/attribution';
import { formatMoney } from '@casedesk/contract/common/money';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useAttribution } from '../api/get-attribution.ts';
import { attributionColumns, type TouchView } from './attribution-columns.tsx';
import { SpendForm } from './spend-form.tsx';

const rowId = (row: AttributionRow) => `${row.month} ${row.source}`;

export function monthOf(date: Date, back = 0): string {
  const d = new Date(date.getFullYear(), date.getMonth() - back, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The attribution report per source and month: calls, unique callers, leads (an inquiry reached by tracked
 * calls, once however often it called), appointments set, signed cases, first and last touch, spend and cost.
 */
export function AttributionReport({ canEnterSpend }: { canEnterSpend: boolean }) {
  const now = new Date();
  const [monthFrom, setMonthFrom] = useState(monthOf(now, 5));
  const [monthTo, setMonthTo] = useState(monthOf(now));
  const [view, setView] = useState<TouchView>('BOTH');
  const valid = isMonth(monthFrom) && isMonth(monthTo) && monthsInRange(monthFrom, monthTo) >= 1;
  const report = useAttribution({ monthFrom, monthTo }, valid);
  const rows = report.data?.items ?? [];
  const totals = report.data?.totals;
  const sources = [...new Set(rows.map((r) => r.source))].sort();

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          type="month"
          label="Month from"
          value={monthFrom}
          onChange={(e) => setMonthFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="month"
          label="Month to"
          value={monthTo}
          onChange={(e) => setMonthTo(e.currentTarget.value)}
          w={170}
          error={!valid ? 'Month To cannot be before Month From.' : undefined}
        />
        <SegmentedControl
          aria-label="Attribution"
          value={view}
          onChange={(v) => setView(v as TouchView)}
          data={[
            { value: 'BOTH', label: 'First vs last touch' },
            { value: 'FIRST', label: 'First touch' },
            { value: 'LAST', label: 'Last touch' },
          ]}
        />
      </Group>
      {totals && (
        <Text size="sm" data-testid="attribution-totals">
          {totals.calls.toLocaleString('en-US')} calls · {totals.leads} leads · {totals.appointmentsSet} appointments
          set · {totals.signedCases} signed · spend {formatMoney(totals.spendCents)}
          {totals.costPerLeadCents !== null && ` · ${formatMoney(totals.costPerLeadCents)} per lead`}
          {totals.costPerSignedCaseCents !== null && ` · ${formatMoney(totals.costPerSignedCaseCents)} per signed case`}
          {totals.feesCollectedCents !== null && ` · fees collected ${formatMoney(totals.feesCollectedCents)}`}
        </Text>
      )}
      {report.isError && (
        <LoadError title="The attribution report could not be loaded" onRetry={() => void report.refetch()} />
      )}
      <div data-testid="attribution-table">
        <DataTable
          label="Attribution by source and month"
          columns={attributionColumns(view)}
          rows={rows}
          getRowId={rowId}
          loading={report.isPending && valid}
          withPagination={false}
          emptyState="No calls, leads or spend in these months"
          maxHeight="calc(100dvh - 420px)"
        />
      </div>
      <Text size="xs" c="dimmed">
        A call counts in the month it was at its office. Callers: unique caller ids. A lead is an inquiry reached by
        tracked calls, counted once in the month of its first tracked call; 1st and last touch are the sources of its
        first and latest tracked calls. Fees: paid on the leads' matters (shown to those who read cash flow). Amounts in
        dollars.
      </Text>
      {canEnterSpend && <SpendForm sources={sources} month={monthTo} />}
    </Stack>
  );
}
