import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRowSchema } from '@casedesk/contract/calls/call';
import type { ClickToCallRequestInput } from '@casedesk/contract/calls/click-to-call';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/call/click2Call (SPEC §7): rings the operator's phone, then the participant. */
export function clickToCall(request: ClickToCallRequestInput) {
  // A 400 is shown under its field by the form; anything else goes to the error popup.
  return apiRequest('/api/v1/call/click2Call', callRowSchema, {
    method: 'POST',
    body: request,
    handledStatuses: [400],
  });
}

export function useClickToCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clickToCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['call'] }),
  });
}
