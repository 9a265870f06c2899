import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { draftSchema } from '@casedesk/contract/mail/draft';
import { DRAFT_PART, type Draft, type DraftWriteInput } from '@casedesk/contract/mail/draft';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** Refusals the drafts panel shows itself (403 four-eyes, 409 frozen or already gone out); no error popup. */
const DRAFT_REFUSALS = [400, 403, 404, 409, 422] as const;

/**
 * A draft's write changes the drafts list (under mail), and approving, sending or printing one adds to the
 * outbox, the letters and the account's timeline (collections' key, named here as data: a feature does not
 * import another, DESIGN §2).
 */
function refreshAfterDraft(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mailKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['collections', 'accounts'] }),
  ]);
}

export interface SaveDraftInput {
  draft: DraftWriteInput;
  /** New files (e-mail drafts only), added after the kept ones. */
  attachments: readonly File[];
}

/**
 * PUT /api/v1/draft: creates (no id) or replaces a draft. With files it is multipart, a "draft" part holding the
 * JSON and one "attachments" part per file (as mail/sendMail); without, the JSON itself.
 */
export function saveDraft({ draft, attachments }: SaveDraftInput): Promise<Draft> {
  let body: unknown = draft;
  if (attachments.length > 0) {
    const form = new FormData();
    // A plain field: the server reads the draft part as a form field, the files as file parts.
    form.append(DRAFT_PART, JSON.stringify(draft));
    for (const file of attachments) form.append('attachments', file, file.name);
    body = form;
  }
  return apiRequest<typeof draftSchema>('/api/v1/draft', { method: 'PUT', body, handledStatuses: DRAFT_REFUSALS });
}

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDraft, onSuccess: () => refreshAfterDraft(queryClient) });
}

/** DELETE /api/v1/draft?id=: discards a draft not yet approved. */
export function discardDraft(id: string): Promise<Draft> {
  return apiRequest<typeof draftSchema>('/api/v1/draft', {
    method: 'DELETE',
    query: { id },
    handledStatuses: DRAFT_REFUSALS,
  });
}

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardDraft, onSuccess: () => refreshAfterDraft(queryClient) });
}

export type DraftStep = 'approve' | 'send' | 'print';

/** POST /api/v1/draft/approve|send|print { id }: four-eyes approval, then e-mailing or printing it as approved. */
export function stepDraft(input: { id: string; step: DraftStep }): Promise<Draft> {
  return apiRequest<typeof draftSchema>(`/api/v1/draft/${input.step}`, {
    method: 'POST',
    body: { id: input.id },
    handledStatuses: DRAFT_REFUSALS,
  });
}

export function useDraftStep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stepDraft, onSuccess: () => refreshAfterDraft(queryClient) });
}
