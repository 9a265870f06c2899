import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { DataTable } from './data-table.tsx';
import { people, PERSON_COLUMNS, personId, renderWithMantine } from './test-utils.tsx';
import { preferencesKey, useTablePreferences } from './use-table-preferences.ts';

afterEach(() => window.localStorage.clear());

describe('useTablePreferences (SPEC §2 page names)', () => {
  it('defaults to page size 100 and no sort, then remembers changes per page name', () => {
    const leads = renderHook(() => useTablePreferences('leads'));
    expect(leads.result.current.pageSize).toBe(100);
    expect(leads.result.current.sort).toBeNull();
    act(() => leads.result.current.setPageSize(PAGE_SIZE_ALL));
    act(() => leads.result.current.setSort({ sortBy: 'name', sortOrder: 'DESC' }));
    expect(leads.result.current.pageSize).toBe(PAGE_SIZE_ALL);
    expect(JSON.parse(window.localStorage.getItem(preferencesKey('leads'))!)).toEqual({
      pageSize: PAGE_SIZE_ALL,
      sort: { sortBy: 'name', sortOrder: 'DESC' },
    });
    // Another page keeps its own.
    expect(renderHook(() => useTablePreferences('calls')).result.current.pageSize).toBe(100);
  });

  it('keeps two readers of the same page in step', () => {
    const a = renderHook(() => useTablePreferences('appointments'));
    const b = renderHook(() => useTablePreferences('appointments'));
    act(() => a.result.current.setPageSize(25));
    expect(b.result.current.pageSize).toBe(25);
  });

  it('ignores stored values that are not valid', () => {
    window.localStorage.setItem(preferencesKey('allAccounts'), '{"pageSize":7,"sort":{"sortBy":"x","sortOrder":"UP"}}');
    const prefs = renderHook(() => useTablePreferences('allAccounts', { sort: { sortBy: 'id', sortOrder: 'ASC' } }));
    expect(prefs.result.current.pageSize).toBe(100);
    expect(prefs.result.current.sort).toEqual({ sortBy: 'id', sortOrder: 'ASC' });
    window.localStorage.setItem(preferencesKey('calls'), 'not json');
    expect(renderHook(() => useTablePreferences('calls')).result.current.pageSize).toBe(100);
  });

  it('stores nothing without a page name', () => {
    const prefs = renderHook(() => useTablePreferences(undefined));
    act(() => prefs.result.current.setPageSize(10));
    expect(prefs.result.current.pageSize).toBe(100);
    expect(window.localStorage.length).toBe(0);
  });
});

describe('DataTable with a page name', () => {
  it('restores the remembered sort and page size on the next visit', async () => {
    const user = userEvent.setup();
    const first = renderWithMantine(
      <DataTable columns={PERSON_COLUMNS} rows={people(3)} getRowId={personId} pageName="leads" />,
    );
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '25' }));
    first.unmount();

    renderWithMantine(<DataTable columns={PERSON_COLUMNS} rows={people(3)} getRowId={personId} pageName="leads" />);
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLInputElement).value).toBe('25');
  });
});
