import { queryOptions, useQuery } from '@tanstack/react-query';
import type { smartDialOptionListSchema } from '@casedesk/contract/calls/click-to-call';
import { apiRequest } from '@/lib/api-client.ts';

export interface SmartDialTarget {
  clientId?: string;
  inquiryId?: string;
}

/** GET /api/v1/dropdown/smartDial: the numbers to offer for the current client or inquiry. */
export function smartDialQueryOptions(target: SmartDialTarget) {
  return queryOptions({
    queryKey: ['dropdown', 'smartDial', target],
    queryFn: ({ signal }) =>
      apiRequest<typeof smartDialOptionListSchema>('/api/v1/dropdown/smartDial', {
        query: { clientId: target.clientId, inquiryId: target.inquiryId },
        signal,
        // The operator can still type a number; a failed lookup is only logged.
        onError: 'log',
      }),
    enabled: Boolean(target.clientId || target.inquiryId),
  });
}

export function useSmartDial(target: SmartDialTarget) {
  return useQuery(smartDialQueryOptions(target));
}
