interface ListQueryStatus {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/**
 * A list shows its loading state on the first load and while another page, sort or filter loads over
 * the previous rows (placeholderData: keepPreviousData); not during a background refetch of the rows
 * already on screen.
 */
export function isLoadingRows(query: ListQueryStatus): boolean {
  return query.isPending || (query.isFetching && query.isPlaceholderData);
}
