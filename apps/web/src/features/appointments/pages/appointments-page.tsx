import { Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  APPOINTMENT_SORTS,
  type AppointmentListType,
  type AppointmentRow,
} from '@casedesk/contract/appointments/appointment';
import type { AppointmentExportFormat } from '@casedesk/contract/appointments/appointment-export';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useExportAppointments } from '../api/export-appointments.ts';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { useAppointments } from '../api/list-appointments.ts';
import { useWeekdayTotals } from '../api/weekday-totals.ts';
import { APPOINTMENT_TABLE_COLUMNS, appointmentRowStyle } from '../components/appointment-list-columns.tsx';
import {
  AppointmentListFilters,
  EMPTY_APPOINTMENT_FILTER,
  localDayBoundary,
  toAppointmentFilter,
  type AppointmentListFilterValues,
} from '../components/appointment-list-filters.tsx';
import { AppointmentListLegend } from '../components/appointment-list-legend.tsx';
import { WeekPicker, weekStartOf, WeekTotals } from '../components/week-totals.tsx';

const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const rowId = (row: AppointmentRow) => row.id;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const PAGES: Record<AppointmentListType, { title: string; description: string }> = {
  set: { title: 'Set appointments', description: 'Appointments by the day they were booked, newest booking first.' },
  all: { title: 'All appointments', description: 'Appointments of your offices by appointment date.' },
  pi: { title: 'PI appointments', description: 'Personal Injury appointments by appointment date.' },
  week: { title: 'Appointments by week', description: 'One week of appointments and the count for each day.' },
};

/** SPEC §2 /appointments/{set|all|pi|week}: one page per list type, each with its own state. */
export function AppointmentsPage({ type }: { type: AppointmentListType }) {
  return <AppointmentList key={type} type={type} />;
}

/** The week view keeps its week (and narrowed day) in the address, so a reload or a link shows the same. */
function useWeekParams() {
  const [params, setParams] = useSearchParams();
  const weekParam = params.get('week') ?? '';
  const dayParam = params.get('day') ?? '';
  const start = DAY.test(weekParam) ? weekStartOf(weekParam) : weekStartOf(new Date());
  const day = DAY.test(dayParam) && dayParam >= start && dayParam <= addDays(start, 6) ? dayParam : null;
  const setWeek = (next: string) => setParams({ week: next }, { replace: true });
  const setDay = (next: string | null) =>
    setParams(next ? { week: start, day: next } : { week: start }, { replace: true });
  return { start, day, setWeek, setDay };
}

function AppointmentList({ type }: { type: AppointmentListType }) {
  const page = PAGES[type];
  const navigate = useNavigate();
  const session = useSession();
  const mayListOffices = can(subjectOf(session), 'ALL_APPOINTMENTS', 'READ');
  const offices = useOfficeOptions('APPOINTMENTS', mayListOffices);
  const mayListAttorneys = can(subjectOf(session), 'ATTORNEY_SCHEDULE', 'READ');
  const attorneys = useAttorneys(mayListAttorneys);
  const week = useWeekParams();
  const isWeek = type === 'week';

  // The week view's dates are its week (or the day picked in it), not the date inputs.
  const toFilter = useCallback(
    (values: AppointmentListFilterValues) => {
      const base = toAppointmentFilter(isWeek ? { ...values, dateFrom: '', dateTo: '' } : values);
      if (!isWeek) return base;
      const from = week.day ?? week.start;
      const to = week.day ?? addDays(week.start, 6);
      return { ...base, dateFrom: localDayBoundary(from, false), dateTo: localDayBoundary(to, true) };
    },
    [isWeek, week.day, week.start],
  );
  // SPEC §2: the `appointments` page keeps its page size and sort. Another week or day is another filter,
  // so it starts at page 1 too.
  const list = useListRequest({
    initialValues: EMPTY_APPOINTMENT_FILTER,
    toFilter,
    sorts: APPOINTMENT_SORTS,
    pageName: 'appointments',
  });
  const appointments = useAppointments(type, list.request);
  const totals = useWeekdayTotals(
    { startDate: week.start, ...(list.filter.officeId ? { officeId: list.filter.officeId } : {}) },
    isWeek,
  );
  const exporter = useExportAppointments();
  const exportAs = (format: AppointmentExportFormat) => exporter.mutate({ ...list.request, type, format });

  const openRow = (row: AppointmentRow) => {
    if (row.inquiryId) navigate(paths.communication.inquiry.href('appointments', row.inquiryId));
    else navigate(paths.client.detail.href(row.clientId));
  };

  return (
    <ListPage
      title={page.title}
      description={page.description}
      actions={
        <ExportMenu
          formats={EXPORT_FORMATS}
          onExport={exportAs}
          loading={exporter.isPending}
          disabled={!appointments.data?.totalCount}
        />
      }
      summary={
        isWeek && (
          <Stack gap="sm">
            <WeekPicker start={week.start} onChange={week.setWeek} />
            {totals.isError ? (
              <Text size="sm" c="red.9">
                The counts per day could not be loaded.
              </Text>
            ) : (
              <WeekTotals
                totals={totals.data}
                loading={totals.isPending}
                selectedDay={week.day}
                onSelectDay={week.setDay}
              />
            )}
          </Stack>
        )
      }
      filters={
        <AppointmentListFilters
          value={list.values}
          onChange={list.setValues}
          offices={mayListOffices ? (offices.data ?? []) : undefined}
          officesLoading={offices.isLoading}
          attorneys={mayListAttorneys ? (attorneys.data?.items ?? []) : undefined}
          attorneysLoading={attorneys.isLoading}
          withDates={!isWeek}
          datesAreBooked={type === 'set'}
        />
      }
      query={appointments}
      errorTitle="Appointments could not be loaded"
    >
      <AppointmentListLegend />
      <div data-testid="appointments-table">
        <DataTable
          {...list.table}
          label={page.title}
          columns={APPOINTMENT_TABLE_COLUMNS}
          rows={appointments.data?.items ?? []}
          getRowId={rowId}
          totalCount={appointments.data?.totalCount ?? 0}
          loading={isLoadingRows(appointments)}
          rowStyle={appointmentRowStyle}
          onRowClick={openRow}
          emptyState={isWeek ? 'No appointments this week match the filter' : 'No appointments match this filter'}
          maxHeight={isWeek ? 'calc(100dvh - 480px)' : 'calc(100dvh - 360px)'}
        />
      </div>
    </ListPage>
  );
}
