import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { HOLIDAY_MESSAGES, type Holiday } from '@casedesk/contract/calendar/calendar-event';
import { useHolidays } from '@/api/calendar/holidays.ts';
import { useRemoveHoliday } from '@/api/calendar/remove-holiday.ts';
import { useSaveHoliday } from '@/api/calendar/save-holiday.ts';
import { LoadError } from '@/components/load-error.tsx';
import { isApiError } from '@/lib/api-error.ts';

/** How far ahead the list looks. */
const MONTHS_AHEAD = 12;

interface Draft {
  id?: string;
  date: string;
  name: string;
}

const EMPTY: Draft = { date: '', name: '' };

interface HolidaysEditorProps {
  /** The office whose holidays are edited (the firm-wide ones show read-only); null: the firm-wide ones. */
  officeId: string | null;
  editable: boolean;
  /** What the holidays block, under the title. */
  description?: string;
}

/**
 * Holidays (SPEC §7 holiday) with add, edit and remove through /holiday: an office's, beside the firm-wide ones
 * (office page), or the firm-wide ones alone (collection management). The server decides who may write which.
 */
export function HolidaysEditor({ officeId, editable, description }: HolidaysEditorProps) {
  const range = useMemo(() => {
    const today = dayjs();
    return {
      startDate: today.format('YYYY-MM-DD'),
      endDate: today.add(MONTHS_AHEAD, 'month').format('YYYY-MM-DD'),
      ...(officeId ? { officeId } : {}),
    };
  }, [officeId]);
  const query = useHolidays(range);
  // Without an office the server answers every office's holidays: keep the firm-wide ones.
  const shown = query.data?.filter((h) => officeId || h.officeId === null);
  const isEditable = (holiday: Holiday) => editable && holiday.officeId === officeId;
  const save = useSaveHoliday();
  const remove = useRemoveHoliday();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    if (!draft.date) return setError('Date is a required field.');
    if (!draft.name.trim()) return setError(HOLIDAY_MESSAGES.name);
    save.mutate(
      { id: draft.id, date: draft.date, name: draft.name, officeId },
      {
        onSuccess: () => setDraft(EMPTY),
        onError: (e) => setError(isApiError(e) ? (e.body?.message ?? e.message) : 'The holiday was not saved.'),
      },
    );
  };
  const edit = (holiday: Holiday) => {
    setError(null);
    setDraft({ id: holiday.id, date: holiday.date, name: holiday.name });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="holidays-editor-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="holidays-editor-title">
            Holidays
          </Title>
          <Text size="sm" c="dimmed">
            {description ??
              `Next ${MONTHS_AHEAD} months: no appointments can be booked with this office’s attorneys on these days.`}
          </Text>
        </Stack>
        {query.isError ? (
          <LoadError title="Holidays could not be loaded" onRetry={() => void query.refetch()} />
        ) : !shown ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading holidays">
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : shown.length === 0 ? (
          <Text size="sm">No holidays in the next {MONTHS_AHEAD} months.</Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Holidays">
            {shown.map((holiday) => (
              <Group key={holiday.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {holiday.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dayjs(holiday.date).format('ddd, MMM D, YYYY')}
                  </Text>
                </Stack>
                {!isEditable(holiday) ? (
                  <Badge variant="light" color="gray" radius="sm">
                    {holiday.officeId === null ? 'Firm-wide' : 'Office'}
                  </Badge>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => edit(holiday)}>
                      Edit
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Remove ${holiday.name}`}
                      loading={remove.isPending && remove.variables === holiday.id}
                      onClick={() => remove.mutate(holiday.id)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {editable && (
          <Stack
            gap="xs"
            component="form"
            aria-label={draft.id ? 'Edit holiday' : 'Add holiday'}
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="Date"
                type="date"
                value={draft.date}
                onChange={(e) => setDraft({ ...draft, date: e.currentTarget.value })}
                w={160}
              />
              <TextInput
                label="Holiday name"
                value={draft.name}
                maxLength={100}
                onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
                style={{ flex: 1, minWidth: 140 }}
              />
            </Group>
            {error && (
              <Text size="sm" c="red" role="alert">
                * {error}
              </Text>
            )}
            <Group gap="xs" justify="flex-end">
              {draft.id && (
                <Button variant="default" size="xs" onClick={() => setDraft(EMPTY)}>
                  Cancel
                </Button>
              )}
              <Button type="submit" size="xs" loading={save.isPending}>
                {draft.id ? 'Save holiday' : 'Add holiday'}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
