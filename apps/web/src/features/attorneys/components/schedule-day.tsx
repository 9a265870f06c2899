import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { SCHEDULE_MESSAGES } from '@casedesk/contract/attorneys/attorney-schedule';
import { PlusIcon } from '@/components/icons.tsx';
import type { ScheduleFormValues } from './schedule-form-values.ts';
import { ScheduleWindowFields } from './schedule-window-fields.tsx';
import classes from './schedule-editor.module.css';

interface ScheduleDayProps {
  control: Control<ScheduleFormValues>;
  dayName: string;
  /** The day's windows: their key and their index in the form's entries. */
  windows: readonly { key: string; index: number }[];
  overlaps: boolean;
  lawTypes: readonly string[];
  jurisdictions: readonly string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** One weekday of the editor: its working windows, add and remove. */
export function ScheduleDay({
  control,
  dayName,
  windows,
  overlaps,
  lawTypes,
  jurisdictions,
  onAdd,
  onRemove,
}: ScheduleDayProps) {
  const headingId = `schedule-day-${dayName.toLowerCase()}`;
  return (
    <div className={classes.day} role="group" aria-labelledby={headingId}>
      <div className={classes.dayName}>
        <Text fw={600} size="sm" id={headingId}>
          {dayName}
        </Text>
      </div>
      <Stack gap="xs" align="flex-start">
        {windows.length === 0 && (
          <Text size="sm" c="dimmed" pt={6}>
            Not working
          </Text>
        )}
        {windows.map(({ key, index }, n) => (
          <ScheduleWindowFields
            key={key}
            control={control}
            index={index}
            name={`${dayName} hours ${n + 1}`}
            lawTypes={lawTypes}
            jurisdictions={jurisdictions}
            onRemove={() => onRemove(index)}
          />
        ))}
        {overlaps && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            * {SCHEDULE_MESSAGES.overlap}
          </Text>
        )}
        <Button variant="subtle" size="compact-sm" leftSection={<PlusIcon size={14} />} onClick={onAdd}>
          Add hours
          <VisuallyHidden> on {dayName}</VisuallyHidden>
        </Button>
      </Stack>
    </div>
  );
}
