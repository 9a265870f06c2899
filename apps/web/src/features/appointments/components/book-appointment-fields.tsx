import {
  Box,
  Button,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_TYPES,
  type AppointmentType,
} from '@casedesk/contract/appointments/appointment';
import { APPOINTMENT_LENGTHS, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { FormField } from '@/components/form-field/form-field.tsx';
import { FormSelect } from '@/components/form-field/form-inputs.tsx';
import { FormCheckbox, FormSwitch } from '@/components/form-field/form-toggles.tsx';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import type { BookingFormOutput, BookingFormValues } from './booking-form-values.ts';

/** The booking form's control, as its field groups bind their inputs to it. */
export type BookingControl = Control<BookingFormValues, unknown, BookingFormOutput>;

interface PartiesProps {
  control: BookingControl;
  attorneys: UseQueryResult<AvailabilityRecord[]>;
  /** After the toggle moved: the date is judged against the other side of now. */
  onSchedulePastChange(): void;
}

/** Who and what: the attorney, the law type and the SPEC §4 Schedule Past Appointment toggle. */
export function BookingPartiesFields({ control, attorneys, onSchedulePastChange }: PartiesProps) {
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const schedulePast = useWatch({ control, name: 'schedulePast' });
  const attorneyOptions = (attorneys.data ?? []).map((a) => ({
    value: a.attorneyId,
    label: `${a.attorney} · ${a.officeName}`,
  }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="attorneyId"
          label="Attorney"
          required
          searchable
          placeholder={attorneys.isPending ? 'Loading attorneys…' : 'Choose an attorney'}
          data={attorneyOptions}
          error={attorneys.isError ? 'Attorneys could not be loaded. Close and try again.' : undefined}
          nothingFoundMessage="No attorney matches"
          comboboxProps={{ withinPortal: true }}
        />
        <FormSelect
          control={control}
          name="lawTypeId"
          label="Law Type"
          searchable
          clearable
          placeholder={lawTypes.isPending ? 'Loading…' : 'Choose a law type'}
          data={(lawTypes.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
        />
      </SimpleGrid>
      <FormSwitch
        control={control}
        name="schedulePast"
        label="Schedule Past Appointment"
        description={
          schedulePast ? 'Recording an appointment that already took place.' : 'Only future times can be booked.'
        }
        onValueChange={onSchedulePastChange}
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
  control: BookingControl;
  /** SPEC §3 Client.autoText */
  autoText: boolean;
}

/** How long, where, notes, and the welcome text (SPEC §5: not while the client has auto-text off). */
export function BookingDetailsFields({ control, autoText }: DetailsProps) {
  const checkbox = (
    <FormCheckbox
      control={control}
      name="sendWelcomeText"
      label="Send welcome SMS"
      disabled={!autoText}
      // A disabled input takes no pointer events: the wrapper below must get the hover for the tooltip.
      style={autoText ? undefined : { pointerEvents: 'none' }}
      data-testid="welcome-sms"
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormField control={control} name="appointmentLength" label="Appointment Length">
          {({ label, error, value, onChange }) => (
            <Input.Wrapper label={label} error={error} id="appointment-length">
              <SegmentedControl
                fullWidth
                aria-labelledby="appointment-length-label"
                data={APPOINTMENT_LENGTHS.map((n) => ({ value: String(n), label: `${n} min` }))}
                value={String(value)}
                onChange={(next) => onChange(Number(next) as AppointmentLength)}
              />
            </Input.Wrapper>
          )}
        </FormField>
        <FormField control={control} name="appointmentType" label="Type">
          {({ label, error, value, onChange }) => (
            <Input.Wrapper label={label} error={error} id="appointment-type">
              <SegmentedControl
                fullWidth
                aria-labelledby="appointment-type-label"
                data={[...APPOINTMENT_TYPES]}
                value={value ?? 'In Office'}
                onChange={(next) => onChange(next as AppointmentType)}
              />
            </Input.Wrapper>
          )}
        </FormField>
      </SimpleGrid>
      {/* Without the house textarea's counter: the modal is short, and the limit stops typing at 500. */}
      <FormField control={control} name="notes">
        {({ value, ...field }) => <Textarea {...field} value={value} rows={3} maxLength={500} />}
      </FormField>
      {autoText ? (
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
