import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { trackingLineDetailSchema } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** PATCH /api/v1/dnis/{id}/deactivate: the number stops resolving from now on. */
export function deactivateTrackingLine(id: string) {
  return apiRequest<typeof trackingLineDetailSchema>(`/api/v1/dnis/${encodeURIComponent(id)}/deactivate`, {
    method: 'PATCH',
  });
}

export function useDeactivateTrackingLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateTrackingLine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKeys.all }),
  });
}
