import { useMutation } from '@tanstack/react-query';
import type {
  ExplainRequest,
  explainResponseSchema,
  whoCanSeeResponseSchema,
} from '@casedesk/contract/access/access-admin';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/accessControl/explain: can this user read or change that record, and why. */
export function explainAccess(request: ExplainRequest) {
  return apiRequest<typeof explainResponseSchema>('/api/v1/accessControl/explain', {
    method: 'POST',
    body: request,
    handledStatuses: [400, 404],
  });
}

/** POST /api/v1/accessControl/whoCanSee: the enabled users who can read a record. */
export function whoCanSee(request: Omit<ExplainRequest, 'userId'>) {
  return apiRequest<typeof whoCanSeeResponseSchema>('/api/v1/accessControl/whoCanSee', {
    method: 'POST',
    body: request,
    handledStatuses: [400, 404],
  });
}

// Asked on demand (a button), so mutations: nothing to cache between two questions.
export const useExplainAccess = () => useMutation({ mutationFn: explainAccess });
export const useWhoCanSee = () => useMutation({ mutationFn: whoCanSee });
