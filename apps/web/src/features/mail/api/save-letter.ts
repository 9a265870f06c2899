import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Letter, letterSchema, SaveLetterRequestInput } from '@casedesk/contract/mail/letter';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** POST /api/v1/mail/saveLetter: prints the letter on the office's letterhead and saves it on the client. */
export function saveLetter(body: SaveLetterRequestInput): Promise<Letter> {
  return apiRequest<typeof letterSchema>('/api/v1/mail/saveLetter', {
    method: 'POST',
    body,
    handledStatuses: [400, 403, 404, 422],
  });
}

export function useSaveLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
