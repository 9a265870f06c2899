import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AttorneySchedule,
  attorneyScheduleSchema,
  attorneyScheduleWriteSchema,
} from '@casedesk/contract/attorneys/attorney-schedule';
import { apiRequest } from '@/lib/api-client.ts';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';

export type ScheduleWrite = z.output<typeof attorneyScheduleWriteSchema>;

/** PUT /api/v1/attorney/{attorneyId}/availability (SPEC §7): replaces the whole weekly schedule. */
export function saveAttorneySchedule(attorneyId: string, body: ScheduleWrite): Promise<AttorneySchedule> {
  return apiRequest<typeof attorneyScheduleSchema>(`/api/v1/attorney/${encodeURIComponent(attorneyId)}/availability`, {
    method: 'PUT',
    body,
    // The editor shows 400s (the spec's validation messages) beside the schedule itself.
    handledStatuses: [400],
  });
}

export function useSaveAttorneySchedule(attorneyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleWrite) => saveAttorneySchedule(attorneyId, body),
    onSuccess: (saved) => queryClient.setQueryData(attorneyKeys.schedule(attorneyId), saved),
    // The list counts schedule entries; availability depends on the hours.
    onSettled: () => queryClient.invalidateQueries({ queryKey: attorneyKeys.list() }),
  });
}
