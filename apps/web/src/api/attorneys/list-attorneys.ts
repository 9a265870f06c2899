import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttorneyListResponse, attorneyListResponseSchema } from '@casedesk/contract/attorneys/attorney-list';
import { apiRequest } from '@/lib/api-client.ts';
import { attorneyKeys } from './attorney-keys.ts';

/**
 * GET /api/v1/attorney/allSchedule (SPEC §7 Attorney): the attorneys the caller's ATTORNEY_SCHEDULE READ
 * reaches, by name, with isLitigation. The one reader of this endpoint: the attorney pages, the litigation
 * panel and the appointment list's filter all use it.
 */
export function listAttorneys(signal?: AbortSignal): Promise<AttorneyListResponse> {
  return apiRequest<typeof attorneyListResponseSchema>('/api/v1/attorney/allSchedule', { signal });
}

export function attorneysQueryOptions() {
  return queryOptions({ queryKey: attorneyKeys.list(), queryFn: ({ signal }) => listAttorneys(signal) });
}

/** `enabled`: false for a caller without ATTORNEY_SCHEDULE READ (the screen then does without the list). */
export function useAttorneys(enabled = true) {
  return useQuery({ ...attorneysQueryOptions(), enabled });
}
