import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { getAttorneyAvailability, type AvailabilityRequest } from '@/api/attorneys/availability.ts';
import { calendarEventsKey, getCalendarEvents } from '../../api/get-calendar-events.ts';
import { holidaysQueryOptions } from '@/api/calendar/holidays.ts';
import { fetchInstantsOf, fetchRangeOf, type VisibleRange } from '@/components/calendar/calendar-time.ts';
import { sameRange, useDelayedRange } from '@/components/calendar/use-delayed-range.ts';
import { dateChunks, indexAvailability } from './calendar-model.ts';

export interface AttorneyCalendarQuery {
  attorneyId: string;
  range: VisibleRange | null;
  appointmentLength: AppointmentLength;
  schedulePast: boolean;
  enabled: boolean;
}

/**
 * Everything the calendar modal shows for one attorney over the (delayed) visible range plus its margins:
 * the availability (office zone, user id, free slots and blocked days), then that user's calendar events
 * and the office's holidays. Each keeps its previous answer on screen while the next one loads.
 */
export function useAttorneyCalendar(query: AttorneyCalendarQuery) {
  const range = useDelayedRange(query.enabled ? query.range : null);
  const pending = !sameRange(range, query.range);
  const fetchRange = range ? fetchRangeOf(range) : null;

  const availabilityRequest: AvailabilityRequest = {
    attorneyId: query.attorneyId,
    startDate: fetchRange?.from ?? '',
    endDate: fetchRange?.to ?? '',
    appointmentLength: query.appointmentLength,
    schedulePast: query.schedulePast,
  };
  const availability = useQuery({
    queryKey: attorneyKeys.availabilityOverRange(availabilityRequest),
    queryFn: async ({ signal }) => {
      const chunks = dateChunks(fetchRange!.from, fetchRange!.to);
      const answers = await Promise.all(
        chunks.map((chunk) => getAttorneyAvailability({ ...availabilityRequest, ...chunk }, signal)),
      );
      return answers.flat();
    },
    enabled: query.enabled && fetchRange !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const info = availability.data?.[0];
  const timeZone = info?.timeZone;
  const instants = range && timeZone ? fetchInstantsOf(range, timeZone) : null;

  const events = useQuery({
    queryKey: calendarEventsKey({
      userId: info?.userId ?? '',
      startDateTime: instants?.startDateTime ?? '',
      endDateTime: instants?.endDateTime ?? '',
    }),
    queryFn: ({ signal }) => getCalendarEvents({ userId: info!.userId, ...instants! }, signal),
    enabled: query.enabled && Boolean(info && instants),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  // The query is off until the attorney and the range are known; the empty range is never asked for.
  const holidays = useQuery({
    ...holidaysQueryOptions({
      startDate: fetchRange?.from ?? '',
      endDate: fetchRange ? addDays(fetchRange.to, -1) : '',
      officeId: info?.officeId,
    }),
    enabled: query.enabled && Boolean(info && fetchRange),
    placeholderData: keepPreviousData,
  });

  const index = useMemo(() => indexAvailability(availability.data ?? []), [availability.data]);

  return {
    info,
    index,
    events: events.data ?? [],
    holidays: holidays.data ?? [],
    /** The attorney is unknown (or disabled): the availability answered with nobody. */
    notFound: availability.isSuccess && !availability.isPlaceholderData && availability.data.length === 0,
    isError: availability.isError || events.isError || holidays.isError,
    isLoading: pending || availability.isFetching || events.isFetching || holidays.isFetching,
    /** Nothing to show yet at all (first load). */
    isInitialLoading: !availability.data && !availability.isError,
    refetch: () => {
      void availability.refetch();
      void events.refetch();
      void holidays.refetch();
    },
  };
}
