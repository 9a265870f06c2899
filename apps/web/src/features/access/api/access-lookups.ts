import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LookupKind, lookupListSchema, LookupOption } from '@casedesk/contract/access/access-admin';
import type { ConditionType } from '@casedesk/contract/access/permissions';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** GET /api/v1/accessControl/{permissionTypes|relationTypes|conditionTypes|accessLevelTypes} (SPEC §6 lookups). */
export function getLookup(kind: LookupKind, signal?: AbortSignal): Promise<LookupOption[]> {
  return apiRequest<typeof lookupListSchema>(`/api/v1/accessControl/${kind}`, { signal });
}

/** GET /api/v1/accessControl/conditionValues: offices, roles or SMS category types a condition may name. */
export function getConditionValues(conditionType: ConditionType, signal?: AbortSignal): Promise<LookupOption[]> {
  return apiRequest<typeof lookupListSchema>('/api/v1/accessControl/conditionValues', {
    query: { conditionType },
    signal,
  });
}

// Lookups change only with a release or a new office: kept for the session.
export function useLookup(kind: LookupKind) {
  return useQuery(
    queryOptions({
      queryKey: accessKeys.lookup(kind),
      queryFn: ({ signal }) => getLookup(kind, signal),
      staleTime: Infinity,
    }),
  );
}

export function useConditionValues(conditionType: ConditionType) {
  return useQuery({
    queryKey: accessKeys.conditionValues(conditionType),
    queryFn: ({ signal }) => getConditionValues(conditionType, signal),
    staleTime: 5 * 60_000,
  });
}
