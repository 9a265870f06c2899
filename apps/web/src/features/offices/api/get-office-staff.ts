import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeStaff, officeStaffSchema } from '@casedesk/contract/offices/office-staff';
import { apiRequest } from '@/lib/api-client.ts';
import { officeKeys } from './office-keys.ts';

/** GET /api/v1/office/{officeId}/staff: its attorneys, users and tracking lines (null: not the caller's to read). */
export function getOfficeStaff(officeId: string, signal?: AbortSignal): Promise<OfficeStaff> {
  return apiRequest<typeof officeStaffSchema>(`/api/v1/office/${encodeURIComponent(officeId)}/staff`, {
    signal,
    handledStatuses: [404],
  });
}

export function useOfficeStaff(officeId: string) {
  return useQuery(
    queryOptions({ queryKey: officeKeys.staff(officeId), queryFn: ({ signal }) => getOfficeStaff(officeId, signal) }),
  );
}
