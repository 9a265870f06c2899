import { Alert, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_APPOINTMENT_LENGTH } from '@casedesk/contract/appointments/slots';
import { CalendarLegend } from '@/components/calendar/calendar-legend.tsx';
import {
  holidayInputs,
  instantOfCalendarDate,
  toCalendarTime,
  toEventInput,
  wallOfCalendarDate,
  type CalendarViewName,
  type VisibleRange,
} from '@/components/calendar/calendar-time.ts';
import { CalendarView } from '@/components/calendar/calendar-view.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { FREE_SLOT_LABEL, freeSlotInputs, slotRefusal } from './calendar-model.ts';
import { useAttorneyCalendar } from './use-attorney-calendar.ts';

export interface CalendarModalProps {
  opened: boolean;
  onClose(): void;
  attorneyId: string;
  attorneyName?: string;
  readOnly?: boolean;
  appointmentLength?: 15 | 30 | 60;
  /** Initial state of the Schedule Past Appointment toggle. */
  schedulePast?: boolean;
  /** A free slot was clicked: its start instant (ISO); the parent opens the New Appointment modal. */
  onSlotSelect?(startIso: string): void;
}

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * SPEC §2 Calendar modal: an attorney's calendar in Week, Month and Year views, in the office's time zone,
 * with its appointments, events, litigation events and holidays; days the attorney does not work are
 * greyed; a free slot on the toggle's side of now can be clicked to book (SPEC §4, §5).
 */
export function CalendarModal(props: CalendarModalProps) {
  const { opened, onClose, attorneyName } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={attorneyName ? `Calendar · ${attorneyName}` : 'Attorney calendar'}
      size="min(1200px, 96vw)"
      padding="md"
    >
      {opened ? <AttorneyCalendar {...props} /> : null}
    </Modal>
  );
}

function AttorneyCalendar({
  attorneyId,
  readOnly = false,
  appointmentLength = DEFAULT_APPOINTMENT_LENGTH,
  schedulePast: initialPast = false,
  onSlotSelect,
}: CalendarModalProps) {
  const [view, setView] = useState<CalendarViewName>('week');
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [past, setPast] = useState(initialPast);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 60_000, { autoInvoke: true });

  const calendar = useAttorneyCalendar({
    attorneyId,
    range,
    appointmentLength,
    schedulePast: past,
    enabled: true,
  });
  const timeZone = calendar.info?.timeZone ?? BROWSER_ZONE;
  const calendarNow = toCalendarTime(now, timeZone);

  const events = useMemo(
    () => [
      ...calendar.events.map((e) => toEventInput(e, timeZone)),
      ...holidayInputs(calendar.holidays),
      ...(view === 'week' && !readOnly ? freeSlotInputs(calendar.index, timeZone, appointmentLength) : []),
    ],
    [calendar.events, calendar.holidays, calendar.index, timeZone, view, readOnly, appointmentLength],
  );

  const handleRange = useCallback((next: VisibleRange) => {
    setRange((current) => (current?.startDate === next.startDate && current.endDate === next.endDate ? current : next));
  }, []);

  const handleSlotClick = useCallback(
    (date: Date) => {
      if (readOnly || !calendar.info) return;
      const start = instantOfCalendarDate(date, timeZone);
      const reason = slotRefusal({
        start,
        date: wallOfCalendarDate(date).date,
        length: appointmentLength,
        index: calendar.index,
        events: calendar.events,
        now: new Date(),
        past,
      });
      setRefusal(reason);
      if (reason === null && start) onSlotSelect?.(start.toISOString());
    },
    [readOnly, calendar.info, calendar.index, calendar.events, timeZone, appointmentLength, past, onSlotSelect],
  );

  if (calendar.notFound) {
    return (
      <Alert color="gray" title="No calendar">
        This attorney’s calendar could not be found. The attorney may no longer be active.
      </Alert>
    );
  }

  const toggle = readOnly ? null : (
    <Switch
      label="Schedule Past Appointment"
      checked={past}
      onChange={(event) => {
        setPast(event.currentTarget.checked);
        setRefusal(null);
      }}
    />
  );

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="calendar-zone">
          {calendar.info
            ? `${calendar.info.officeName} office · times in ${timeZone.replace(/_/g, ' ')}`
            : 'Loading the attorney’s calendar…'}
        </Text>
        <Text size="sm" c="dimmed">
          {readOnly
            ? 'Read-only calendar.'
            : `Click a green slot (or Tab to it and press Enter) to book a ${appointmentLength}-minute appointment${past ? ' in the past' : ''}.`}
        </Text>
      </Group>
      {calendar.isError ? (
        <LoadError title="The calendar could not be loaded" onRetry={calendar.refetch}>
          Some events may be missing. Check your connection and try again.
        </LoadError>
      ) : null}
      <CalendarView
        // It opens on the office's today. Until the calendar names the office's zone the browser's stands in; where
        // the two are on different days (a Saturday evening in New York is Sunday in UTC, another week) the grid
        // starts again on the office's today, as it does when the office's day turns at midnight.
        key={calendarNow.slice(0, 10)}
        label="Attorney calendar"
        events={events}
        view={view}
        onViewChange={setView}
        onRangeChange={handleRange}
        now={calendarNow}
        slotMinutes={appointmentLength === 15 ? 15 : 30}
        blockedDates={calendar.index.blockedDates}
        onSlotClick={readOnly ? undefined : handleSlotClick}
        slotButtonLabel={FREE_SLOT_LABEL}
        loading={calendar.isLoading}
        toolbarExtra={toggle}
      />
      <Group justify="space-between" gap="xs" wrap="wrap" mih={24}>
        <CalendarLegend withFree={!readOnly} />
        {refusal ? (
          <Text size="sm" c="red.9" role="status" data-testid="slot-refusal">
            {refusal}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
