import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { CallDirection, CallFilter } from '@casedesk/contract/calls/call';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { DateRangeInputs } from '@/components/filters/date-range-inputs.tsx';

export interface CallsFilterValues {
  searchKeyword: string;
  direction: CallDirection | 'ALL';
  officeId: string | null;
  /** yyyy-MM-dd days in the browser's zone (native date inputs). */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_CALLS_FILTER: CallsFilterValues = {
  searchKeyword: '',
  direction: 'ALL',
  officeId: null,
  dateFrom: '',
  dateTo: '',
};

/** Start or end of a local day as an instant (DESIGN §3: the browser's zone decides the day). */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The request filter of the form values; empty values are left out. */
export function toCallFilter(values: CallsFilterValues): CallFilter {
  const filter: CallFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.direction !== 'ALL') filter.direction = values.direction;
  if (values.officeId) filter.officeId = values.officeId;
  const from = dayBoundary(values.dateFrom, false);
  const to = dayBoundary(values.dateTo, true);
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  return filter;
}

interface CallsFiltersProps {
  value: CallsFilterValues;
  onChange: (value: CallsFilterValues) => void;
}

/** The calls list filter: keyword, direction, office and the date range the call started in. */
export function CallsFilters({ value, onChange }: CallsFiltersProps) {
  const offices = useOfficeOptions('CALLS');
  const set = (patch: Partial<CallsFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search calls"
        placeholder="Name, number, operator or line"
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={240}
      />
      <SegmentedControl
        aria-label="Direction"
        value={value.direction}
        onChange={(direction) => set({ direction: direction as CallsFilterValues['direction'] })}
        data={[
          { value: 'ALL', label: 'All' },
          { value: 'INBOUND', label: 'Inbound' },
          { value: 'OUTBOUND', label: 'Outbound' },
        ]}
      />
      <Select
        label="Office"
        placeholder={offices.isLoading ? 'Loading…' : 'Any'}
        data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={value.officeId}
        onChange={(officeId) => set({ officeId })}
        clearable
        searchable
        w={180}
      />
      <DateRangeInputs value={value} onChange={set} />
    </Group>
  );
}
