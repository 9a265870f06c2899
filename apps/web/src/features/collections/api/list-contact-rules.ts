import { queryOptions, useQuery } from '@tanstack/react-query';
import type { contactRuleListSchema } from '@casedesk/contract/collections/contact-rules';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionContactRule: DEFAULT and each state with a rule of its own. */
export function listContactRules(signal?: AbortSignal) {
  return apiRequest<typeof contactRuleListSchema>('/api/v1/collectionContactRule', { signal });
}

export function contactRulesQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.contactRules(),
    queryFn: ({ signal }) => listContactRules(signal),
  });
}

export function useContactRules() {
  return useQuery(contactRulesQueryOptions());
}
