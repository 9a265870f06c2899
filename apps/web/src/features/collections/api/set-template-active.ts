import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { managedTemplateSchema, TemplateActive } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';
import { templateKeys } from './template-keys.ts';
import { workflowKeys } from './workflow-keys.ts';

/** PUT /api/v1/template/active: deactivate (senders no longer see it) or reactivate; failures go to the popup. */
export function setTemplateActive(body: TemplateActive) {
  return apiRequest<typeof managedTemplateSchema>('/api/v1/template/active', { method: 'PUT', body });
}

export function useSetTemplateActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemplateActive,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.templates() }),
      ]),
  });
}
