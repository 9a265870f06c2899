import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { attorneyScheduleWriteSchema, type AttorneySchedule } from '@casedesk/contract/attorneys/attorney-schedule';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveAttorneySchedule, type ScheduleWrite } from '../api/save-attorney-schedule.ts';
import { CopyIcon } from '@/components/icons.tsx';
import { ScheduleDay } from './schedule-day.tsx';
import {
  copyMondayToWeekdays,
  formFieldOf,
  formValuesOf,
  newWindow,
  overlappingDays,
  WEEKDAY_NAMES,
  type ScheduleFormValues,
} from './schedule-form-values.ts';

export const SCHEDULE_SAVED_MESSAGE = 'Schedule has been saved';

interface ScheduleEditorProps {
  attorneyId: string;
  schedule: AttorneySchedule;
  lawTypes: readonly string[];
  jurisdictions: readonly string[];
}

/**
 * The weekly schedule editor (SPEC §2 /management/attorney/{attorneyId}): windows per weekday, validated
 * with the PUT body's own contract schema, so the messages are the server's; Save sends the whole week.
 */
export function ScheduleEditor({ attorneyId, schedule, lawTypes, jurisdictions }: ScheduleEditorProps) {
  const defaultValues = useMemo(() => formValuesOf(schedule), [schedule]);
  const form = useForm<ScheduleFormValues, unknown, ScheduleWrite>({
    resolver: zodResolver(attorneyScheduleWriteSchema),
    defaultValues,
    mode: 'onChange',
  });
  const { control, handleSubmit, reset, setError, getValues, formState } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'entries' });
  const entries = useWatch({ control, name: 'entries' });
  const overlaps = useMemo(() => overlappingDays(entries ?? []), [entries]);
  const save = useSaveAttorneySchedule(attorneyId);
  const [serverError, setServerError] = useState<string | null>(null);

  const windowsOf = (dayOfWeek: number) =>
    fields.flatMap((field, index) => (field.dayOfWeek === dayOfWeek ? [{ key: field.id, index }] : []));

  const submit = handleSubmit((body) => {
    setServerError(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved));
        notifications.show({ color: 'teal', message: SCHEDULE_SAVED_MESSAGE });
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) {
          setServerError('The schedule was not saved. Please try again.');
          return;
        }
        setServerError(error.message);
        for (const [key, message] of Object.entries(error.body?.fieldErrors ?? {})) {
          const name = formFieldOf(key);
          if (name) setError(name, { type: 'server', message });
        }
      },
    });
  });

  // reset() returns to the form's defaults: the loaded schedule, or the last saved one (reset above).
  const discard = () => {
    setServerError(null);
    reset();
  };

  // Leaving the page (a link, back) with unsaved hours asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      formState.isDirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );

  const hasMonday = fields.some((f) => f.dayOfWeek === 1);
  // Both read on every render: RHF only tracks the formState fields a render has read.
  const { isDirty, isValid } = formState;
  const unchanged = !isDirty;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="weekly-schedule-title">
      <form onSubmit={submit} noValidate aria-label="Weekly schedule">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Title order={2} size="h4" id="weekly-schedule-title">
                Weekly schedule
              </Title>
              <Text size="sm" c="dimmed">
                Hours in the office’s time zone ({schedule.timeZone}). A window without a law type or jurisdiction
                serves any.
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<CopyIcon size={14} />}
                disabled={!hasMonday}
                onClick={() => replace(copyMondayToWeekdays(getValues('entries')))}
              >
                Copy Monday to weekdays
              </Button>
              <Button variant="default" disabled={unchanged || save.isPending} onClick={discard}>
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} disabled={unchanged || !isValid}>
                Save
              </Button>
            </Group>
          </Group>
          {serverError && (
            <Alert color="red" variant="light" title="The schedule was not saved" role="alert">
              {serverError}
            </Alert>
          )}
          <div>
            {WEEKDAY_NAMES.map((dayName, dayOfWeek) => (
              <ScheduleDay
                key={dayName}
                control={control}
                dayName={dayName}
                windows={windowsOf(dayOfWeek)}
                overlaps={overlaps.has(dayOfWeek)}
                lawTypes={lawTypes}
                jurisdictions={jurisdictions}
                onAdd={() =>
                  // No focus move: a searchable Select opens its list on focus.
                  append(
                    newWindow(
                      dayOfWeek,
                      getValues('entries').filter((e) => e.dayOfWeek === dayOfWeek),
                    ),
                    {
                      shouldFocus: false,
                    },
                  )
                }
                onRemove={remove}
              />
            ))}
          </div>
        </Stack>
      </form>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">Your changes to the weekly schedule have not been saved.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
