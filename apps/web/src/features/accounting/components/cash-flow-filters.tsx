import { Group, Select, Switch, TextInput } from '@mantine/core';
import { PAYMENT_MESSAGES, type CashFlowFilter, type PaymentType } from '@casedesk/contract/accounting/payment';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { isDay, PAYMENT_TYPE_OPTIONS } from './payment-labels.ts';

export interface CashFlowFilterValues {
  officeId: string | null;
  dateFrom: string;
  dateTo: string;
  paymentType: PaymentType | null;
  showReversed: boolean;
}

export const EMPTY_CASH_FLOW_FILTER: CashFlowFilterValues = {
  officeId: null,
  dateFrom: '',
  dateTo: '',
  paymentType: null,
  showReversed: false,
};

/** The request filter of the form values; empty or half-typed values are left out. */
export function toCashFlowFilter(values: CashFlowFilterValues): CashFlowFilter {
  const filter: CashFlowFilter = {};
  if (values.officeId) filter.officeId = values.officeId;
  if (isDay(values.dateFrom)) filter.dateFrom = values.dateFrom;
  // A range typed backwards is not sent (the input says why) rather than failing the whole list.
  if (isDay(values.dateTo) && !(filter.dateFrom && values.dateTo < filter.dateFrom)) filter.dateTo = values.dateTo;
  if (values.paymentType) filter.paymentType = values.paymentType;
  if (values.showReversed) filter.showReversed = true;
  return filter;
}

interface CashFlowFiltersProps {
  value: CashFlowFilterValues;
  onChange: (value: CashFlowFilterValues) => void;
}

/** The cash-flow filter: office, office days from and to, payment type and "Show reversed". */
export function CashFlowFilters({ value, onChange }: CashFlowFiltersProps) {
  const set = (patch: Partial<CashFlowFilterValues>) => onChange({ ...value, ...patch });
  const offices = useOfficeOptions('CASH_FLOW');
  const reversedRange = isDay(value.dateFrom) && isDay(value.dateTo) && value.dateTo < value.dateFrom;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Office"
        placeholder="All offices"
        data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={value.officeId}
        onChange={(officeId) => set({ officeId })}
        searchable
        clearable
        w={200}
      />
      <TextInput
        label="Date from"
        type="date"
        value={value.dateFrom}
        onChange={(e) => set({ dateFrom: e.currentTarget.value })}
        w={160}
      />
      <TextInput
        label="Date to"
        type="date"
        value={value.dateTo}
        onChange={(e) => set({ dateTo: e.currentTarget.value })}
        error={reversedRange ? PAYMENT_MESSAGES.dateRange : undefined}
        w={160}
      />
      <Select
        label="Payment type"
        placeholder="Any type"
        data={PAYMENT_TYPE_OPTIONS}
        value={value.paymentType}
        onChange={(next) => set({ paymentType: next as PaymentType | null })}
        clearable
        w={160}
      />
      <Switch
        label="Show reversed"
        checked={value.showReversed}
        onChange={(e) => set({ showReversed: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
