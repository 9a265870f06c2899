import { Alert, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AppointmentListType, AppointmentRow } from '@casedesk/contract/appointments/appointment';
import type { AppointmentExportFormat } from '@casedesk/contract/appointments/appointment-export';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTablePreferences } from '@/components/data-table/use-table-preferences.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useExportAppointments } from '../api/export-appointments.ts';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { useAppointments, type AppointmentListRequestInput } from '../api/list-appointments.ts';
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
import { isLoadingRows } from '@/lib/query-status.ts';

/** SPEC §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
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
  useDocumentTitle(`${page.title} · Casedesk`);
  const navigate = useNavigate();
  const session = useSession();
  const mayListOffices = can(subjectOf(session), 'ALL_APPOINTMENTS', 'READ');
  const offices = useOfficeOptions('APPOINTMENTS', mayListOffices);
  const mayListAttorneys = can(subjectOf(session), 'ATTORNEY_SCHEDULE', 'READ');
  const attorneys = useAttorneys(mayListAttorneys);
  // SPEC §2: the `appointments` page keeps its page size and sort; the DataTable writes them, the query reads them.
  const prefs = useTablePreferences('appointments');
  const [pageNumber, setPageNumber] = useState(1);
  const [filterValues, setFilterValues] = useState<AppointmentListFilterValues>(EMPTY_APPOINTMENT_FILTER);
  const [debouncedFilter] = useDebouncedValue(filterValues, SEARCH_DEBOUNCE_MS);
  const week = useWeekParams();
  const isWeek = type === 'week';

  const filter = useMemo(() => {
    const base = toAppointmentFilter(isWeek ? { ...debouncedFilter, dateFrom: '', dateTo: '' } : debouncedFilter);
    if (!isWeek) return base;
    const from = week.day ?? week.start;
    const to = week.day ?? addDays(week.start, 6);
    return { ...base, dateFrom: localDayBoundary(from, false), dateTo: localDayBoundary(to, true) };
  }, [debouncedFilter, isWeek, week.day, week.start]);

  const request: AppointmentListRequestInput = {
    pageNumber,
    pageSize: prefs.pageSize,
    ...(prefs.sort
      ? { sortBy: prefs.sort.sortBy as AppointmentListRequestInput['sortBy'], sortOrder: prefs.sort.sortOrder }
      : {}),
    filter,
  };
  const appointments = useAppointments(type, request);
  const totals = useWeekdayTotals(
    { startDate: week.start, ...(debouncedFilter.officeId ? { officeId: debouncedFilter.officeId } : {}) },
    isWeek,
  );
  const exporter = useExportAppointments();
  const exportAs = (format: AppointmentExportFormat) => exporter.mutate({ ...request, type, format });

  const changeFilter = (next: AppointmentListFilterValues) => {
    setFilterValues(next);
    setPageNumber(1);
  };
  const openRow = (row: AppointmentRow) => {
    if (row.inquiryId) navigate(paths.communication.inquiry.href('appointments', row.inquiryId));
    else navigate(paths.client.detail.href(row.clientId));
  };

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{page.title}</Title>
          <Text size="sm" c="dimmed">
            {page.description}
          </Text>
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" loading={exporter.isPending} disabled={!appointments.data?.totalCount}>
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => exportAs('xlsx')}>Excel (XLSX)</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {isWeek && (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <WeekPicker
              start={week.start}
              onChange={(start) => {
                week.setWeek(start);
                setPageNumber(1);
              }}
            />
            {totals.isError ? (
              <Text size="sm" c="red.9">
                The counts per day could not be loaded.
              </Text>
            ) : (
              <WeekTotals
                totals={totals.data}
                loading={totals.isPending}
                selectedDay={week.day}
                onSelectDay={(day) => {
                  week.setDay(day);
                  setPageNumber(1);
                }}
              />
            )}
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="sm">
        <AppointmentListFilters
          value={filterValues}
          onChange={changeFilter}
          offices={mayListOffices ? (offices.data ?? []) : undefined}
          officesLoading={offices.isLoading}
          attorneys={mayListAttorneys ? (attorneys.data?.items ?? []) : undefined}
          attorneysLoading={attorneys.isLoading}
          withDates={!isWeek}
          datesAreBooked={type === 'set'}
        />
      </Paper>
      {appointments.isError && (
        <Alert color="red" variant="light" title="Appointments could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void appointments.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <AppointmentListLegend />
      <div data-testid="appointments-table">
        <DataTable
          label={page.title}
          pageName="appointments"
          columns={APPOINTMENT_TABLE_COLUMNS}
          rows={appointments.data?.items ?? []}
          getRowId={rowId}
          totalCount={appointments.data?.totalCount ?? 0}
          loading={isLoadingRows(appointments)}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          onSortChange={() => setPageNumber(1)}
          rowStyle={appointmentRowStyle}
          onRowClick={openRow}
          emptyState={isWeek ? 'No appointments this week match the filter' : 'No appointments match this filter'}
          maxHeight={isWeek ? 'calc(100dvh - 480px)' : 'calc(100dvh - 360px)'}
        />
      </div>
    </Stack>
  );
}
