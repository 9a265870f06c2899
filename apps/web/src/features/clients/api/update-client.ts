import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDetail, clientDetailSchema, UpdateClientInput } from '@casedesk/contract/clients/client';
import { clientKeys } from '@/api/clients/client.ts';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /api/v1/client?id=… A 400 carries field errors the form shows under its fields, so it is no popup. */
export function updateClient(id: string, body: UpdateClientInput): Promise<ClientDetail> {
  return apiRequest<typeof clientDetailSchema>('/api/v1/client', {
    method: 'PUT',
    query: { id },
    body,
    handledStatuses: [400],
  });
}

export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientInput) => updateClient(id, body),
    onSuccess: async () => {
      // A lead shows its client (the inquiry embeds the name and phones): both modules' views are refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
      ]);
    },
  });
}
