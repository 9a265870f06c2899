import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttorneySchedule, attorneyScheduleSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import { apiRequest } from '@/lib/api-client.ts';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';

/** GET /api/v1/attorney/{attorneyId}/availability (SPEC §7): the attorney's weekly schedule, office wall-clock hours. */
export function getAttorneySchedule(attorneyId: string, signal?: AbortSignal): Promise<AttorneySchedule> {
  return apiRequest<typeof attorneyScheduleSchema>(`/api/v1/attorney/${encodeURIComponent(attorneyId)}/availability`, {
    signal,
    // The page says "not found" itself (404 also covers an attorney outside the caller's offices).
    handledStatuses: [404],
  });
}

export function attorneyScheduleQueryOptions(attorneyId: string) {
  return queryOptions({
    queryKey: attorneyKeys.schedule(attorneyId),
    queryFn: ({ signal }) => getAttorneySchedule(attorneyId, signal),
    retry: false,
  });
}

export function useAttorneySchedule(attorneyId: string) {
  return useQuery(attorneyScheduleQueryOptions(attorneyId));
}
