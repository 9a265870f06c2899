import { ActionIcon, Button, Group, Skeleton, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import classes from './week-totals.module.css';

const DAY_FORMAT = 'YYYY-MM-DD';

/** SPEC §2 calendars start weeks on Sunday; the week view does the same. */
export function weekStartOf(day: string | Date): string {
  const at = dayjs(day);
  return at.subtract(at.day(), 'day').format(DAY_FORMAT);
}

export function weekLabel(start: string): string {
  const from = dayjs(start);
  const to = dayjs(addDays(start, 6));
  if (from.year() !== to.year()) return `${from.format('MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
  if (from.month() !== to.month()) return `${from.format('MMM D')} – ${to.format('MMM D, YYYY')}`;
  return `${from.format('MMM D')} – ${to.format('D, YYYY')}`;
}

interface WeekPickerProps {
  /** yyyy-MM-dd, a Sunday. */
  start: string;
  onChange: (start: string) => void;
}

/** Previous and next week, back to this week, or the week of any day. */
export function WeekPicker({ start, onChange }: WeekPickerProps) {
  const thisWeek = weekStartOf(new Date());
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Group gap={4} wrap="nowrap" align="center">
        <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => onChange(addDays(start, -7))}>
          <span aria-hidden>‹</span>
        </ActionIcon>
        <Text fw={600} miw={170} ta="center" aria-live="polite" data-testid="week-label">
          {weekLabel(start)}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => onChange(addDays(start, 7))}>
          <span aria-hidden>›</span>
        </ActionIcon>
      </Group>
      <Button variant="default" onClick={() => onChange(thisWeek)} disabled={start === thisWeek}>
        This week
      </Button>
      <TextInput
        label="Week of"
        type="date"
        value={start}
        onChange={(e) => {
          const day = e.currentTarget.value;
          if (/^\d{4}-\d{2}-\d{2}$/.test(day)) onChange(weekStartOf(day));
        }}
        w={160}
      />
    </Group>
  );
}

export interface WeekdayTotal {
  date: string;
  dayOfWeek: number;
  count: number;
}

interface WeekTotalsProps {
  totals: WeekdayTotal[] | undefined;
  loading: boolean;
  /** The day the table is narrowed to, if any. */
  selectedDay: string | null;
  onSelectDay: (day: string | null) => void;
}

/** SPEC §7 weekdayTotals: appointments on each day of the week; a day narrows the table to it. */
export function WeekTotals({ totals, loading, selectedDay, onSelectDay }: WeekTotalsProps) {
  if (loading || !totals) {
    return (
      <div className={classes.grid} aria-busy="true" aria-label="Appointments per day, loading">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={64} radius="sm" />
        ))}
      </div>
    );
  }
  const today = dayjs().format(DAY_FORMAT);
  const weekTotal = totals.reduce((sum, t) => sum + t.count, 0);
  return (
    <div className={classes.grid} role="group" aria-label="Appointments per day" data-testid="week-totals">
      {totals.map((t) => {
        const day = dayjs(t.date);
        const selected = selectedDay === t.date;
        return (
          <UnstyledButton
            key={t.date}
            className={classes.day}
            data-selected={selected || undefined}
            data-today={t.date === today || undefined}
            aria-pressed={selected}
            data-count={t.count}
            title={`Show only ${day.format('dddd, MMMM D')}`}
            onClick={() => onSelectDay(selected ? null : t.date)}
          >
            {/* The accessible name is the visible text plus words (axe: label-content-name-mismatch). */}
            <Text size="xs" className={classes.dayName}>
              {day.format('ddd D')}
              <VisuallyHidden>{day.format(' MMMM')}:</VisuallyHidden>
            </Text>
            <Text className={classes.count}>
              {t.count}
              <VisuallyHidden>{t.count === 1 ? ' appointment' : ' appointments'}</VisuallyHidden>
            </Text>
          </UnstyledButton>
        );
      })}
      <div className={classes.total}>
        <Text size="xs" className={classes.dayName}>
          Week
        </Text>
        <Text className={classes.count}>{weekTotal}</Text>
      </div>
    </div>
  );
}
