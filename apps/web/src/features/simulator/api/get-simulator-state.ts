import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimulatorState, simulatorStateSchema } from '@casedesk/contract/simulator/simulator';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/simulator: whether the local phone simulator runs (off when Twilio is configured). */
export function getSimulatorState(signal?: AbortSignal): Promise<SimulatorState> {
  return apiRequest<typeof simulatorStateSchema>('/api/v1/simulator', { signal });
}

export function simulatorStateQueryOptions() {
  // The provider is fixed for the life of the server.
  return queryOptions({
    queryKey: ['simulator', 'state'],
    queryFn: ({ signal }) => getSimulatorState(signal),
    staleTime: Infinity,
  });
}

export function useSimulatorState() {
  return useQuery(simulatorStateQueryOptions());
}
