import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatGroupedCents } from '@casedesk/contract/common/money';
import { formatPhone } from '@casedesk/contract/common/text';
import type { ColumnKind, DataTableColumn } from './data-table-types.ts';

/** SPEC §5 date formats: MM-dd-yyyy and MM-dd-yyyy hh:mm AM/PM. */
const DATE_FORMAT = 'MM-DD-YYYY';
const DATE_TIME_FORMAT = 'MM-DD-YYYY hh:mm A';

function formatDate(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value instanceof Date || typeof value === 'number' ? value : String(value));
  return date.isValid() ? date.format(format) : String(value);
}

/** A cell value shown by kind: cents with two decimals grouped by thousands, phones as (###) ###-####, dates per SPEC §5. */
export function formatValue(value: unknown, kind: ColumnKind = 'text'): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'cents':
      return typeof value === 'number' ? formatGroupedCents(value) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'phone':
      return formatPhone(String(value));
    case 'date':
      return formatDate(value, DATE_FORMAT);
    case 'dateTime':
      return formatDate(value, DATE_TIME_FORMAT);
    default:
      return String(value);
  }
}

export function cellValue<Row>(column: DataTableColumn<Row>, row: Row): unknown {
  return column.accessor ? column.accessor(row) : (row as Record<string, unknown>)[column.id];
}

export function renderCell<Row>(column: DataTableColumn<Row>, row: Row): ReactNode {
  return column.cell ? column.cell(row) : formatValue(cellValue(column, row), column.kind);
}

/** Numbers read best right-aligned. */
export function alignOf<Row>(column: DataTableColumn<Row>): 'left' | 'center' | 'right' {
  if (column.align) return column.align;
  return column.kind === 'cents' || column.kind === 'number' ? 'right' : 'left';
}
