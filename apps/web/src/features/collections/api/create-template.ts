import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { managedTemplateSchema, TemplateCreateInput } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';
import { FORM_REFUSALS } from './form-refusals.ts';
import { templateKeys } from './template-keys.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/v1/template. The form shows 400 (unknown placeholder, no opt-out line…), 403 and 409 itself. */
export function createTemplate(body: TemplateCreateInput) {
  return apiRequest<typeof managedTemplateSchema>('/api/v1/template', {
    method: 'POST',
    body,
    handledStatuses: [...FORM_REFUSALS, 403],
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.templates() }),
      ]),
  });
}
