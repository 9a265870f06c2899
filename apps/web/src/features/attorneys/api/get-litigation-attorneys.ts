import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LitigationAttorneyOption, litigationAttorneyOptionSchema } from '@casedesk/contract/calendar/litigation';
import { apiRequest } from '@/lib/api-client.ts';

export const litigationAttorneysKey = ['dropdown', 'litigationAttorneys'] as const;

/** GET /api/v1/dropdown/litigationAttorneys: the litigation attorneys of the caller's offices, by name. */
export function getLitigationAttorneys(signal?: AbortSignal): Promise<LitigationAttorneyOption[]> {
  return apiRequest<z.ZodArray<typeof litigationAttorneyOptionSchema>>('/api/v1/dropdown/litigationAttorneys', {
    signal,
  });
}

export function useLitigationAttorneys() {
  return useQuery({ queryKey: litigationAttorneysKey, queryFn: ({ signal }) => getLitigationAttorneys(signal) });
}
