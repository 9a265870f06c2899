import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { ROW_HEIGHT } from './use-row-window.ts';
import { DataTable } from './data-table.tsx';
import { people, PERSON_COLUMNS, personId, renderWithMantine } from './test-utils.tsx';

// happy-dom does no layout: give the scrolling body the height a browser would.
const VIEWPORT = 360;
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'data-table-scroller' ? VIEWPORT : 0;
    },
  });
});
afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
});

const renderedRows = () => within(screen.getByRole('table')).getAllByRole('row');

describe('DataTable virtualization (page size All)', () => {
  it('renders only the rows in view and the last row once scrolled to the bottom', () => {
    const rows = people(50_000);
    renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={rows} getRowId={personId} pageSize={PAGE_SIZE_ALL} selectable />,
    );
    expect(renderedRows().length).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('50001');
    expect(screen.getByText('Person 1')).toBeTruthy();

    const scroller = screen.getByTestId('data-table-scroller');
    act(() => {
      scroller.scrollTop = 50_000 * ROW_HEIGHT;
      fireEvent.scroll(scroller);
    });
    expect(screen.getByText('Person 50000')).toBeTruthy();
    expect(screen.queryByText('Person 1')).toBeNull();
    expect(renderedRows().length).toBeLessThan(60);
  });

  it('selects rows of the window in view by their ids', () => {
    const onSelectionChange = vi.fn<(ids: string[]) => void>();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(5_000)}
        getRowId={personId}
        pageSize={PAGE_SIZE_ALL}
        selectable
        onSelectionChange={onSelectionChange}
      />,
    );
    const scroller = screen.getByTestId('data-table-scroller');
    act(() => {
      scroller.scrollTop = 3_000 * ROW_HEIGHT;
      fireEvent.scroll(scroller);
    });
    const row = screen.getByText('Person 3001').closest('tr')!;
    expect(row.getAttribute('aria-rowindex')).toBe('3002');
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p3001']);
  });

  it('renders every row of a normal page', () => {
    renderWithMantine(<DataTable columns={PERSON_COLUMNS} rows={people(100)} getRowId={personId} />);
    expect(renderedRows()).toHaveLength(101);
  });
});
