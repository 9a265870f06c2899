import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { managedTemplateSchema, templateUpdateSchema } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';
import { FORM_REFUSALS } from './form-refusals.ts';
import { templateKeys } from './template-keys.ts';
import { workflowKeys } from './workflow-keys.ts';

export type UpdateTemplateBody = z.input<typeof templateUpdateSchema>;

/** PUT /api/v1/template: the whole template again, under the same rules as a new one. */
export function updateTemplate(body: UpdateTemplateBody) {
  return apiRequest<typeof managedTemplateSchema>('/api/v1/template', {
    method: 'PUT',
    body,
    handledStatuses: [...FORM_REFUSALS, 403, 404],
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.templates() }),
      ]),
  });
}
