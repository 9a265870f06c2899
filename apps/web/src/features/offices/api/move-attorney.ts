import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeAttorney, officeAttorneySchema } from '@casedesk/contract/offices/office-staff';
import { apiRequest } from '@/lib/api-client.ts';
import { refreshOfficeCaches } from './refresh-office-caches.ts';

/** PUT /api/v1/office/{officeId}/attorney: the attorney starts working for this office. */
export function moveAttorneyToOffice(officeId: string, attorneyId: string): Promise<OfficeAttorney> {
  return apiRequest<typeof officeAttorneySchema>(`/api/v1/office/${encodeURIComponent(officeId)}/attorney`, {
    method: 'PUT',
    body: { attorneyId },
  });
}

export function useMoveAttorney(officeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attorneyId: string) => moveAttorneyToOffice(officeId, attorneyId),
    // Both offices' pages, the attorney list (it names the office) and availability (the office's zone).
    onSuccess: () => refreshOfficeCaches(queryClient),
  });
}
