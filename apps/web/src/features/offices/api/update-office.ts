import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeDetail, officeDetailSchema, OfficeWrite } from '@casedesk/contract/offices/office';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';
import { refreshOfficeCaches } from './refresh-office-caches.ts';

/** PUT /api/v1/office/{officeId}: every field of the office form; the form shows 400 and 409 itself. */
export function updateOffice(officeId: string, body: OfficeWrite): Promise<OfficeDetail> {
  return apiRequest<typeof officeDetailSchema>(`/api/v1/office/${encodeURIComponent(officeId)}`, {
    method: 'PUT',
    body,
    handledStatuses: [400, 409],
  });
}

export function useUpdateOffice(officeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeWrite) => updateOffice(officeId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(officeKeys.detail(officeId), saved);
      return refreshOfficeCaches(queryClient);
    },
  });
}
