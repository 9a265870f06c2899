import type { OfficeListRequestInput } from '@casedesk/contract/offices/office';

/** The offices module's query keys (read by this feature only). */
export const officeKeys = {
  all: ['offices'] as const,
  lists: () => [...officeKeys.all, 'list'] as const,
  list: (request: OfficeListRequestInput) => [...officeKeys.lists(), request] as const,
  detail: (officeId: string) => [...officeKeys.all, 'detail', officeId] as const,
  staff: (officeId: string) => [...officeKeys.all, 'staff', officeId] as const,
};
