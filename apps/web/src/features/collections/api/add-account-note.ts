import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { collectionAccountNoteSchema, timelineItemSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export type AccountNote = z.input<typeof collectionAccountNoteSchema>;

/** POST /api/v1/collectionAccount/note: a note on the account's timeline; answers the new timeline item. */
export function addAccountNote(body: AccountNote) {
  return apiRequest<typeof timelineItemSchema>('/api/v1/collectionAccount/note', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

export function useAddAccountNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccountNote,
    onSuccess: (_answer, note) => queryClient.invalidateQueries({ queryKey: collectionKeys.account(note.accountId) }),
  });
}
