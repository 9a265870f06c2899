import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeDetail, officeDetailSchema } from '@casedesk/contract/offices/office';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';

/** GET /api/v1/office/{officeId}: one office with its numbers and time zone. */
export function getOffice(officeId: string, signal?: AbortSignal): Promise<OfficeDetail> {
  return apiRequest<typeof officeDetailSchema>(`/api/v1/office/${encodeURIComponent(officeId)}`, {
    signal,
    // The page says "not found" itself (404 also covers an office outside the caller's reach).
    handledStatuses: [404],
  });
}

export function officeQueryOptions(officeId: string) {
  return queryOptions({
    queryKey: officeKeys.detail(officeId),
    queryFn: ({ signal }) => getOffice(officeId, signal),
    retry: false,
  });
}

export function useOffice(officeId: string) {
  return useQuery(officeQueryOptions(officeId));
}
