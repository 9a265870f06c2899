import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CALENDAR_EVENT_KINDS, type CalendarEventKind } from '@casedesk/contract/calendar/calendar-event';
import { EVENT_KIND_STYLE } from './calendar-time.ts';
import classes from './calendar-view.module.css';

function Swatch({ className, color }: { className?: string; color?: string }) {
  return <span className={`${classes.swatch} ${className ?? ''}`} style={color ? { background: color } : undefined} />;
}

export interface CalendarLegendProps {
  kinds?: readonly CalendarEventKind[];
  withFree?: boolean;
  withHoliday?: boolean;
  withBlocked?: boolean;
}

/** What the colours of the calendar mean: event kinds (litigation apart), holidays, free and blocked time. */
export function CalendarLegend({
  kinds = CALENDAR_EVENT_KINDS,
  withFree = false,
  withHoliday = true,
  withBlocked = true,
}: CalendarLegendProps) {
  const item = (key: string, swatch: ReactNode, label: string) => (
    <Group key={key} gap={6} wrap="nowrap" component="li">
      {swatch}
      <Text size="xs">{label}</Text>
    </Group>
  );
  return (
    <Group gap="md" wrap="wrap" component="ul" className={classes.legend} aria-label="Legend">
      {kinds.map((kind) => item(kind, <Swatch color={EVENT_KIND_STYLE[kind].color} />, EVENT_KIND_STYLE[kind].label))}
      {withHoliday ? item('holiday', <Swatch className={classes.swatchHoliday} />, 'Holiday') : null}
      {withFree ? item('free', <Swatch className={classes.swatchFree} />, 'Free slot') : null}
      {withBlocked
        ? item('blocked', <Swatch className={`${classes.swatchBlocked} ${classes.blocked}`} />, 'Not working')
        : null}
    </Group>
  );
}
