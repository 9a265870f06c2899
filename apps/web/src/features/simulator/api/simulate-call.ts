import { useMutation } from '@tanstack/react-query';
import {
  simulatedCallResultSchema,
  type SimulatedCallInput,
  type SimulatedCallResult,
} from '@casedesk/contract/simulator/simulator';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/simulator/call. 400 and 403 are shown in the form itself. */
export function simulateCall(body: SimulatedCallInput): Promise<SimulatedCallResult> {
  return apiRequest('/api/v1/simulator/call', simulatedCallResultSchema, {
    method: 'POST',
    body,
    handledStatuses: [400, 403],
  });
}

export function useSimulateCall() {
  return useMutation({ mutationFn: simulateCall });
}
