import { useQuery } from '@tanstack/react-query';
import { attorneyListResponseSchema, type AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import { apiRequest } from '@/lib/api-client.ts';

export const attorneysKey = ['attorney', 'allSchedule'] as const;

/** GET /api/v1/attorney/allSchedule: the attorneys the caller's ATTORNEY_SCHEDULE reaches, with isLitigation. */
export async function getAttorneys(signal?: AbortSignal): Promise<AttorneySummary[]> {
  return (await apiRequest('/api/v1/attorney/allSchedule', attorneyListResponseSchema, { signal })).items;
}

export function useAttorneys(enabled: boolean) {
  return useQuery({ queryKey: attorneysKey, queryFn: ({ signal }) => getAttorneys(signal), enabled });
}
