import { Group, Select, TextInput } from '@mantine/core';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { useLeadOwners } from '../api/get-lead-owners.ts';
import { DateRangeInputs } from '@/components/filters/date-range-inputs.tsx';

export interface LeadsFilterValues {
  searchKeyword: string;
  lawTypeId: string | null;
  leadOwnerId: string | null;
  /** yyyy-MM-dd days in the browser's zone (native date inputs). */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_LEADS_FILTER: LeadsFilterValues = {
  searchKeyword: '',
  lawTypeId: null,
  leadOwnerId: null,
  dateFrom: '',
  dateTo: '',
};

interface LeadsFiltersProps {
  value: LeadsFilterValues;
  onChange: (value: LeadsFilterValues) => void;
}

/** The leads list filter: keyword, law type, lead owner and the date range the lead was taken in. */
export function LeadsFilters({ value, onChange }: LeadsFiltersProps) {
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const owners = useLeadOwners();
  const set = (patch: Partial<LeadsFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search leads"
        placeholder="Name, phone or email"
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={220}
      />
      <Select
        label="Law type"
        placeholder={lawTypes.isLoading ? 'Loading…' : 'Any'}
        data={(lawTypes.data ?? []).map((o) => ({ value: o.id, label: o.value }))}
        value={value.lawTypeId}
        onChange={(lawTypeId) => set({ lawTypeId })}
        clearable
        searchable
        w={200}
      />
      <Select
        label="Lead owner"
        placeholder={owners.isLoading ? 'Loading…' : 'Anyone'}
        data={(owners.data ?? []).map((u) => ({ value: u.id, label: u.displayName }))}
        value={value.leadOwnerId}
        onChange={(leadOwnerId) => set({ leadOwnerId })}
        clearable
        searchable
        w={200}
      />
      <DateRangeInputs value={value} onChange={set} />
    </Group>
  );
}

/** Start or end of a local day as an instant (DESIGN §3: the browser's zone decides the day). */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
