import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { getAttorneyAvailability, type AvailabilityRequest } from '@/api/attorneys/availability.ts';

export interface BookingDayQuery {
  /** yyyy-MM-dd */
  date: string;
  appointmentLength: AppointmentLength;
  schedulePast: boolean;
}

/** The booking modal's question: the attorneys to choose from, each with its office zone and that day's slots. */
export function bookingAttorneysQueryOptions(query: BookingDayQuery) {
  const request: AvailabilityRequest = {
    startDate: query.date,
    endDate: query.date,
    appointmentLength: query.appointmentLength,
    schedulePast: query.schedulePast,
  };
  return queryOptions({
    queryKey: attorneyKeys.availability(request),
    queryFn: ({ signal }) => getAttorneyAvailability(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBookingAttorneys(query: BookingDayQuery, enabled = true) {
  return useQuery({ ...bookingAttorneysQueryOptions(query), enabled });
}
