import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeListRequestInput, officeListResponseSchema } from '@casedesk/contract/offices/office';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';

/** POST /api/v1/office/all: one page of offices (SPEC §2 offices headers) for the filter and sort. */
export function listOffices(request: OfficeListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof officeListResponseSchema>('/api/v1/office/all', { method: 'POST', body: request, signal });
}

export function officesQueryOptions(request: OfficeListRequestInput) {
  return queryOptions({ queryKey: officeKeys.list(request), queryFn: ({ signal }) => listOffices(request, signal) });
}

/** The page being shown stays while the next one loads. */
export function useOffices(request: OfficeListRequestInput) {
  return useQuery({ ...officesQueryOptions(request), placeholderData: keepPreviousData });
}
