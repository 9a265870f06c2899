import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  canGoToPreviousWeek,
  nextWeekRange,
  previousWeekRange,
  weekRangeFrom,
  type WeekRange,
} from '@casedesk/contract/appointments/week-range';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons.tsx';

const short = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'May 4 – May 8, 2026': the weekdays the range shows. */
export function weekRangeLabel(range: WeekRange): string {
  const first = range.days[0] ?? range.start;
  const last = range.days.at(-1) ?? range.end;
  return `${short(first)} – ${short(last)}, ${last.slice(0, 4)}`;
}

interface WeekRangePickerProps {
  range: WeekRange;
  /** yyyy-MM-dd */
  today: string;
  onChange(range: WeekRange): void;
}

/** SPEC §4 availability week range: previous is blocked when it would pass the current week. */
export function WeekRangePicker({ range, today, onChange }: WeekRangePickerProps) {
  const backAllowed = canGoToPreviousWeek(range, today);
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Week">
      <Tooltip label={backAllowed ? 'Previous week' : 'Earlier weeks are past'} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous week"
          disabled={!backAllowed}
          onClick={() => onChange(previousWeekRange(range, today))}
          data-testid="week-previous"
        >
          <ChevronLeftIcon size={18} />
        </ActionIcon>
      </Tooltip>
      <Text fw={600} size="sm" miw={150} ta="center" aria-live="polite" data-testid="week-label">
        {weekRangeLabel(range)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next week"
        onClick={() => onChange(nextWeekRange(range))}
        data-testid="week-next"
      >
        <ChevronRightIcon size={18} />
      </ActionIcon>
      <Button variant="subtle" size="compact-sm" onClick={() => onChange(weekRangeFrom(today))}>
        This week
      </Button>
    </Group>
  );
}
