import { useQuery } from '@tanstack/react-query';
import type { accessAtSchema, accessHistorySchema } from '@casedesk/contract/access/access-admin';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** GET /api/v1/accessControl/user/{userId}/history: audited changes, newest first, with their reasons. */
export function getAccessHistory(userId: string, signal?: AbortSignal) {
  return apiRequest<typeof accessHistorySchema>(`/api/v1/accessControl/user/${encodeURIComponent(userId)}/history`, {
    signal,
  });
}

export function useAccessHistory(userId: string) {
  return useQuery({ queryKey: accessKeys.history(userId), queryFn: ({ signal }) => getAccessHistory(userId, signal) });
}

/** GET /api/v1/accessControl/accessAt: the role, status, office and permissions the user had at `at`. */
export function getAccessAt(userId: string, at: string, signal?: AbortSignal) {
  return apiRequest<typeof accessAtSchema>('/api/v1/accessControl/accessAt', { query: { userId, at }, signal });
}

export function useAccessAt(userId: string, at: string | null) {
  return useQuery({
    queryKey: accessKeys.accessAt(userId, at ?? ''),
    queryFn: ({ signal }) => getAccessAt(userId, at!, signal),
    enabled: at !== null,
  });
}
