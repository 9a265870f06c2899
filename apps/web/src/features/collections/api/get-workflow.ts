import { queryOptions, useQuery } from '@tanstack/react-query';
import type { workflowDetailSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/v1/workflow/{id}: one workflow with the steps new runs take. */
export function getWorkflow(id: string, signal?: AbortSignal) {
  return apiRequest<typeof workflowDetailSchema>(`/api/v1/workflow/${encodeURIComponent(id)}`, { signal });
}

export function workflowQueryOptions(id: string) {
  return queryOptions({ queryKey: workflowKeys.detail(id), queryFn: ({ signal }) => getWorkflow(id, signal) });
}

/** Read when the editor opens a workflow; null: nothing to read (a new one). */
export function useWorkflow(id: string | null) {
  return useQuery({ ...workflowQueryOptions(id ?? ''), enabled: id !== null });
}
