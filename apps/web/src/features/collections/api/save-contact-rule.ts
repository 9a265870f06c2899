import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { contactRuleSchema, ContactRuleWrite } from '@casedesk/contract/collections/contact-rules';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * PUT /api/v1/collectionContactRule: sets one state's rule (or DEFAULT). The form shows the refusals itself:
 * 400 (a field's message) and 403 (an office condition: the rules are the firm's).
 */
export function saveContactRule(rule: ContactRuleWrite) {
  return apiRequest<typeof contactRuleSchema>('/api/v1/collectionContactRule', {
    method: 'PUT',
    body: rule,
    handledStatuses: [400, 403],
  });
}

export function useSaveContactRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.contactRules() }),
  });
}
