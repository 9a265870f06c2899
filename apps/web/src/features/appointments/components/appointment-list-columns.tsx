import { Badge, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  APPOINTMENT_COLUMNS,
  type AppointmentColumnId,
  type AppointmentRow,
} from '@casedesk/contract/appointments/appointment';
import { appointmentRowColour, apptStatusLabel, type RowColour } from '@casedesk/contract/appointments/row-colour';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const header = (id: AppointmentColumnId) => APPOINTMENT_COLUMNS.find((c) => c.id === id)!.header;

function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

function clientCell(row: AppointmentRow) {
  return (
    <Group gap={6} wrap="nowrap">
      {clipped(row.clientName)}
      {row.flagged && (
        <Badge size="xs" variant="outline" color="orange.9" title="Flagged for follow-up">
          Flag
        </Badge>
      )}
      {!row.isActive && (
        <Badge size="xs" variant="outline" color="gray.8" title="This appointment was deleted">
          Deleted
        </Badge>
      )}
    </Group>
  );
}

/** The contract's headers, in its order; every column sorts on the server. */
export const APPOINTMENT_TABLE_COLUMNS: DataTableColumn<AppointmentRow>[] = [
  { id: 'clientName', header: header('clientName'), sortable: true, width: 190, cell: clientCell },
  { id: 'clientPhone', header: header('clientPhone'), kind: 'phone', sortable: true, width: 130 },
  { id: 'appointmentDateTime', header: header('appointmentDateTime'), kind: 'dateTime', sortable: true, width: 180 },
  {
    id: 'appointmentLength',
    header: header('appointmentLength'),
    sortable: true,
    width: 90,
    align: 'center',
    accessor: (r) => `${r.appointmentLength} min`,
  },
  {
    id: 'attorneyName',
    header: header('attorneyName'),
    sortable: true,
    width: 160,
    cell: (r) => clipped(r.attorneyName),
  },
  { id: 'officeName', header: header('officeName'), sortable: true, width: 130, cell: (r) => clipped(r.officeName) },
  { id: 'lawType', header: header('lawType'), sortable: true, width: 140, cell: (r) => clipped(r.lawType) },
  { id: 'appointmentType', header: header('appointmentType'), sortable: true, width: 90 },
  { id: 'stage', header: header('stage'), sortable: true, width: 150, cell: (r) => clipped(r.stage) },
  {
    id: 'apptStatus',
    header: header('apptStatus'),
    sortable: true,
    width: 130,
    accessor: (r) => apptStatusLabel(r.apptStatus),
  },
  { id: 'bookedBy', header: header('bookedBy'), sortable: true, width: 140, cell: (r) => clipped(r.bookedBy) },
  { id: 'bookedAt', header: header('bookedAt'), kind: 'dateTime', sortable: true, width: 180 },
];

/**
 * A tint under the row's own text (which keeps its contrast: the tints are Mantine's light variants,
 * about 10 % colour) and a solid bar at its left edge, so the colour reads even on a hovered row.
 */
function colourStyle(colour: RowColour): CSSProperties {
  return {
    backgroundColor: `var(--mantine-color-${colour}-light)`,
    boxShadow: `inset 4px 0 0 var(--mantine-color-${colour}-filled)`,
  };
}

/** Shared style objects, so rows that did not change are not rendered again (DataTable rowStyle). */
export const ROW_COLOUR_STYLES: Record<RowColour, CSSProperties> = {
  green: colourStyle('green'),
  red: colourStyle('red'),
  blue: colourStyle('blue'),
  pink: colourStyle('pink'),
};

/** SPEC §4 row colours (past by stage, future by apptStatus), by the contract's rule. */
export function appointmentRowStyle(row: AppointmentRow, now: number = Date.now()): CSSProperties | undefined {
  const colour = appointmentRowColour(row, now);
  return colour ? ROW_COLOUR_STYLES[colour] : undefined;
}
