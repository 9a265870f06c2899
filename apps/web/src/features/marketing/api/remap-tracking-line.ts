import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { trackingLineDetailSchema, TrackingLineRemap } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** PUT /api/v1/dnis/{id}: re-map a line from a date on (never before now). */
export function remapTrackingLine(id: string, body: TrackingLineRemap) {
  return apiRequest<typeof trackingLineDetailSchema>(`/api/v1/dnis/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    handledStatuses: [400, 403],
  });
}

export function useRemapTrackingLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TrackingLineRemap }) => remapTrackingLine(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKeys.all }),
  });
}
