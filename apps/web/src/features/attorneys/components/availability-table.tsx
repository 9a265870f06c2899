import { ActionIcon, Badge, Box, Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { CalendarIcon } from '@/components/icons.tsx';
import classes from './availability-table.module.css';

export interface SlotChoice {
  attorneyId: string;
  startIso: string;
}

interface AvailabilityTableProps {
  days: string[];
  rows: AvailabilityRecord[] | undefined;
  loading: boolean;
  /** Slots are buttons only when there is an inquiry to book for. */
  onSlot?(choice: SlotChoice): void;
  onCalendar?(attorney: AvailabilityRecord): void;
}

const dayHeader = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return {
    weekday: d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }),
    date: d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
  };
};

function DayCell({
  attorney,
  date,
  onSlot,
}: {
  attorney: AvailabilityRecord;
  date: string;
  onSlot?: (c: SlotChoice) => void;
}) {
  const day = attorney.availableSlots.find((d) => d.date === date);
  if (!day || !day.available) {
    return (
      <Text size="xs" c="dimmed">
        Not available
      </Text>
    );
  }
  if (day.slots.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Fully booked
      </Text>
    );
  }
  return (
    <Box
      className={classes.slots}
      // The list scrolls; without buttons inside, the region itself must take the keyboard focus.
      tabIndex={onSlot ? undefined : 0}
      aria-label={`${attorney.attorney}, ${date}: ${day.slots.length} open times`}
      role="group"
    >
      {day.slots.map((slot) =>
        onSlot ? (
          <Button
            key={slot.start}
            size="compact-xs"
            variant="light"
            className={classes.slot}
            aria-label={`Book ${attorney.attorney} on ${date} at ${slot.label}`}
            onClick={() => onSlot({ attorneyId: attorney.attorneyId, startIso: slot.start })}
          >
            {slot.label}
          </Button>
        ) : (
          <Badge key={slot.start} variant="light" color="gray" radius="sm" className={classes.slot}>
            {slot.label}
          </Badge>
        ),
      )}
    </Box>
  );
}

/** SPEC §2: attorneys (rows) by weekday (columns) with their open slots. */
export function AvailabilityTable({ days, rows, loading, onSlot, onCalendar }: AvailabilityTableProps) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing="xs"
        className={classes.table}
        aria-label="Attorney availability"
        aria-busy={loading}
        data-testid="availability-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.attorneyColumn}>Attorney</Table.Th>
            {days.map((date) => {
              const h = dayHeader(date);
              return (
                <Table.Th key={date}>
                  {h.weekday}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {h.date}
                  </Text>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: loading && rows ? 0.6 : 1 }}>
          {!rows
            ? [0, 1, 2, 3].map((i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Skeleton height={14} width="70%" mb={6} />
                    <Skeleton height={10} width="50%" />
                  </Table.Td>
                  {days.map((d) => (
                    <Table.Td key={d}>
                      <Skeleton height={44} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((attorney) => (
                <Table.Tr key={attorney.attorneyId} data-testid="availability-row">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {attorney.attorney}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {attorney.officeName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[attorney.lawType, attorney.jurisdiction].filter(Boolean).join(' · ')}
                        </Text>
                      </Stack>
                      {onCalendar && (
                        <Tooltip label="Calendar" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Calendar of ${attorney.attorney}`}
                            onClick={() => onCalendar(attorney)}
                          >
                            <CalendarIcon size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  {days.map((date) => (
                    <Table.Td key={date}>
                      <DayCell attorney={attorney} date={date} {...(onSlot ? { onSlot } : {})} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
