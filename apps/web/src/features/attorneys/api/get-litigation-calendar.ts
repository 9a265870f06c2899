import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LitigationEvent, litigationEventSchema } from '@casedesk/contract/calendar/litigation';
import { apiRequest } from '@/lib/api-client.ts';

export interface LitigationCalendarQuery {
  startDateTime: string;
  endDateTime: string;
  attorneyId?: string;
}

/** GET /api/v1/attorney/litigationCalendar: arbitration, mediation and trial events of litigation attorneys. */
export function getLitigationCalendar(
  query: LitigationCalendarQuery,
  signal?: AbortSignal,
): Promise<LitigationEvent[]> {
  return apiRequest<z.ZodArray<typeof litigationEventSchema>>('/api/v1/attorney/litigationCalendar', {
    query: { ...query },
    signal,
  });
}

/** The previous events stay on screen while the next range loads. */
export function useLitigationCalendar(query: LitigationCalendarQuery | null) {
  return useQuery({
    queryKey: ['litigation-calendar', query],
    queryFn: ({ signal }) => getLitigationCalendar(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
