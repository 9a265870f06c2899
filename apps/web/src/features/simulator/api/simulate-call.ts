import { useMutation } from '@tanstack/react-query';
import type {
  SimulatedCallInput,
  SimulatedCallResult,
  simulatedCallResultSchema,
} from '@casedesk/contract/simulator/simulator';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/simulator/call. 400 and 403 are shown in the form itself. */
export function simulateCall(body: SimulatedCallInput): Promise<SimulatedCallResult> {
  return apiRequest<typeof simulatedCallResultSchema>('/api/v1/simulator/call', {
    method: 'POST',
    body,
    handledStatuses: [400, 403],
  });
}

export function useSimulateCall() {
  return useMutation({ mutationFn: simulateCall });
}
