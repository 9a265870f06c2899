import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeDetail, officeDetailSchema, OfficeStatus } from '@casedesk/contract/offices/office';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';
import { refreshOfficeCaches } from './refresh-office-caches.ts';

/** PUT /api/v1/office/{officeId}/status: deactivates or reactivates (offices are never deleted). */
export function setOfficeStatus(officeId: string, status: OfficeStatus): Promise<OfficeDetail> {
  return apiRequest<typeof officeDetailSchema>(`/api/v1/office/${encodeURIComponent(officeId)}/status`, {
    method: 'PUT',
    body: { status },
  });
}

export function useSetOfficeStatus(officeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OfficeStatus) => setOfficeStatus(officeId, status),
    onSuccess: (saved) => {
      queryClient.setQueryData(officeKeys.detail(officeId), saved);
      return refreshOfficeCaches(queryClient);
    },
  });
}
