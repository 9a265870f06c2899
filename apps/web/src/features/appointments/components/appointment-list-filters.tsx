import { Checkbox, Group, Select, TextInput, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import type { AppointmentListRequestInput } from '../api/list-appointments.ts';
import { DateRangeInputs } from '@/components/filters/date-range-inputs.tsx';

type AppointmentFilter = NonNullable<AppointmentListRequestInput['filter']>;

export interface AppointmentListFilterValues {
  searchKeyword: string;
  officeId: string | null;
  attorneyId: string | null;
  /** yyyy-MM-dd days in the browser's zone (native date inputs); '' is open-ended. */
  dateFrom: string;
  dateTo: string;
  includeDeleted: boolean;
}

export const EMPTY_APPOINTMENT_FILTER: AppointmentListFilterValues = {
  searchKeyword: '',
  officeId: null,
  attorneyId: null,
  dateFrom: '',
  dateTo: '',
  includeDeleted: false,
};

/** Start or end of a local day as an instant (DESIGN §3: the browser's zone decides the day). */
export function localDayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = dayjs(day);
  if (!at.isValid()) return undefined;
  return (end ? at.endOf('day') : at.startOf('day')).toISOString();
}

/** The request filter of the form values; empty values are left out. */
export function toAppointmentFilter(values: AppointmentListFilterValues): AppointmentFilter {
  const filter: AppointmentFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.officeId) filter.officeId = values.officeId;
  if (values.attorneyId) filter.attorneyId = values.attorneyId;
  const from = localDayBoundary(values.dateFrom, false);
  const to = localDayBoundary(values.dateTo, true);
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  if (values.includeDeleted) filter.includeDeleted = true;
  return filter;
}

export interface Choice {
  id: string;
  name: string;
}

interface AppointmentListFiltersProps {
  value: AppointmentListFilterValues;
  onChange: (value: AppointmentListFilterValues) => void;
  /** Offices to choose from; undefined hides the office filter (the user may not list offices). */
  offices: Choice[] | undefined;
  officesLoading?: boolean;
  /** Attorneys to choose from; undefined hides the attorney filter. */
  attorneys: Choice[] | undefined;
  attorneysLoading?: boolean;
  /** The week view picks its days with the week picker instead. */
  withDates: boolean;
  /** 'set' is the booking report: its dates are booked dates. */
  datesAreBooked: boolean;
}

/** The appointment list filter: keyword (client, attorney, phone), office, attorney, date range, deleted ones too. */
export function AppointmentListFilters(props: AppointmentListFiltersProps) {
  const { value, onChange, offices, withDates } = props;
  const set = (patch: Partial<AppointmentListFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search appointments"
        placeholder="Client, attorney or phone"
        value={value.searchKeyword}
        onChange={(e) => set({ searchKeyword: e.currentTarget.value })}
        w={240}
      />
      {offices && (
        <Select
          label="Office"
          placeholder={props.officesLoading ? 'Loading…' : 'Any'}
          data={offices.map((o) => ({ value: o.id, label: o.name }))}
          value={value.officeId}
          onChange={(officeId) => set({ officeId })}
          clearable
          searchable
          w={180}
        />
      )}
      {props.attorneys && (
        <Select
          label="Attorney"
          placeholder={props.attorneysLoading ? 'Loading…' : 'Any'}
          data={props.attorneys.map((a) => ({ value: a.id, label: a.name }))}
          value={value.attorneyId}
          onChange={(attorneyId) => set({ attorneyId })}
          clearable
          searchable
          w={200}
        />
      )}
      {withDates && (
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <VisuallyHidden component="legend">
            {props.datesAreBooked ? 'Booked between' : 'Appointment date between'}
          </VisuallyHidden>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateRangeInputs value={value} onChange={set} />
          </Group>
        </fieldset>
      )}
      <Checkbox
        label="Show deleted"
        checked={value.includeDeleted}
        onChange={(e) => set({ includeDeleted: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
