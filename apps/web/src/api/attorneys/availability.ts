import type { z } from 'zod';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import type { AvailabilityRecord, availabilityRecordSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

/** What a screen asks of the attorneys' availability; the browser's offset is added here. */
export interface AvailabilityRequest {
  /** yyyy-MM-dd office dates, inclusive, at most 31 days apart */
  startDate: string;
  endDate: string;
  appointmentLength: AppointmentLength;
  /** One attorney (the calendar modal); absent means every attorney the caller may see. */
  attorneyId?: string;
  /** Names, as the schedule entries carry them; empty or absent means any. */
  lawType?: string;
  jurisdiction?: string;
  /** The free slots on the past side of now (booking in the past), instead of the future side. */
  schedulePast?: boolean;
}

/**
 * GET /api/v1/attorney/availability (SPEC §7 availability of all attorneys, and attorneyAvailability's
 * lawType and jurisdiction): per attorney, its office zone, its user id and, per day, whether it works and
 * its free slots, computed by the server from the weekly schedule, busy time and holidays (SPEC §5). The
 * booking modal asks for one day, the availability drawer for a week, the calendar modal for one attorney.
 */
export function getAttorneyAvailability(
  request: AvailabilityRequest,
  signal?: AbortSignal,
): Promise<AvailabilityRecord[]> {
  return apiRequest<z.ZodArray<typeof availabilityRecordSchema>>('/api/v1/attorney/availability', {
    query: {
      startDate: request.startDate,
      endDate: request.endDate,
      offset: browserOffsetHours(),
      appointmentLength: request.appointmentLength,
      attorneyId: request.attorneyId,
      lawType: request.lawType || undefined,
      jurisdiction: request.jurisdiction || undefined,
      schedulePast: request.schedulePast,
    },
    signal,
  });
}
