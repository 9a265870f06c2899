import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkflowCreateInput, workflowDetailSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/v1/workflow. The form shows 400 (field messages), 403 and 409 (the name is taken) itself. */
export function createWorkflow(body: WorkflowCreateInput) {
  return apiRequest<typeof workflowDetailSchema>('/api/v1/workflow', {
    method: 'POST',
    body,
    handledStatuses: [400, 403, 409],
  });
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
