import type {
  DatesSetArg,
  DayCellContentArg,
  DayCellMountArg,
  EventInput,
  EventMountArg,
  MoreLinkContentArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Button, Group, Loader, SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import {
  FULLCALENDAR_VIEW,
  HOUR_HEIGHT_PX,
  SCROLL_TIME,
  viewNameOf,
  visibleRangeOf,
  wallOfCalendarDate,
  type CalendarViewName,
  type VisibleRange,
} from './calendar-time.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons.tsx';
import classes from './calendar-view.module.css';

const PLUGINS = [timeGridPlugin, dayGridPlugin, multiMonthPlugin, interactionPlugin];

const VIEW_OPTIONS: { value: CalendarViewName; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

/** A shaded cell a keyboard can reach and pick; a click still goes through to FullCalendar's dateClick. */
function makeSlotButton(el: HTMLElement, name: string, pick: () => void) {
  el.tabIndex = 0;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', name);
  el.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    pick();
  });
}

export interface CalendarViewProps {
  /** Accessible name of the calendar region. */
  label: string;
  events: EventInput[];
  view: CalendarViewName;
  onViewChange(view: CalendarViewName): void;
  /** Every visible-range change (FullCalendar's datesSet), as office dates. */
  onRangeChange(range: VisibleRange): void;
  /** The office's wall-clock now, 'yyyy-MM-ddTHH:mm:ss' (FullCalendar runs in UTC mode). */
  now: string;
  /** Minutes of one week-view row: 30 (36 px) or 15 (18 px); an hour is always 72 px. */
  slotMinutes?: 15 | 30;
  /** Office dates greyed out: the attorney does not work then (schedule or holiday). */
  blockedDates?: ReadonlySet<string>;
  /** A click on a week-view cell (the cell's start, UTC-coerced office wall time). */
  onSlotClick?(date: Date): void;
  /**
   * The extendedProps key of background events that stand for a bookable cell: each becomes a button with
   * that text as its name, which Enter or Space picks like a click (onSlotClick with the event's start).
   */
  slotButtonLabel?: string;
  /** A fetch is under way: the previous events stay shown, with a small indicator. */
  loading?: boolean;
  /** Extra controls at the end of the toolbar (e.g. the Schedule Past Appointment toggle). */
  toolbarExtra?: ReactNode;
}

/**
 * The FullCalendar grid of the app: Week (24 rows of an hour, 72 px each, opened at 07:00 = 504 px),
 * Month (weeks from Sunday, 2 events a day then "+N") and Year (12 month grids), with a Mantine toolbar.
 */
