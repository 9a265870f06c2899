import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';
import type { TableSort } from './data-table-types.ts';
import { people, PERSON_COLUMNS, personId, renderWithMantine } from './test-utils.tsx';

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable cells', () => {
  it('shows cents with two decimals, phones masked and dates as MM-DD-YYYY', () => {
    renderWithMantine(<DataTable columns={PERSON_COLUMNS} rows={people(2)} getRowId={personId} />);
    const cells = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Person 1', '(213) 555-0000', '10.45', '03-09-2024']);
  });
});

describe('DataTable sort (SPEC §4)', () => {
  it('cycles ascending → descending → none and emits sortBy/sortOrder', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(sort: TableSort | null) => void>();
    renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={people(3)} getRowId={personId} onSortChange={onSortChange} />,
    );
    const button = screen.getByRole('button', { name: 'Name' });
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    await user.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortOrder: 'ASC' });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    await user.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortOrder: 'DESC' });
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');

    await user.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
  });

  it('starts ascending on another column, with its server sort key, for numbers too', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(sort: TableSort | null) => void>();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(3)}
        getRowId={personId}
        sort={{ sortBy: 'name', sortOrder: 'DESC' }}
        onSortChange={onSortChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: 'amount', sortOrder: 'ASC' });
  });

  it('follows a controlled sort and has no sort button on unsortable columns', () => {
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(3)}
        getRowId={personId}
        sort={{ sortBy: 'amount', sortOrder: 'DESC' }}
      />,
    );
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Phone').getAttribute('aria-sort')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Phone' })).toBeNull();
  });

  it('goes back to page 1 when the sort changes', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(10)}
        getRowId={personId}
        totalCount={500}
        pageSize={10}
        pageNumber={3}
        onPageChange={onPageChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});

describe('DataTable selection (SPEC §2: max selectable default 5)', () => {
  it('stops at five rows, disables the other checkboxes and says why', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn<(ids: string[]) => void>();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(7)}
        getRowId={personId}
        selectable
        onSelectionChange={onSelectionChange}
        getRowLabel={(p) => `Select ${p.name}`}
      />,
    );
    for (let i = 1; i <= 5; i += 1) await user.click(screen.getByRole('checkbox', { name: `Select Person ${i}` }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p1', 'p2', 'p3', 'p4', 'p5']);

    const sixth = screen.getByRole('checkbox', { name: 'Select Person 6' }) as HTMLInputElement;
    expect(sixth.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Person 1' }) as HTMLInputElement).disabled).toBe(false);
    await user.click(sixth);
    expect(onSelectionChange).toHaveBeenCalledTimes(5);
    expect(sixth.checked).toBe(false);

    // The tooltip: a title on the wrapper (a disabled input gets no pointer events) and, for
    // assistive technology, the same words as the checkbox's description.
    expect(sixth.parentElement!.title).toBe('You can select up to 5 rows');
    expect(document.getElementById(sixth.getAttribute('aria-describedby')!)!.textContent).toBe(
      'You can select up to 5 rows',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p1', 'p3', 'p4', 'p5']);
    expect((screen.getByRole('checkbox', { name: 'Select Person 6' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('honours another maximum and a controlled selection', () => {
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(4)}
        getRowId={personId}
        selectable
        maxSelectable={2}
        selectedIds={['p1', 'p3']}
      />,
    );
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
  });

  it('a row click does not fire when the checkbox is used', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={people(2)} getRowId={personId} selectable onRowClick={onRowClick} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(screen.getByText('Person 2'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }));
  });
});

describe('DataTable states', () => {
  it('shows 10 skeleton rows while loading (SPEC §9)', () => {
    renderWithMantine(<DataTable columns={PERSON_COLUMNS} rows={[]} getRowId={personId} loading />);
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty state when there are no rows', () => {
    renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={[]} getRowId={personId} emptyState="No leads match the filters" />,
    );
    expect(screen.getByTestId('data-table-empty').textContent).toBe('No leads match the filters');
  });

  it('renders the totals row under its columns', () => {
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(3)}
        getRowId={personId}
        selectable
        totals={{ amountCents: 123456 }}
      />,
    );
    const cells = within(screen.getByTestId('data-table-totals')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['', 'Total', '', '1,234.56', '']);
    expect(cells[3]!.style.textAlign).toBe('right');
  });

  it('applies row styles', () => {
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(2)}
        getRowId={personId}
        rowStyle={(p) => (p.id === 'p2' ? { backgroundColor: 'pink' } : undefined)}
      />,
    );
    expect(bodyRows()[1]!.style.backgroundColor).toBe('pink');
    expect(bodyRows()[0]!.style.backgroundColor).toBe('');
  });
});
