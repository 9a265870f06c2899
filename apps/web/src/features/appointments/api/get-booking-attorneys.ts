import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availabilityRecordSchema, type AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

const availabilityListSchema = z.array(availabilityRecordSchema);

export interface BookingDayQuery {
  /** yyyy-MM-dd */
  date: string;
  appointmentLength: AppointmentLength;
  schedulePast: boolean;
}

/**
 * GET /api/v1/attorney/availability for one day (SPEC §7 availability of all attorneys): the attorneys
 * to choose from, each with its office time zone and that day's open slots.
 */
export function getBookingAttorneys(query: BookingDayQuery, signal?: AbortSignal): Promise<AvailabilityRecord[]> {
  return apiRequest('/api/v1/attorney/availability', availabilityListSchema, {
    query: {
      startDate: query.date,
      endDate: query.date,
      offset: browserOffsetHours(),
      appointmentLength: query.appointmentLength,
      schedulePast: query.schedulePast,
    },
    signal,
  });
}

export function bookingAttorneysQueryOptions(query: BookingDayQuery) {
  return queryOptions({
    queryKey: ['attorney-availability', 'day', query],
    queryFn: ({ signal }) => getBookingAttorneys(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBookingAttorneys(query: BookingDayQuery, enabled = true) {
  return useQuery({ ...bookingAttorneysQueryOptions(query), enabled });
}
