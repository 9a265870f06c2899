import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadListRequestInput, leadListResponseSchema } from '@casedesk/contract/inquiries/lead-list';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/inquiry/all: one page of leads for the current filter and sort (SPEC §2). */
export function listLeads(request: LeadListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof leadListResponseSchema>('/api/v1/inquiry/all', { method: 'POST', body: request, signal });
}

export function leadsQueryOptions(request: LeadListRequestInput) {
  return queryOptions({
    queryKey: inquiryKeys.list(request),
    queryFn: ({ signal }) => listLeads(request, signal),
  });
}

/** The page being shown stays while the next one loads, so the table does not jump. */
export function useLeads(request: LeadListRequestInput) {
  return useQuery({ ...leadsQueryOptions(request), placeholderData: keepPreviousData });
}
