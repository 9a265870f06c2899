import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeDetail, officeDetailSchema, OfficeWrite } from '@casedesk/contract/offices/office';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';
import { refreshOfficeCaches } from './refresh-office-caches.ts';

/** POST /api/v1/office: a new office. The form shows 400 and 409 itself (field messages, the name in use). */
export function createOffice(body: OfficeWrite): Promise<OfficeDetail> {
  return apiRequest<typeof officeDetailSchema>('/api/v1/office', { method: 'POST', body, handledStatuses: [400, 409] });
}

export function useCreateOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffice,
    onSuccess: (saved) => {
      queryClient.setQueryData(officeKeys.detail(saved.id), saved);
      return refreshOfficeCaches(queryClient);
    },
  });
}
