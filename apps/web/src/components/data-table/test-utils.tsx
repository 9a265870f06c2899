import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { DataTableColumn } from './data-table-types.ts';

/** Mantine without transitions or portals delays, as its own tests run it. */
export function renderWithMantine(ui: ReactElement) {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}

export interface Person {
  id: string;
  name: string;
  phone: string;
  amountCents: number;
  createdAt: string;
}

export function people(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Person ${i + 1}`,
    phone: `213555${String(i).padStart(4, '0')}`,
    amountCents: 1000 * (i + 1) + 45,
    createdAt: '2024-03-09',
  }));
}

export const PERSON_COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'phone', header: 'Phone', kind: 'phone' },
  { id: 'amountCents', header: 'Amount', kind: 'cents', sortable: true, sortKey: 'amount' },
  { id: 'createdAt', header: 'Date', kind: 'date', sortable: true },
];

export const personId = (p: Person) => p.id;
