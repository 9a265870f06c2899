import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { litigationAttorneyOptionSchema, type LitigationAttorneyOption } from '@casedesk/contract/calendar/litigation';
import { apiRequest } from '@/lib/api-client.ts';

const optionListSchema = z.array(litigationAttorneyOptionSchema);

export const litigationAttorneysKey = ['dropdown', 'litigationAttorneys'] as const;

/** GET /api/v1/dropdown/litigationAttorneys: the litigation attorneys of the caller's offices, by name. */
export function getLitigationAttorneys(signal?: AbortSignal): Promise<LitigationAttorneyOption[]> {
  return apiRequest('/api/v1/dropdown/litigationAttorneys', optionListSchema, { signal });
}

export function useLitigationAttorneys() {
  return useQuery({ queryKey: litigationAttorneysKey, queryFn: ({ signal }) => getLitigationAttorneys(signal) });
}
