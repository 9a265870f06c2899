import { useMutation } from '@tanstack/react-query';
import type {
  SimulatedStatusInput,
  SimulatedStatusResult,
  simulatedStatusResultSchema,
} from '@casedesk/contract/simulator/simulator';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/simulator/status. 400 and 403 are shown in the form itself. */
export function simulateStatus(body: SimulatedStatusInput): Promise<SimulatedStatusResult> {
  return apiRequest<typeof simulatedStatusResultSchema>('/api/v1/simulator/status', {
    method: 'POST',
    body,
    handledStatuses: [400, 403],
  });
}

export function useSimulateStatus() {
  return useMutation({ mutationFn: simulateStatus });
}
