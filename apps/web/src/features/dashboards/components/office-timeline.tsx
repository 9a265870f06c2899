import { Badge, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { Fragment, type CSSProperties } from 'react';
import type { Dashboard, Figure, TimelineItem } from '@casedesk/contract/dashboards/dashboard';
import { formatFigure } from '../model/figure-format.ts';
import { formatTimeIn } from '../model/dashboard-dates.ts';
import classes from './dashboard.module.css';
import { useOpenDrill } from './drill-context.ts';

type Colour = NonNullable<TimelineItem['colour']>;

/** SPEC §4 row colours with the appointment lists' own tokens: the light tint and a bar of the filled colour. */
const COLOUR_STYLES: Record<Colour, CSSProperties> = Object.fromEntries(
  (['green', 'red', 'blue', 'pink'] as const).map((c) => [
    c,
    {
      backgroundColor: `var(--mantine-color-${c}-light)`,
      boxShadow: `inset 4px 0 0 var(--mantine-color-${c}-filled)`,
    },
  ]),
) as Record<Colour, CSSProperties>;

/** What decides the colour (SPEC §4): the stage once it has passed, the appt status before. */
function statusOf(item: TimelineItem, past: boolean): string {
  return words(past ? item.stage : item.apptStatus || item.stage);
}

function words(value: string): string {
  if (!value) return '';
  if (value !== value.toUpperCase()) return value;
  const lower = value.replace(/_/g, ' ').toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function TimelineRow({
  item,
  zone,
  past,
  showOffice,
}: {
  item: TimelineItem;
  zone: string;
  past: boolean;
  showOffice: boolean;
}) {
  return (
    <li
      // Past rows sit above the now line at full contrast: no fading, the status tints leave little room.
      className={classes.timelineItem}
      data-past={past || undefined}
      style={item.colour ? COLOUR_STYLES[item.colour] : undefined}
      data-testid="timeline-item"
      data-colour={item.colour ?? ''}
    >
      <Stack gap={0}>
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatTimeIn(item.appointmentDateTime, zone)}
        </Text>
        <Text size="xs" className={classes.timelineMeta}>
          {item.appointmentLength} min
        </Text>
      </Stack>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {item.clientName}
        </Text>
        <Text size="xs" className={classes.timelineMeta} truncate>
          {[item.attorneyName ?? 'No attorney', showOffice ? item.officeName : null].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Badge variant="default" size="sm" tt="none" fw={500} maw={150}>
        {statusOf(item, past)}
      </Badge>
    </li>
  );
}

/**
 * Today's appointments in time order, each at its office's wall-clock time and in its SPEC §4 colour (past by
 * stage, upcoming by appt status), with a line at now. The heading count opens the rows behind it.
 */
export function OfficeTimeline({ dashboard, figure }: { dashboard: Dashboard; figure: Figure | undefined }) {
  const openDrill = useOpenDrill();
  const zones = new Map(dashboard.offices.map((o) => [o.id, o.timeZone]));
  const items = [...dashboard.timeline].sort((a, b) => a.appointmentDateTime.localeCompare(b.appointmentDateTime));
  const now = new Date(dashboard.generatedAt).getTime();
  const firstUpcoming = items.findIndex((i) => new Date(i.appointmentDateTime).getTime() >= now);
  const showOffice = new Set(items.map((i) => i.officeId)).size > 1;
  const count = figure ? formatFigure(figure.value, figure.unit) : String(items.length);
  return (
    <section className={classes.section} aria-label="Today's appointments" data-testid="office-timeline">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700} size="md" component="h2" m={0}>
              Today&apos;s appointments
            </Text>
            <Text size="xs" c="dimmed">
              In each office&apos;s local time; colours as in the appointment lists
            </Text>
          </div>
          {figure && (
            <UnstyledButton
              onClick={() => openDrill({ drill: figure.drill, caption: figure.label, shownValue: count })}
              aria-label={`${figure.label}: ${count}. Open the rows behind it`}
            >
              <Badge size="lg" variant="light" style={{ cursor: 'pointer' }}>
                {count}
              </Badge>
            </UnstyledButton>
          )}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No appointments today
          </Text>
        ) : (
          <ScrollArea.Autosize mah={520} type="auto" offsetScrollbars>
            <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((item, index) => (
                <Fragment key={item.appointmentId}>
                  {index === firstUpcoming && index > 0 && (
                    <li className={classes.nowLine} aria-label="Now">
                      Now
                    </li>
                  )}
                  <TimelineRow
                    item={item}
                    zone={zones.get(item.officeId) ?? dashboard.period.timeZone}
                    past={firstUpcoming === -1 || index < firstUpcoming}
                    showOffice={showOffice}
                  />
                </Fragment>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </section>
  );
}
