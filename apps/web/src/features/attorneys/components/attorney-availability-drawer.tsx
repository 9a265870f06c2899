import { Alert, Drawer, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useState } from 'react';
import {
  APPOINTMENT_LENGTHS,
  DEFAULT_APPOINTMENT_LENGTH,
  type AppointmentLength,
} from '@casedesk/contract/appointments/slots';
import { weekRangeFrom } from '@casedesk/contract/appointments/week-range';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { LoadError } from '@/components/load-error.tsx';
import { useAttorneyAvailability } from '../api/get-attorney-availability.ts';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { AvailabilityPartsContext, type AvailabilityInquiry } from './availability-parts.ts';
import { AvailabilityTable, type SlotChoice } from './availability-table.tsx';
import { WeekRangePicker } from './week-range-picker.tsx';

/** SPEC §9: availability fetch debounce. */
export const AVAILABILITY_DEBOUNCE_MS = 300;
export const EMPTY_MESSAGE = 'No attorney is available in this week.';

export interface AttorneyAvailabilityDrawerProps {
  opened: boolean;
  onClose(): void;
  /** From the inquiry screen: slots book an appointment for this inquiry. */
  inquiry?: AvailabilityInquiry;
}

const browserToday = () => wallTimeOf(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).date;

/** SPEC §2 Attorney Availability drawer. */
export function AttorneyAvailabilityDrawer({ opened, onClose, inquiry }: AttorneyAvailabilityDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(1240px, 100vw)"
      title="Attorney Availability"
      data-testid="availability-drawer"
    >
      {opened && <AvailabilityContent onClose={onClose} {...(inquiry ? { inquiry } : {})} />}
    </Drawer>
  );
}

function AvailabilityContent({ onClose, inquiry }: { onClose(): void; inquiry?: AvailabilityInquiry }) {
  const { BookSlot, AttorneyCalendar } = useContext(AvailabilityPartsContext);
  const today = browserToday();
  const [range, setRange] = useState(() => weekRangeFrom(today));
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const jurisdictions = useActiveDropdowns('JURISDICTION');
  // Undefined until the user picks: from an inquiry the filter starts at the inquiry's law type.
  const [lawTypeChoice, setLawTypeChoice] = useState<string | null | undefined>(undefined);
  const inquiryLawType = lawTypes.data?.find((o) => o.id === inquiry?.lawTypeId)?.value ?? null;
  const lawType = lawTypeChoice === undefined ? inquiryLawType : lawTypeChoice;
  const [jurisdiction, setJurisdiction] = useState<string | null>(null);
  const [length, setLength] = useState<AppointmentLength>(DEFAULT_APPOINTMENT_LENGTH);
  const [filters] = useDebouncedValue(
    { lawType: lawType ?? '', jurisdiction: jurisdiction ?? '' },
    AVAILABILITY_DEBOUNCE_MS,
  );
  const waitingForLawType = Boolean(inquiry?.lawTypeId) && lawTypeChoice === undefined && lawTypes.isPending;
  const availability = useAttorneyAvailability(
    {
      startDate: range.days[0] ?? range.start,
      endDate: range.days.at(-1) ?? range.end,
      lawType: filters.lawType,
      jurisdiction: filters.jurisdiction,
      appointmentLength: length,
    },
    !waitingForLawType,
  );
  const [booking, setBooking] = useState<SlotChoice | null>(null);
  const [calendarOf, setCalendarOf] = useState<AvailabilityRecord | null>(null);
  const rows = availability.isError && !availability.data ? [] : availability.data;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Law Type"
          placeholder="Any law type"
          clearable
          searchable
          w={220}
          data={(lawTypes.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={lawType}
          onChange={setLawTypeChoice}
        />
        <Select
          label="Jurisdiction"
          placeholder="Any jurisdiction"
          clearable
          searchable
          w={200}
          data={(jurisdictions.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={jurisdiction}
          onChange={setJurisdiction}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="availability-length-label">
            Appointment Length
          </Text>
          <SegmentedControl
            aria-labelledby="availability-length-label"
            data={APPOINTMENT_LENGTHS.map((n) => ({ value: String(n), label: `${n} min` }))}
            value={String(length)}
            onChange={(v) => setLength(Number(v) as AppointmentLength)}
          />
        </Stack>
        <Group ml="auto">
          <WeekRangePicker range={range} today={today} onChange={setRange} />
        </Group>
      </Group>
      {inquiry ? (
        <Text size="sm" c="dimmed">
          Pick an open time to book it for this inquiry. Times are in each attorney’s office time zone.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Open times per attorney, in each attorney’s office time zone. To book one, open a lead and use Attorney
          availability there.
        </Text>
      )}
      {availability.isError && (
        <LoadError title="Availability could not be loaded" onRetry={() => void availability.refetch()} />
      )}
      {rows && rows.length === 0 && !availability.isError ? (
        <Alert color="gray" variant="light" data-testid="availability-empty">
          {EMPTY_MESSAGE}
          {lawType || jurisdiction ? ' Try clearing the Law Type or Jurisdiction filter.' : ''}
        </Alert>
      ) : (
        <AvailabilityTable
          days={range.days}
          rows={rows}
          loading={availability.isFetching}
          {...(inquiry && BookSlot ? { onSlot: setBooking } : {})}
          {...(AttorneyCalendar ? { onCalendar: setCalendarOf } : {})}
        />
      )}
      {inquiry && BookSlot && booking && (
        <BookSlot
          opened
          onClose={() => setBooking(null)}
          inquiry={inquiry}
          attorneyId={booking.attorneyId}
          startIso={booking.startIso}
          appointmentLength={length}
          onBooked={onClose}
        />
      )}
      {AttorneyCalendar && calendarOf && (
        <AttorneyCalendar
          opened
          onClose={() => setCalendarOf(null)}
          attorneyId={calendarOf.attorneyId}
          attorneyName={calendarOf.attorney}
        />
      )}
    </Stack>
  );
}
