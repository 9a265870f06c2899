import { Group, Select, TextInput } from '@mantine/core';
import { MAIL_STATUS_LABELS, MAIL_STATUSES, type MailListFilter, type MailStatus } from '@casedesk/contract/mail/mail';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { SearchIcon } from '@/components/icons.tsx';

export interface MailFilterValues {
  searchKeyword: string;
  status: MailStatus | null;
  officeId: string | null;
}

export const EMPTY_MAIL_FILTER: MailFilterValues = { searchKeyword: '', status: null, officeId: null };

/** The request filter: only what is set. */
export function toMailFilter(values: MailFilterValues): MailListFilter {
  const filter: MailListFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.status) filter.status = values.status;
  if (values.officeId) filter.officeId = values.officeId;
  return filter;
}

interface MailFiltersProps {
  value: MailFilterValues;
  onChange: (value: MailFilterValues) => void;
}

/** The outbox filter: subject or recipient, status, office (the server keeps the list to the user's offices). */
export function MailFilters({ value, onChange }: MailFiltersProps) {
  const offices = useAllOffices();
  const set = (patch: Partial<MailFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search e-mail"
        placeholder="Subject or recipient"
        leftSection={<SearchIcon size={14} />}
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={240}
      />
      <Select
        label="Status"
        placeholder="Any"
        data={MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }))}
        value={value.status}
        onChange={(s) => set({ status: s as MailStatus | null })}
        clearable
        w={140}
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
    </Group>
  );
}
