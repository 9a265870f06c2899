import { queryOptions, useQuery } from '@tanstack/react-query';
import { attorneyListResponseSchema, type AttorneyListResponse } from '@casedesk/contract/attorneys/attorney-list';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/attorney/allSchedule (SPEC §7 Attorney): the attorneys of the caller's offices, by name. */
export function listAttorneys(signal?: AbortSignal): Promise<AttorneyListResponse> {
  return apiRequest('/api/v1/attorney/allSchedule', attorneyListResponseSchema, { signal });
}

export function attorneysQueryOptions() {
  return queryOptions({ queryKey: ['attorneys', 'allSchedule'], queryFn: ({ signal }) => listAttorneys(signal) });
}

export function useAttorneys() {
  return useQuery(attorneysQueryOptions());
}
