import { Group, Select, TextInput } from '@mantine/core';
import {
  OFFICE_STATUSES,
  OFFICE_TYPES,
  type OfficeFilter,
  type OfficeStatus,
  type OfficeType,
} from '@casedesk/contract/offices/office';
import { OFFICE_STATUS_LABELS, OFFICE_TYPE_LABELS } from './office-labels.ts';

export interface OfficesFilterValues {
  searchKeyword: string;
  status: OfficeStatus | null;
  officeType: OfficeType | null;
}

export const EMPTY_OFFICES_FILTER: OfficesFilterValues = { searchKeyword: '', status: null, officeType: null };

/** The request filter of the form values; empty values are left out. */
export function toOfficeFilter(values: OfficesFilterValues): OfficeFilter {
  const filter: OfficeFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.status) filter.status = values.status;
  if (values.officeType) filter.officeType = values.officeType;
  return filter;
}

const STATUS_OPTIONS = OFFICE_STATUSES.map((value) => ({ value, label: OFFICE_STATUS_LABELS[value] }));
const TYPE_OPTIONS = OFFICE_TYPES.map((value) => ({ value, label: OFFICE_TYPE_LABELS[value] }));

interface OfficesFiltersProps {
  value: OfficesFilterValues;
  onChange: (value: OfficesFilterValues) => void;
}

/** The offices list filter: keyword, status and office type. */
export function OfficesFilters({ value, onChange }: OfficesFiltersProps) {
  const set = (patch: Partial<OfficesFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search offices"
        placeholder="Name, city, state, email or phone"
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={280}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(next) => set({ status: next as OfficeStatus | null })}
        clearable
        w={160}
      />
      <Select
        label="Office type"
        placeholder="Any type"
        data={TYPE_OPTIONS}
        value={value.officeType}
        onChange={(next) => set({ officeType: next as OfficeType | null })}
        clearable
        w={180}
      />
    </Group>
  );
}
