import { Group, Text } from '@mantine/core';
import {
  APPOINTMENT_STAGES,
  APPT_STATUS_LABELS,
  APPT_STATUSES,
  appointmentRowColour,
  type RowColour,
} from '@casedesk/contract/appointments/row-colour';
import { ROW_COLOUR_STYLES } from './appointment-list-columns.tsx';
import classes from './appointment-list-legend.module.css';

interface LegendEntry {
  colour: RowColour;
  labels: string[];
}

const ORDER: RowColour[] = ['green', 'blue', 'red', 'pink'];

/** Groups labels by the colour the contract's rule gives them, in a fixed colour order. */
function byColour(items: { label: string; colour: RowColour | null }[]): LegendEntry[] {
  return ORDER.map((colour) => ({
    colour,
    labels: items.filter((i) => i.colour === colour).map((i) => i.label),
  })).filter((e) => e.labels.length > 0);
}

// SPEC §4: the legend is read off the rule itself (a past row by stage, a future row by apptStatus).
const PAST = byColour(
  APPOINTMENT_STAGES.map((s) => ({
    label: s.name,
    colour: appointmentRowColour({ appointmentDateTime: new Date(0), stageId: s.id, apptStatus: null }, 1),
  })),
);
const FUTURE = byColour(
  APPT_STATUSES.map((status) => ({
    label: APPT_STATUS_LABELS[status],
    colour: appointmentRowColour({ appointmentDateTime: new Date(1), stageId: null, apptStatus: status }, 0),
  })),
);

function LegendLine({ title, entries }: { title: string; entries: LegendEntry[] }) {
  return (
    <Group gap="xs" wrap="wrap" component="li" className={classes.line}>
      <Text size="xs" fw={600} className={classes.title}>
        {title}
      </Text>
      {entries.map((e) => (
        <Group key={e.colour} gap={6} wrap="nowrap" className={classes.entry}>
          <span className={classes.swatch} style={ROW_COLOUR_STYLES[e.colour]} aria-hidden />
          <Text size="xs" className={classes.text}>
            {e.labels.join(', ')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** What the row colours mean (SPEC §4); the stage and appt status columns say the same in words. */
export function AppointmentListLegend() {
  return (
    <ul className={classes.legend} aria-label="Row colours" data-testid="appointment-colour-legend">
      <LegendLine title="Past, by stage:" entries={PAST} />
      <LegendLine title="Upcoming, by appt status:" entries={FUTURE} />
    </ul>
  );
}
