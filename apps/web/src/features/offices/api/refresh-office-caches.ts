import type { QueryClient } from '@tanstack/react-query';
import { attorneyKeys } from '@/api/attorneys/attorney-keys.ts';
import { dropdownKeys } from '@/api/dropdowns/dropdown-keys.ts';
import { officeKeys } from './office-keys.ts';

/**
 * After an office changes: every list of offices, every office choice elsewhere (its name, numbers or
 * status decide what pickers offer) and the attorney lists and availability (they name the office, and an
 * inactive office's attorneys are no longer offered).
 */
export function refreshOfficeCaches(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: officeKeys.all }),
    queryClient.invalidateQueries({ queryKey: dropdownKeys.all }),
    queryClient.invalidateQueries({ queryKey: attorneyKeys.all }),
  ]);
}
