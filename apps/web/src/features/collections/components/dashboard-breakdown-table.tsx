import { Text } from '@mantine/core';
import type { DashboardFigures, Figure } from '@casedesk/contract/collections/dashboard';
import { formatRate } from '@casedesk/contract/collections/report';
import { formatGroupedCents, formatMoney } from '@casedesk/contract/common/money';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { FigureLink } from './dashboard-figure-link.tsx';

export interface BreakdownRow {
  id: string;
  name: string;
  figures: DashboardFigures;
}

const count = (figure: Figure, what: string) => (
  <FigureLink filter={figure.filter} label={`Open the ${figure.count} ${what}`}>
    {figure.count.toLocaleString('en-US')}
  </FigureLink>
);
const money = (figure: Figure, what: string) => (
  <FigureLink filter={figure.filter} label={`Open the ${figure.count} ${what}: ${formatMoney(figure.amountCents)}`}>
    {formatGroupedCents(figure.amountCents)}
  </FigureLink>
);

/** Widths fit each header whole at 1280 px; the name takes the rest, and a narrow screen scrolls the table. */
function columns(nameHeader: string): DataTableColumn<BreakdownRow>[] {
  return [
    { id: 'name', header: nameHeader, cell: (r) => <Text size="sm">{r.name}</Text> },
    {
      id: 'open',
      header: 'Open accounts',
      align: 'right',
      width: 150,
      cell: (r) => count(r.figures.open, `open accounts of ${r.name}`),
    },
    {
      id: 'outstanding',
      header: 'Outstanding',
      align: 'right',
      width: 130,
      cell: (r) => money(r.figures.open, `open accounts of ${r.name}`),
    },
    {
      id: 'collected',
      header: 'Collected this month',
      align: 'right',
      width: 180,
      cell: (r) => money(r.figures.collectedThisMonth, `accounts of ${r.name} paid this month`),
    },
    {
      id: 'missed',
      header: 'Plans missed',
      align: 'right',
      width: 120,
      cell: (r) => count(r.figures.plans.missed, `accounts of ${r.name} with a missed instalment`),
    },
    {
      id: 'aged',
      header: '90+ days',
      align: 'right',
      width: 90,
      cell: (r) =>
        count(
          r.figures.aging.find((a) => a.bucket === '90+')!,
          `accounts of ${r.name} 90+ days since paid`,
        ),
    },
    {
      id: 'followUps',
      header: 'Follow-ups past due',
      align: 'right',
      width: 190,
      cell: (r) => count(r.figures.followUps.past, `accounts of ${r.name} past their follow-up date`),
    },
    {
      id: 'promises',
      header: 'Promise-kept rate',
      align: 'right',
      width: 160,
      cell: (r) => (
        <FigureLink filter={r.figures.promiseKept.filter} label={`Open the accounts of ${r.name} with instalments due`}>
          {formatRate(r.figures.promiseKept.rate)}
        </FigureLink>
      ),
    },
  ];
}

interface BreakdownTableProps {
  label: string;
  nameHeader: string;
  rows: BreakdownRow[];
  loading?: boolean;
  emptyState: string;
}

/** The summary's figures side by side per office or collector; each number opens its accounts. */
export function BreakdownTable({ label, nameHeader, rows, loading, emptyState }: BreakdownTableProps) {
  return (
    <DataTable
      label={label}
      columns={columns(nameHeader)}
      rows={rows}
      getRowId={(r) => r.id}
      loading={loading}
      withPagination={false}
      emptyState={emptyState}
      maxHeight={480}
    />
  );
}
