import { queryOptions, useQuery } from '@tanstack/react-query';
import type { contactRuleHistorySchema } from '@casedesk/contract/collections/contact-rule-history';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionContactRule/history: the latest audited changes of the rule table, newest first. */
export function listContactRuleHistory(signal?: AbortSignal) {
  return apiRequest<typeof contactRuleHistorySchema>('/api/v1/collectionContactRule/history', { signal });
}

export function contactRuleHistoryQueryOptions() {
  return queryOptions({
    queryKey: [...collectionKeys.contactRules(), 'history'] as const,
    queryFn: ({ signal }) => listContactRuleHistory(signal),
  });
}

export function useContactRuleHistory() {
  return useQuery(contactRuleHistoryQueryOptions());
}
