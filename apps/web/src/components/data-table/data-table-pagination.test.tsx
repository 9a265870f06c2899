import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { DataTable } from './data-table.tsx';
import { people, PERSON_COLUMNS, personId, renderWithMantine } from './test-utils.tsx';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('DataTable pagination', () => {
  it('shows up to 5 page numbers with ellipsis and moves with the keyboard-usable buttons', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(10)}
        getRowId={personId}
        totalCount={1000}
        pageSize={10}
        pageNumber={1}
        onPageChange={onPageChange}
      />,
    );
    expect(pageButtons()).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 100', 'Next page']);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('data-table-range').textContent).toBe('1–10 of 1,000');

    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 100' }));
    expect(onPageChange).toHaveBeenLastCalledWith(100);
  });

  it('says "1,000+" when the server stopped counting, and offers the page after the counted ones', () => {
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(10)}
        getRowId={personId}
        totalCount={1000}
        totalCountIsLowerBound
        pageSize={100}
        pageNumber={10}
      />,
    );
    expect(screen.getByTestId('data-table-range').textContent).toBe('901–1,000 of 1,000+');
    expect(pageButtons()).toContain('Page 11');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps its own page when not controlled', async () => {
    const user = userEvent.setup();
    renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={people(10)} getRowId={personId} totalCount={60} pageSize={10} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(screen.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
    expect(pageButtons()).toEqual(['Previous page', 'Page 1', 'Page 3', 'Page 4', 'Page 5', 'Page 6', 'Next page']);
  });

  it('offers All, 10, 25, 50, 100, 500, 1000 with 100 by default; All is a single page', async () => {
    const user = userEvent.setup();
    const onPageSizeChange = vi.fn();
    const onPageChange = vi.fn();
    renderWithMantine(
      <DataTable
        columns={PERSON_COLUMNS}
        rows={people(100)}
        getRowId={personId}
        totalCount={2500}
        pageNumber={3}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLInputElement;
    expect(select.value).toBe('100');
    await user.click(select);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', '10', '25', '50', '100', '500', '1000']);

    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(onPageSizeChange).toHaveBeenLastCalledWith(PAGE_SIZE_ALL);
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    expect(select.value).toBe('All');
    expect(pageButtons()).toEqual(['Previous page', 'Page 1', 'Next page']);
    expect(screen.getByTestId('data-table-range').textContent).toBe('2,500 records');
  });
});
