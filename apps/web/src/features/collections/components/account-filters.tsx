import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import {
  COLLECTION_ACCOUNT_MESSAGES,
  COLLECTION_STATUSES,
  COLLECTION_STATUS_LABELS,
  type CollectionAccountFilter,
  type CollectionStatus,
  type FollowUpDue,
} from '@casedesk/contract/collections/account';
import type { AgingBucket, PlanState } from '@casedesk/contract/collections/dashboard-filters';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { CentsInput } from '@/components/masked-inputs/cents-input.tsx';
import { SearchIcon } from '@/components/icons.tsx';
import { useCollectors } from '../api/list-collectors.ts';
import { useTerms } from '../api/list-terms.ts';

/** The collector filter: the signed-in user, nobody, or one collector's id. */
export const ME = 'me';
export const UNASSIGNED = 'unassigned';

export interface AccountFilterValues {
  search: string;
  statuses: CollectionStatus[];
  officeId: string | null;
  /** `me`, `unassigned` or a collector's id (SPEC §2 query `assignee` and `assigneeId`). */
  assignee: string | null;
  balanceFromCents: number | null;
  balanceToCents: number | null;
  followUpDue: FollowUpDue | null;
  termId: string | null;
  // The dashboard's drill-downs: no input of their own, shown as removable chips (drill-down-chips.tsx).
  agingBucket: AgingBucket | null;
  planState: PlanState | null;
  paidFrom: string | null;
  paidTo: string | null;
  promiseDueFrom: string | null;
  promiseDueTo: string | null;
}

export const EMPTY_ACCOUNT_FILTER: AccountFilterValues = {
  search: '',
  statuses: [],
  officeId: null,
  assignee: null,
  balanceFromCents: null,
  balanceToCents: null,
  followUpDue: null,
  termId: null,
  agingBucket: null,
  planState: null,
  paidFrom: null,
  paidTo: null,
  promiseDueFrom: null,
  promiseDueTo: null,
};

const FOLLOW_UP_OPTIONS: { value: FollowUpDue; label: string }[] = [
  { value: 'PAST', label: 'Passed' },
  { value: 'TODAY', label: 'Today' },
  { value: 'NEXT_7_DAYS', label: 'Next 7 days' },
];
const STATUS_OPTIONS = COLLECTION_STATUSES.map((value) => ({ value, label: COLLECTION_STATUS_LABELS[value] }));

export const isReversedRange = (v: Pick<AccountFilterValues, 'balanceFromCents' | 'balanceToCents'>) =>
  v.balanceFromCents !== null && v.balanceToCents !== null && v.balanceToCents < v.balanceFromCents;

/**
 * The request filter of the form values; blanks are left out. `me` is the signed-in user; follow-up due and
 * aging are judged on `today` (the browser's, or the dashboard's day the link was made on).
 */
export function toAccountFilter(values: AccountFilterValues, userId: string, today: string): CollectionAccountFilter {
  const filter: CollectionAccountFilter = {};
  const search = values.search.trim();
  if (search) filter.search = search;
  if (values.statuses.length > 0) filter.statuses = values.statuses;
  if (values.officeId) filter.officeId = values.officeId;
  if (values.assignee === UNASSIGNED) filter.unassigned = true;
  else if (values.assignee === ME) filter.collectorId = userId;
  else if (values.assignee) filter.collectorId = values.assignee;
  if (values.termId) filter.termId = values.termId;
  // A range typed backwards is not sent (the input says why) rather than failing the whole list.
  if (values.balanceFromCents !== null) filter.balanceFromCents = values.balanceFromCents;
  if (values.balanceToCents !== null && !isReversedRange(values)) filter.balanceToCents = values.balanceToCents;
  if (values.followUpDue) filter.followUpDue = values.followUpDue;
  if (values.agingBucket) filter.agingBucket = values.agingBucket;
  if (values.followUpDue || values.agingBucket) filter.today = today;
  if (values.planState) filter.planState = values.planState;
  if (values.paidFrom) filter.paidFrom = values.paidFrom;
  if (values.paidTo) filter.paidTo = values.paidTo;
  if (values.promiseDueFrom) filter.promiseDueFrom = values.promiseDueFrom;
  if (values.promiseDueTo) filter.promiseDueTo = values.promiseDueTo;
  return filter;
}

interface AccountFiltersProps {
  value: AccountFilterValues;
  onChange: (value: AccountFilterValues) => void;
}

/** Search, status (several), office, collector, term, follow-up due and the balance range in dollars. */
export function AccountFilters({ value, onChange }: AccountFiltersProps) {
  const set = (patch: Partial<AccountFilterValues>) => onChange({ ...value, ...patch });
  const offices = useOfficeOptions('COLLECTIONS');
  const collectors = useCollectors();
  const terms = useTerms();
  const collectorOptions = [
    { value: ME, label: 'Me' },
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(collectors.data ?? []).map((c) => ({ value: c.id, label: c.displayName })),
  ];
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Client, account or matter"
        leftSection={<SearchIcon size={14} />}
        value={value.search}
        onChange={(e) => set({ search: e.currentTarget.value })}
        w={190}
      />
      <MultiSelect
        label="Status"
        placeholder={value.statuses.length ? undefined : 'Any status'}
        data={STATUS_OPTIONS}
        value={value.statuses}
        onChange={(statuses) => set({ statuses: statuses as CollectionStatus[] })}
        clearable
        w={185}
      />
      <Select
        label="Office"
        placeholder="All offices"
        data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={value.officeId}
        onChange={(officeId) => set({ officeId })}
        searchable
        clearable
        w={140}
      />
      <Select
        label="Collector"
        placeholder="Anyone"
        data={collectorOptions}
        value={value.assignee}
        onChange={(assignee) => set({ assignee })}
        searchable
        clearable
        w={140}
      />
      <Select
        label="Term"
        placeholder="Any term"
        data={(terms.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={value.termId}
        onChange={(termId) => set({ termId })}
        clearable
        w={130}
      />
      <Select
        label="Follow-up due"
        placeholder="Any day"
        data={FOLLOW_UP_OPTIONS}
        value={value.followUpDue}
        onChange={(next) => set({ followUpDue: next as FollowUpDue | null })}
        clearable
        w={130}
      />
      <CentsInput
        label="Balance from"
        leftSection="$"
        value={value.balanceFromCents}
        onChange={(balanceFromCents) => set({ balanceFromCents })}
        w={110}
      />
      <CentsInput
        label="Balance to"
        leftSection="$"
        value={value.balanceToCents}
        onChange={(balanceToCents) => set({ balanceToCents })}
        error={isReversedRange(value) ? COLLECTION_ACCOUNT_MESSAGES.balanceRange : undefined}
        w={110}
      />
    </Group>
  );
}
