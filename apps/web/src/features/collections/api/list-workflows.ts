import { queryOptions, useQuery } from '@tanstack/react-query';
import type { workflowListSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/v1/workflow: every workflow, active ones first. */
export function listWorkflows(signal?: AbortSignal) {
  return apiRequest<typeof workflowListSchema>('/api/v1/workflow', { signal });
}

export function workflowsQueryOptions() {
  return queryOptions({ queryKey: workflowKeys.list(), queryFn: ({ signal }) => listWorkflows(signal) });
}

export function useWorkflows() {
  return useQuery(workflowsQueryOptions());
}
