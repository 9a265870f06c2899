import {
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_TYPES,
  type AppointmentType,
} from '@casedesk/contract/appointments/appointment';
import { APPOINTMENT_LENGTHS, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';

interface PartiesProps {
  attorneys: UseQueryResult<AvailabilityRecord[]>;
  attorneyId: string | null;
  onAttorneyChange(id: string | null): void;
  lawTypeId: string | null;
  onLawTypeChange(id: string | null): void;
  schedulePast: boolean;
  onSchedulePastChange(past: boolean): void;
}

/** Who and what: the attorney, the law type and the SPEC §4 Schedule Past Appointment toggle. */
export function BookingPartiesFields(props: PartiesProps) {
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const attorneyOptions = (props.attorneys.data ?? []).map((a) => ({
    value: a.attorneyId,
    label: `${a.attorney} · ${a.officeName}`,
  }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Attorney"
          withAsterisk
          searchable
          placeholder={props.attorneys.isPending ? 'Loading attorneys…' : 'Choose an attorney'}
          data={attorneyOptions}
          value={props.attorneyId}
          onChange={props.onAttorneyChange}
          error={props.attorneys.isError ? 'Attorneys could not be loaded. Close and try again.' : undefined}
          nothingFoundMessage="No attorney matches"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Law Type"
          searchable
          clearable
          placeholder={lawTypes.isPending ? 'Loading…' : 'Choose a law type'}
          data={(lawTypes.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
          value={props.lawTypeId}
          onChange={props.onLawTypeChange}
        />
      </SimpleGrid>
      <Switch
        label="Schedule Past Appointment"
        description={
          props.schedulePast ? 'Recording an appointment that already took place.' : 'Only future times can be booked.'
        }
        checked={props.schedulePast}
        onChange={(event) => props.onSchedulePastChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}

interface OpenTimesProps {
  attorney: AvailabilityRecord;
  /** yyyy-MM-dd of the picker, or null before a day is chosen */
  date: string | null;
  chosen: Date | null;
  /** The day's open times are being read. */
  loading: boolean;
  onPick(startIso: string): void;
  onViewCalendar(): void;
}

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The attorney's open times on the chosen day (the server's slots), and the way to the full calendar. */
export function OpenTimes({ attorney, date, chosen, loading, onPick, onViewCalendar }: OpenTimesProps) {
  const day = date ? attorney.availableSlots.find((d) => d.date === date) : undefined;
  return (
    <Stack gap={6} data-testid="open-times">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {date ? `Open times on ${dayLabel(date)}` : 'Open times'}
        </Text>
        <Button variant="light" size="compact-sm" onClick={onViewCalendar}>
          View calendar
        </Button>
      </Group>
      {!date ? (
        <Text size="sm" c="dimmed">
          Choose a day to see {attorney.attorney}’s open times.
        </Text>
      ) : !day && loading ? (
        <Skeleton height={26} />
      ) : !day ? (
        <Text size="sm" c="dimmed">
          Open times of this day could not be read; type the time instead.
        </Text>
      ) : !day.available ? (
        <Text size="sm" c="dimmed">
          {attorney.attorney} does not work on this day.
        </Text>
      ) : day.slots.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open times left on this day.
        </Text>
      ) : (
        <Group gap={6}>
          {day.slots.map((slot) => (
            <Button
              key={slot.start}
              size="compact-xs"
              variant={chosen?.toISOString() === new Date(slot.start).toISOString() ? 'filled' : 'default'}
              onClick={() => onPick(slot.start)}
            >
              {slot.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

interface DetailsProps {
  length: AppointmentLength;
  onLengthChange(length: AppointmentLength): void;
  appointmentType: AppointmentType;
  onAppointmentTypeChange(type: AppointmentType): void;
  notes: string;
  onNotesChange(notes: string): void;
  autoText: boolean;
  sendWelcomeText: boolean;
  onSendWelcomeTextChange(send: boolean): void;
}

/** How long, where, notes, and the welcome text (SPEC §5: not while the client has auto-text off). */
export function BookingDetailsFields(props: DetailsProps) {
  const checkbox = (
    <Checkbox
      label="Send welcome SMS"
      checked={props.sendWelcomeText}
      disabled={!props.autoText}
      onChange={(event) => props.onSendWelcomeTextChange(event.currentTarget.checked)}
      // A disabled input takes no pointer events: the wrapper below must get the hover for the tooltip.
      style={props.autoText ? undefined : { pointerEvents: 'none' }}
      data-testid="welcome-sms"
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Input.Wrapper label="Appointment Length" id="appointment-length">
          <SegmentedControl
            fullWidth
            aria-labelledby="appointment-length-label"
            data={APPOINTMENT_LENGTHS.map((n) => ({ value: String(n), label: `${n} min` }))}
            value={String(props.length)}
            onChange={(value) => props.onLengthChange(Number(value) as AppointmentLength)}
          />
        </Input.Wrapper>
        <Input.Wrapper label="Type" id="appointment-type">
          <SegmentedControl
            fullWidth
            aria-labelledby="appointment-type-label"
            data={[...APPOINTMENT_TYPES]}
            value={props.appointmentType}
            onChange={(value) => props.onAppointmentTypeChange(value as AppointmentType)}
          />
        </Input.Wrapper>
      </SimpleGrid>
      <Textarea
        label="Notes"
        rows={3}
        maxLength={500}
        value={props.notes}
        onChange={(event) => props.onNotesChange(event.currentTarget.value)}
      />
      {props.autoText ? (
        checkbox
      ) : (
        <Tooltip
          label={APPOINTMENT_MESSAGES.autoTextDisabled}
          withArrow
          position="top-start"
          events={{ hover: true, focus: true, touch: true }}
        >
          <Box component="span" display="inline-block" w="fit-content" tabIndex={0} data-testid="welcome-sms-wrapper">
            {checkbox}
          </Box>
        </Tooltip>
      )}
    </Stack>
  );
}
