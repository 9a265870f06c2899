import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { workflowDetailSchema, WorkflowUpdateInput } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/**
 * PUT /api/v1/workflow: once a run has started, new steps become the next version (the answer's `version`).
 * The form shows 400, 403, 404 and 409 itself.
 */
export function updateWorkflow(body: WorkflowUpdateInput) {
  return apiRequest<typeof workflowDetailSchema>('/api/v1/workflow', {
    method: 'PUT',
    body,
    handledStatuses: [400, 403, 404, 409],
  });
}

export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
