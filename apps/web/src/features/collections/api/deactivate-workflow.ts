import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { workflowDeactivateSchema, workflowDetailSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export type DeactivateWorkflowBody = z.input<typeof workflowDeactivateSchema>;

/** POST /api/v1/workflow/deactivate: no new runs; with stopRuns the live runs stop too. */
export function deactivateWorkflow(body: DeactivateWorkflowBody) {
  return apiRequest<typeof workflowDetailSchema>('/api/v1/workflow/deactivate', { method: 'POST', body });
}

export function useDeactivateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
