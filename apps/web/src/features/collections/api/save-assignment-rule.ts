import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { assignmentRuleSchema, AssignmentRuleWrite } from '@casedesk/contract/collections/assignment-rules';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * PUT /api/v1/collectionAssignmentRule: replaces an office's rotation. The editor shows the refusals itself:
 * 400 (a collector who cannot work the office), 404 (an office outside the caller's).
 */
export function saveAssignmentRule(rule: AssignmentRuleWrite) {
  return apiRequest<typeof assignmentRuleSchema>('/api/v1/collectionAssignmentRule', {
    method: 'PUT',
    body: rule,
    handledStatuses: [400, 403, 404],
  });
}

export function useSaveAssignmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssignmentRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.assignmentRules() }),
  });
}
