import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClientMergeResponse,
  clientMergeResponseSchema,
  MergeFieldChoices,
} from '@casedesk/contract/clients/client-merge';
import { clientKeys } from '@/api/clients/client.ts';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';
import { apiRequest } from '@/lib/api-client.ts';

export interface MergeClientsBody {
  survivorId: string;
  mergedId: string;
  fields: MergeFieldChoices;
}

/** POST /api/v1/client/merge (SPEC §7). A 409 (already merged) goes to the error popup with its message. */
export function mergeClients(body: MergeClientsBody): Promise<ClientMergeResponse> {
  return apiRequest<typeof clientMergeResponseSchema>('/api/v1/client/merge', { method: 'POST', body });
}

export function useMergeClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeClients,
    onSuccess: async () => {
      // A lead shows its client (the inquiry embeds the name and phones): both modules' views are refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
      ]);
    },
  });
}
