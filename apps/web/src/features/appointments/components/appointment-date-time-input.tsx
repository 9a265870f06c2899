import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useState, type ReactNode } from 'react';
import { formatPickerValue, parsePickerValue } from '@casedesk/contract/appointments/date-time-rules';
import { instantOfWallTimeCompatible } from '@casedesk/contract/appointments/zoned-time';
import { CalendarIcon } from '@/components/icons.tsx';

/** A day picked in the calendar keeps the typed time, else starts at 9:00 AM (the usual first hour). */
const DEFAULT_MINUTES = 9 * 60;

/** The picker's text for a wall-clock day and time in the office's zone. */
export function pickerText(date: string, minutes: number, timeZone: string): string {
  return formatPickerValue(instantOfWallTimeCompatible(date, minutes, timeZone), timeZone);
}

interface AppointmentDateTimeInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error: string | null;
  description?: ReactNode;
  timeZone: string;
  /** yyyy-MM-dd in the office's zone */
  today: string;
  /** SPEC §4/§5: off the toggle only today and later can be picked; on it only today and earlier. */
  allow: 'future' | 'past';
}

/**
 * SPEC §5 date-time picker: typed as MM-dd-yyyy hh:mm AM/PM, or a day chosen in the calendar, where the
 * days on the wrong side of today are disabled.
 */
export function AppointmentDateTimeInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  timeZone,
  today,
  allow,
}: AppointmentDateTimeInputProps) {
  const [opened, setOpened] = useState(false);
  const parsed = parsePickerValue(value);
  const pickDay = (date: string | null) => {
    if (!date) return;
    onChange(pickerText(date, parsed?.minutes ?? DEFAULT_MINUTES, timeZone));
    setOpened(false);
  };
  return (
    <TextInput
      label={label}
      withAsterisk
      placeholder="MM-dd-yyyy hh:mm AM"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      description={description}
      data-testid="appointment-date-time"
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Choose a day" onClick={() => setOpened((o) => !o)}>
              <CalendarIcon size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={parsed?.date ?? null}
              defaultDate={parsed?.date ?? today}
              onChange={pickDay}
              {...(allow === 'future' ? { minDate: today } : { maxDate: today })}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
