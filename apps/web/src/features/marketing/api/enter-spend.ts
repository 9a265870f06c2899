import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpendEntry, spendEntryResultSchema } from '@casedesk/contract/marketing/attribution';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** PUT /api/v1/dnis/spend: what a source cost in a month (the newest entry counts). */
export function enterSpend(body: SpendEntry) {
  return apiRequest<typeof spendEntryResultSchema>('/api/v1/dnis/spend', {
    method: 'PUT',
    body,
    handledStatuses: [400],
  });
}

export function useEnterSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterSpend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKeys.attribution() }),
  });
}
