import { queryOptions, useQuery } from '@tanstack/react-query';
import type { workflowRunListSchema } from '@casedesk/contract/collections/workflow';
import { apiRequest } from '@/lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/v1/workflow/runs: an account's workflow runs, newest first, each step with its state. */
export function listWorkflowRuns(accountId: string, signal?: AbortSignal) {
  return apiRequest<typeof workflowRunListSchema>('/api/v1/workflow/runs', {
    method: 'POST',
    body: { accountId },
    signal,
  });
}

export function workflowRunsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: workflowKeys.runs(accountId),
    queryFn: ({ signal }) => listWorkflowRuns(accountId, signal),
  });
}

/** Refreshed each minute: steps run in the background. */
export function useWorkflowRuns(accountId: string) {
  return useQuery({ ...workflowRunsQueryOptions(accountId), refetchInterval: 60_000 });
}
