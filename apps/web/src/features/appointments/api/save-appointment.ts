import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveAppointment } from '@casedesk/contract/appointments/appointment';
import type { SavedAppointment, savedAppointmentSchema } from '@casedesk/contract/appointments/appointment-link';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

/** Refusals the book modal shows itself: 400 field errors, 409 the slot is taken (SPEC §5), 422 business rules. */
export const SAVE_APPOINTMENT_INLINE_STATUSES = [400, 409, 422] as const;

export type SaveAppointmentInput = Omit<SaveAppointment, 'offset' | 'appointmentStageId'>;

/**
 * PUT /api/v1/appointment (SPEC §3 save payload, SPEC §7): books the inquiry's appointment, or with
 * appointmentId moves it. The stage is the server's default (117, SPEC §9); offset is the browser's. The
 * answer says what became of the welcome text.
 */
export function saveAppointment(body: SaveAppointmentInput): Promise<SavedAppointment> {
  return apiRequest<typeof savedAppointmentSchema>('/api/v1/appointment', {
    method: 'PUT',
    body: { ...body, offset: browserOffsetHours() },
    handledStatuses: SAVE_APPOINTMENT_INLINE_STATUSES,
  });
}

export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointment,
    // Booked or refused, the attorney's free time may have changed meanwhile: read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: attorneyKeys.availabilities() }),
  });
}
