import { queryOptions, useQuery } from '@tanstack/react-query';
import type { workflowTemplateOptionListSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/v1/workflow/templates: the templates a text, e-mail or letter step may name. */
export function getWorkflowTemplates(signal?: AbortSignal) {
  return apiRequest<typeof workflowTemplateOptionListSchema>('/api/v1/workflow/templates', { signal });
}

export function workflowTemplatesQueryOptions() {
  return queryOptions({ queryKey: workflowKeys.templates(), queryFn: ({ signal }) => getWorkflowTemplates(signal) });
}

export function useWorkflowTemplates() {
  return useQuery(workflowTemplatesQueryOptions());
}
