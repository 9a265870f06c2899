import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackingLineCreate, trackingLineDetailSchema } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** POST /api/v1/dnis: a new line (from an unresolved number, possibly from a past date). */
export function createTrackingLine(body: TrackingLineCreate) {
  return apiRequest<typeof trackingLineDetailSchema>('/api/v1/dnis', {
    method: 'POST',
    body,
    // The form shows the field messages and the 409 of a number already in use beside the fields.
    handledStatuses: [400, 403, 409],
  });
}

export function useCreateTrackingLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackingLine,
    // Lines, counts, unresolved numbers and attribution all change when a number gets a line.
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKeys.all }),
  });
}
