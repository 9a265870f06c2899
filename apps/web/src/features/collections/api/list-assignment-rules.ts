import { queryOptions, useQuery } from '@tanstack/react-query';
import type { assignmentRuleListSchema } from '@casedesk/contract/collections/assignment-rules';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionAssignmentRule: each office the caller manages, with its rotation of collectors. */
export function listAssignmentRules(signal?: AbortSignal) {
  return apiRequest<typeof assignmentRuleListSchema>('/api/v1/collectionAssignmentRule', { signal });
}

export function assignmentRulesQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.assignmentRules(),
    queryFn: ({ signal }) => listAssignmentRules(signal),
  });
}

export function useAssignmentRules() {
  return useQuery(assignmentRulesQueryOptions());
}
