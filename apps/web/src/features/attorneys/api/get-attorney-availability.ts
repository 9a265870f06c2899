import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { getAttorneyAvailability, type AvailabilityRequest } from '@/api/attorneys/availability.ts';

export interface AvailabilityParams {
  /** yyyy-MM-dd, the first and last day of the week range */
  startDate: string;
  endDate: string;
  /** Names, as the schedule entries carry them; empty means any. */
  lawType: string;
  jurisdiction: string;
  appointmentLength: AppointmentLength;
}

/** The availability drawer's question: each attorney's open slots per day of the week range. */
export function attorneyAvailabilityQueryOptions(params: AvailabilityParams) {
  const request: AvailabilityRequest = { ...params };
  return queryOptions({
    queryKey: attorneyKeys.availability(request),
    queryFn: ({ signal }) => getAttorneyAvailability(request, signal),
    // The table keeps last week's rows (dimmed) while the next week loads, instead of jumping.
    placeholderData: keepPreviousData,
  });
}

export function useAttorneyAvailability(params: AvailabilityParams, enabled: boolean) {
  return useQuery({ ...attorneyAvailabilityQueryOptions(params), enabled });
}
