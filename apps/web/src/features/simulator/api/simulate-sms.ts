import { useMutation } from '@tanstack/react-query';
import type {
  SimulatedSmsInput,
  SimulatedSmsResult,
  simulatedSmsResultSchema,
} from '@casedesk/contract/simulator/simulator';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/simulator/sms. 400 and 403 are shown in the form itself. */
export function simulateSms(body: SimulatedSmsInput): Promise<SimulatedSmsResult> {
  return apiRequest<typeof simulatedSmsResultSchema>('/api/v1/simulator/sms', {
    method: 'POST',
    body,
    handledStatuses: [400, 403],
  });
}

export function useSimulateSms() {
  return useMutation({ mutationFn: simulateSms });
}
