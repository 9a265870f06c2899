import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  UserDirectoryEntry,
  UserDirectoryRequest,
  userDirectoryResponseSchema,
} from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';

export type UserDirectoryParams = Pick<UserDirectoryRequest, 'pageNumber' | 'pageSize' | 'sortBy' | 'sortOrder'> & {
  searchKeyword: string;
};

/** POST /api/v1/user/directory (pageNumber, pageSize, sortBy, sortOrder, filter.searchKeyword: SPEC §7). */
export function searchUserDirectory(params: UserDirectoryParams, signal?: AbortSignal) {
  const { searchKeyword, ...paging } = params;
  const keyword = searchKeyword.trim();
  return apiRequest<typeof userDirectoryResponseSchema>('/api/v1/user/directory', {
    method: 'POST',
    body: { ...paging, filter: keyword ? { searchKeyword: keyword } : {} },
    signal,
  });
}

export function userDirectoryQueryOptions(params: UserDirectoryParams) {
  return queryOptions({
    queryKey: ['user', 'directory', params],
    queryFn: ({ signal }) => searchUserDirectory(params, signal),
  });
}

/** The page being shown stays while the next one loads, so the table does not jump. */
export function useUserDirectory(params: UserDirectoryParams, enabled = true) {
  return useQuery({ ...userDirectoryQueryOptions(params), enabled, placeholderData: keepPreviousData });
}

export type { UserDirectoryEntry };