export function CalendarView({
  label,
  events,
  view,
  onViewChange,
  onRangeChange,
  now,
  slotMinutes = 30,
  blockedDates,
  onSlotClick,
  slotButtonLabel,
  loading = false,
  toolbarExtra,
}: CalendarViewProps) {
  const calendarRef = useRef<FullCalendar>(null);
  // Buttons made at an event's mount call the handler of the latest render.
  const onSlotClickRef = useRef(onSlotClick);
  useEffect(() => {
    onSlotClickRef.current = onSlotClick;
  }, [onSlotClick]);
  const titleRef = useRef<HTMLDivElement>(null);
  const { height: viewportHeight } = useViewportSize();
  // The grid, the toolbar and the legend fit the viewport (inside a modal: its title and margins too).
  const gridHeight = Math.max(380, Math.min(680, (viewportHeight || 900) - 310));
  const api = () => calendarRef.current?.getApi();

  const handleDatesSet = useCallback(
    (arg: DatesSetArg) => {
      // The title lives in our toolbar; written directly so a range change re-renders nothing else.
      if (titleRef.current) titleRef.current.textContent = arg.view.title;
      const name = viewNameOf(arg.view.type);
      if (name !== view) onViewChange(name);
      onRangeChange(visibleRangeOf(arg.start, arg.end));
    },
    [onRangeChange, onViewChange, view],
  );

  const dayCellClassNames = useCallback(
    (arg: DayCellContentArg) => (blockedDates?.has(wallOfCalendarDate(arg.date).date) ? [classes.blocked!] : []),
    [blockedDates],
  );

  const handleDateClick = useCallback(
    (arg: DateClickArg) => {
      if (arg.view.type === FULLCALENDAR_VIEW.week) {
        if (!arg.allDay) onSlotClick?.(arg.date);
        return;
      }
      // Month and year: a day opens its week, where slots can be picked.
      onViewChange('week');
      api()?.changeView(FULLCALENDAR_VIEW.week, arg.date);
    },
    [onSlotClick, onViewChange],
  );

  const views = useMemo(
    () => ({
      timeGridWeek: {
        dayHeaderFormat: { weekday: 'short', month: 'numeric', day: 'numeric', omitCommas: true } as const,
        displayEventEnd: true,
      },
      // Day cells are small: coloured blocks with the start time and the title, cut with an ellipsis.
      dayGridMonth: { displayEventEnd: false },
      multiMonthYear: { displayEventEnd: false, multiMonthMinWidth: 300 },
    }),
    [],
  );

  const style = {
    '--cd-slot-height': `${(HOUR_HEIGHT_PX * slotMinutes) / 60}px`,
  } as CSSProperties;

  return (
    <section className={classes.root} style={style} aria-label={label} data-view={view}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => api()?.prev()}>
            <ChevronLeftIcon size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => api()?.next()}>
            <ChevronRightIcon size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => api()?.today()}>
            Today
          </Button>
          <Text fw={600} size="lg" ml={4} ref={titleRef} aria-live="polite" data-testid="calendar-title" />
          {loading ? (
            <Group gap={4} wrap="nowrap" data-testid="calendar-loading">
              <Loader size="xs" />
              <VisuallyHidden>Loading events</VisuallyHidden>
            </Group>
          ) : null}
        </Group>
        <Group gap="md" wrap="wrap">
          {toolbarExtra}
          <SegmentedControl
            aria-label="Calendar view"
            value={view}
            data={VIEW_OPTIONS}
            onChange={(value) => {
              const next = value as CalendarViewName;
              onViewChange(next);
              api()?.changeView(FULLCALENDAR_VIEW[next]);
            }}
          />
        </Group>
      </Group>
      <FullCalendar
        ref={calendarRef}
        plugins={PLUGINS}
        initialView={FULLCALENDAR_VIEW[view]}
        timeZone="UTC"
        now={now}
        headerToolbar={false}
        height={view === 'year' ? 'auto' : gridHeight}
        firstDay={0}
        nowIndicator
        allDaySlot
        allDayText="All day"
        slotMinTime="00:00:00"
        slotMaxTime="24:00:00"
        slotDuration={`00:${String(slotMinutes).padStart(2, '0')}:00`}
        slotLabelInterval="01:00:00"
        scrollTime={SCROLL_TIME}
        scrollTimeReset={false}
        expandRows={false}
        dayMaxEvents={2}
        eventDisplay="block"
        moreLinkContent={(arg: MoreLinkContentArg) => `+${arg.num}`}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        slotLabelFormat={{ hour: 'numeric', meridiem: 'short' }}
        events={events}
        views={views}
        dayCellClassNames={dayCellClassNames}
        dayCellDidMount={(arg: DayCellMountArg) => {
          // FullCalendar names a month cell by its date link alone; with events inside, the cell's visible
          // text is no longer part of that name (axe: label-content-name-mismatch). The date stays readable.
          arg.el.removeAttribute('aria-labelledby');
        }}
        dateClick={handleDateClick}
        datesSet={handleDatesSet}
        eventDidMount={(arg: EventMountArg) => {
          const tooltip = arg.event.extendedProps.tooltip as string | undefined;
          if (tooltip) arg.el.title = tooltip;
          // Lets a reader (and the e2e) find the appointment a block stands for.
          const appointmentId = arg.event.extendedProps.appointmentId as string | null | undefined;
          if (appointmentId) arg.el.dataset.appointmentId = appointmentId;
          const bookLabel = slotButtonLabel
            ? (arg.event.extendedProps[slotButtonLabel] as string | undefined)
            : undefined;
          const start = arg.event.start;
          if (bookLabel && start) makeSlotButton(arg.el, bookLabel, () => onSlotClickRef.current?.(start));
        }}
      />
    </section>
  );
}
