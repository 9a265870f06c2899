import type { AttributionRow, TouchFigures } from '@casedesk/contract/marketing/attribution';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

/** Which attribution the figures of leads, signed cases and cost follow. */
export type TouchView = 'BOTH' | 'FIRST' | 'LAST';

const touch = (view: 'FIRST' | 'LAST') => (row: AttributionRow) => (view === 'FIRST' ? row.firstTouch : row.lastTouch);

function touchColumns(view: 'FIRST' | 'LAST', suffix: string, full: boolean): DataTableColumn<AttributionRow>[] {
  const of = touch(view);
  const column = (
    id: keyof TouchFigures,
    header: string,
    kind: 'number' | 'cents',
  ): DataTableColumn<AttributionRow> => ({
    id: `${view}-${id}`,
    header: `${header}${suffix}`,
    kind,
    align: 'right',
    width: kind === 'cents' ? 135 : 105,
    accessor: (row) => of(row)[id],
  });
  return full
    ? [
        column('leads', 'Leads', 'number'),
        column('appointmentsSet', 'Appts set', 'number'),
        column('signedCases', 'Signed', 'number'),
        column('costPerLeadCents', 'Cost/lead', 'cents'),
        column('costPerSignedCaseCents', 'Cost/signed', 'cents'),
        column('feesCollectedCents', 'Fees', 'cents'),
      ]
    : [
        column('leads', 'Leads', 'number'),
        column('signedCases', 'Signed', 'number'),
        column('costPerLeadCents', 'Cost/lead', 'cents'),
        column('feesCollectedCents', 'Fees', 'cents'),
      ];
}

/** Month and source, the call counts and spend, then the touch figures: one touch in full, or both side by side. */
export function attributionColumns(view: TouchView): DataTableColumn<AttributionRow>[] {
  const touches =
    view === 'BOTH'
      ? [...touchColumns('FIRST', ' 1st', false), ...touchColumns('LAST', ' last', false)]
      : touchColumns(view, '', true);
  return [
    { id: 'month', header: 'Month', width: 90 },
    { id: 'source', header: 'Source', width: 170 },
    { id: 'calls', header: 'Calls', kind: 'number', align: 'right', width: 80 },
    { id: 'uniqueCallers', header: 'Callers', kind: 'number', align: 'right', width: 90 },
    ...touches,
    { id: 'spendCents', header: 'Spend', kind: 'cents', align: 'right', width: 120 },
  ];
}
