import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { useListPaging, type ListPageRequest, type ListPaging, type ListPagingOptions } from './use-list-paging.ts';

export interface ListRequestOptions<Values, Filter, SortBy extends string> extends ListPagingOptions<SortBy> {
  /** The filter inputs' values before the user changes them (the empty filter). */
  initialValues: Values;
  /**
   * The values as the server's filter: trimmed, blanks left out. A module function (or a memoised one:
   * a new function recomputes the filter, as when the appointments week changes).
   */
  toFilter: (values: Values) => Filter;
}

export interface ListRequest<Values, Filter, SortBy extends string> extends ListPaging<SortBy> {
  /** What the filter inputs show, as typed. */
  values: Values;
  setValues: (values: Values) => void;
  /** The filter being sent: the values of 300 ms ago. */
  filter: Filter;
  /** Page, size, sort and filter: the list query's request. */
  request: ListPageRequest<SortBy> & { filter: Filter };
}

/**
 * The request of a filtered, server-paged list (SPEC §2 shared table page): filter values, a debounced
 * filter, page, size and sort. A different filter starts again at page 1, when it is sent (not at each
 * keystroke, which would fetch page 1 of the old filter first).
 */
export function useListRequest<Values, Filter, SortBy extends string>({
  initialValues,
  toFilter,
  ...pagingOptions
}: ListRequestOptions<Values, Filter, SortBy>): ListRequest<Values, Filter, SortBy> {
  const [values, setValues] = useState(initialValues);
  // SPEC §9: typing waits 300 ms; every change of the values restarts the wait.
  const [debounced] = useDebouncedValue(values, SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => toFilter(debounced), [toFilter, debounced]);
  const paging = useListPaging(pagingOptions);

  const filterKey = JSON.stringify(filter);
  const [sentKey, setSentKey] = useState(filterKey);
  if (sentKey !== filterKey) {
    // Adjusted while rendering: the request of the new filter asks for page 1 straight away.
    setSentKey(filterKey);
    paging.setPageNumber(1);
  }

  return { ...paging, values, setValues, filter, request: { ...paging.page, filter } };
}
