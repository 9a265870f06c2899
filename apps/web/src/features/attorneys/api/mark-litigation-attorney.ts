import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttorneySummary, attorneySummarySchema } from '@casedesk/contract/attorneys/attorney-list';
import { apiRequest } from '@/lib/api-client.ts';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { litigationAttorneysKey } from './get-litigation-attorneys.ts';

/** POST /api/v1/attorney/saveLitigationAttorney or removeLitigationAttorney { attorneyId } (idempotent). */
export function markLitigationAttorney(attorneyId: string, isLitigation: boolean): Promise<AttorneySummary> {
  const path = isLitigation ? '/api/v1/attorney/saveLitigationAttorney' : '/api/v1/attorney/removeLitigationAttorney';
  return apiRequest<typeof attorneySummarySchema>(path, { method: 'POST', body: { attorneyId } });
}

/** After a change the dropdown, the attorney list and the calendar are read again. */
export function useMarkLitigationAttorney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attorneyId, isLitigation }: { attorneyId: string; isLitigation: boolean }) =>
      markLitigationAttorney(attorneyId, isLitigation),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: litigationAttorneysKey }),
        queryClient.invalidateQueries({ queryKey: attorneyKeys.list() }),
        queryClient.invalidateQueries({ queryKey: ['litigation-calendar'] }),
      ]);
    },
  });
}
