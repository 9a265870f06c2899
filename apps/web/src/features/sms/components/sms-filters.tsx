import { Group, Select, TextInput } from '@mantine/core';
import { SMS_DIRECTIONS, type SmsDirection, type SmsFilter } from '@casedesk/contract/sms/sms';
import { SMS_STATUSES, type SmsStatus } from '@casedesk/contract/sms/sms-status';
import { SearchIcon } from '@/components/icons.tsx';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { DateRangeInputs } from '@/components/filters/date-range-inputs.tsx';

export interface SmsFilterValues {
  searchKeyword: string;
  direction: SmsDirection | null;
  officeId: string | null;
  categoryId: string | null;
  status: SmsStatus | null;
  /** yyyy-MM-dd days in the browser's zone; the server reads them with offsetHours (SPEC §7). */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_SMS_FILTER: SmsFilterValues = {
  searchKeyword: '',
  direction: null,
  officeId: null,
  categoryId: null,
  status: null,
  dateFrom: '',
  dateTo: '',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The request filter: only what is set; a clientId scopes it to one client (the client screen's tab). */
export function toSmsFilter(values: SmsFilterValues, clientId?: string): SmsFilter {
  const filter: SmsFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.direction) filter.direction = values.direction;
  if (values.officeId) filter.officeId = values.officeId;
  if (values.categoryId) filter.categoryId = values.categoryId;
  if (values.status) filter.status = values.status;
  if (ISO_DAY.test(values.dateFrom)) filter.dateFrom = values.dateFrom;
  if (ISO_DAY.test(values.dateTo)) filter.dateTo = values.dateTo;
  if (clientId) filter.clientId = clientId;
  return filter;
}

const label = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

interface SmsFiltersProps {
  value: SmsFilterValues;
  onChange: (value: SmsFilterValues) => void;
}

/** The SMS list filter: keyword, direction, office, category, delivery status and a date range. */
export function SmsFilters({ value, onChange }: SmsFiltersProps) {
  const offices = useAllOffices();
  const categories = useActiveDropdowns('SMS_CATEGORY');
  const set = (patch: Partial<SmsFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search texts"
        placeholder="Message, client or phone"
        leftSection={<SearchIcon size={14} />}
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={220}
      />
      <Select
        label="Direction"
        placeholder="Any"
        data={SMS_DIRECTIONS.map((d) => ({ value: d, label: label(d) }))}
        value={value.direction}
        onChange={(d) => set({ direction: d as SmsDirection | null })}
        clearable
        w={130}
      />
      <Select
        label="Office"
        placeholder={offices.isPending ? 'Loading…' : 'Any'}
        data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={value.officeId}
        onChange={(officeId) => set({ officeId })}
        clearable
        searchable
        w={180}
      />
      <Select
        label="Category"
        placeholder={categories.isPending ? 'Loading…' : 'Any'}
        data={(categories.data ?? []).map((o) => ({ value: o.id, label: o.value }))}
        value={value.categoryId}
        onChange={(categoryId) => set({ categoryId })}
        clearable
        w={160}
      />
      <Select
        label="Status"
        placeholder="Any"
        data={SMS_STATUSES.map((s) => ({ value: s, label: label(s) }))}
        value={value.status}
        onChange={(s) => set({ status: s as SmsStatus | null })}
        clearable
        w={140}
      />
      <DateRangeInputs value={value} onChange={set} width={150} />
    </Group>
  );
}
