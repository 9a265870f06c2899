import { Button, MantineProvider, TextInput } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { DataTable } from '../data-table/data-table.tsx';
import { people, PERSON_COLUMNS, personId } from '../data-table/test-utils.tsx';
import { preferencesKey } from '../data-table/use-table-preferences.ts';
import { ListPage } from './list-page.tsx';
import { useListRequest } from './use-list-request.ts';

interface PeopleFilterValues {
  keyword: string;
}
const EMPTY: PeopleFilterValues = { keyword: '' };
const toFilter = (values: PeopleFilterValues) => {
  const keyword = values.keyword.trim();
  return keyword ? { searchKeyword: keyword } : {};
};
const SORTS = ['name', 'amount'] as const;

interface QueryStub {
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** A list screen as the feature pages build one; it shows the request it would send instead of sending it. */
function PeoplePage({ query }: { query: QueryStub }) {
  const list = useListRequest({ initialValues: EMPTY, toFilter, sorts: SORTS, pageName: 'leads' });
  return (
    <ListPage
      title="People"
      description="Everyone on file."
      actions={<Button>Export</Button>}
      filters={
        <TextInput
          aria-label="Search"
          value={list.values.keyword}
          onChange={(event) => list.setValues({ keyword: event.currentTarget.value })}
        />
      }
      query={query}
      errorTitle="People could not be loaded"
    >
      <output data-testid="request">{JSON.stringify(list.request)}</output>
      <DataTable
        {...list.table}
        label="People"
        columns={PERSON_COLUMNS}
        rows={people(10)}
        getRowId={personId}
        totalCount={1000}
      />
    </ListPage>
  );
}

function renderPage(query: QueryStub = { isError: false, refetch: () => Promise.resolve() }) {
  return render(
    <MantineProvider env="test">
      <PeoplePage query={query} />
    </MantineProvider>,
  );
}

const sent = () => JSON.parse(screen.getByTestId('request').textContent ?? '{}') as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('ListPage', () => {
  it('lays out title, description, actions, filters and the table, and names the browser tab', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(screen.getByText('Everyone on file.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('People · Casedesk');
  });

  it('says the list could not be loaded while its query has failed, and Retry asks again', () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderPage({ isError: true, refetch });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('People could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    // The rows of the last good answer stay below it.
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
  });
});

describe('useListRequest', () => {
  it('sends typing 300 ms after the last keystroke (SPEC §9), and a new filter from page 1', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderPage();
    expect(sent()).toEqual({ pageNumber: 1, pageSize: 100, filter: {} });

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(sent()).toMatchObject({ pageNumber: 3, filter: {} });

    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(search, { target: { value: 'ana ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    // Still the old filter, on the page the user was reading.
    expect(sent()).toMatchObject({ pageNumber: 3, filter: {} });

    act(() => vi.advanceTimersByTime(1));
    expect(sent()).toEqual({ pageNumber: 1, pageSize: 100, filter: { searchKeyword: 'ana' } });

    // Only spaces more: the same filter, so the page stays.
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.change(search, { target: { value: 'ana  ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(sent()).toMatchObject({ pageNumber: 2, filter: { searchKeyword: 'ana' } });
  });

  it('starts a new sort or page size at page 1 and remembers both for a named page (SPEC §2)', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(sent()).toEqual({ pageNumber: 1, pageSize: 100, sortBy: 'name', sortOrder: 'ASC', filter: {} });

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    expect(sent()).toMatchObject({ pageNumber: 1, pageSize: 25 });
    expect(JSON.parse(window.localStorage.getItem(preferencesKey('leads'))!)).toEqual({
      sort: { sortBy: 'name', sortOrder: 'ASC' },
      pageSize: 25,
    });
  });

  it('sends no sort the server does not offer (a remembered one from an older version)', () => {
    window.localStorage.setItem(
      preferencesKey('leads'),
      JSON.stringify({ sort: { sortBy: 'createdAt', sortOrder: 'DESC' } }),
    );
    renderPage();
    expect(sent()).toEqual({ pageNumber: 1, pageSize: 100, filter: {} });
  });
});
