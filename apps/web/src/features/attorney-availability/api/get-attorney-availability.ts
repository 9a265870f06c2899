import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availabilityRecordSchema, type AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

const availabilityListSchema = z.array(availabilityRecordSchema);

export interface AvailabilityParams {
  /** yyyy-MM-dd, the first and last day of the week range */
  startDate: string;
  endDate: string;
  /** Names, as the schedule entries carry them; empty means any. */
  lawType: string;
  jurisdiction: string;
  appointmentLength: AppointmentLength;
}

/**
 * GET /api/v1/attorney/availability (SPEC §7: startDate, endDate, offset; attorneyAvailability's lawType
 * and jurisdiction): each attorney's open slots per day of the week range.
 */
export function getAttorneyAvailability(
  params: AvailabilityParams,
  signal?: AbortSignal,
): Promise<AvailabilityRecord[]> {
  return apiRequest('/api/v1/attorney/availability', availabilityListSchema, {
    query: {
      startDate: params.startDate,
      endDate: params.endDate,
      offset: browserOffsetHours(),
      lawType: params.lawType || undefined,
      jurisdiction: params.jurisdiction || undefined,
      appointmentLength: params.appointmentLength,
    },
    signal,
  });
}

export function attorneyAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({
    queryKey: ['attorney-availability', 'week', params],
    queryFn: ({ signal }) => getAttorneyAvailability(params, signal),
    // The table keeps last week's rows (dimmed) while the next week loads, instead of jumping.
    placeholderData: keepPreviousData,
  });
}

export function useAttorneyAvailability(params: AvailabilityParams, enabled: boolean) {
  return useQuery({ ...attorneyAvailabilityQueryOptions(params), enabled });
}
