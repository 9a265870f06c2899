import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { callRowSchema } from '@casedesk/contract/calls/call';
import type { ClickToCallRequestInput } from '@casedesk/contract/calls/click-to-call';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * Refusals the modal shows itself: a 400 under its field; a 409 or 422 (a business rule, such as a collection
 * account's contact rules with the next time a call is allowed) in full above the buttons. Anything else goes to
 * the error popup.
 */
export const CLICK_TO_CALL_REFUSALS = [400, 409, 422] as const;

/** POST /api/v1/call/click2Call (SPEC §7): rings the operator's phone, then the participant. */
export function clickToCall(request: ClickToCallRequestInput) {
  return apiRequest<typeof callRowSchema>('/api/v1/call/click2Call', {
    method: 'POST',
    body: request,
    handledStatuses: CLICK_TO_CALL_REFUSALS,
  });
}

export function useClickToCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clickToCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['call'] }),
  });
}
