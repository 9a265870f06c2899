import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useHolidays } from '@/api/calendar/holidays.ts';
import { LoadError } from '@/components/load-error.tsx';

/** How far ahead the side card looks. */
export const HOLIDAY_WEEKS_AHEAD = 8;

interface HolidaysCardProps {
  /** The attorney's office, whose own holidays come with the firm-wide ones; null: firm-wide only; undefined: wait. */
  officeId: string | null | undefined;
  officeName?: string;
}

/** Read-only: the holidays of the coming weeks that block the attorney's whole days (SPEC §7 holiday). */
export function HolidaysCard({ officeId, officeName }: HolidaysCardProps) {
  const range = useMemo(() => {
    const today = dayjs();
    return {
      startDate: today.format('YYYY-MM-DD'),
      endDate: today.add(HOLIDAY_WEEKS_AHEAD, 'week').format('YYYY-MM-DD'),
      ...(officeId ? { officeId } : {}),
    };
  }, [officeId]);
  const holidays = useHolidays(range, officeId !== undefined);
  // Without an office the server answers every office's holidays: keep the firm-wide ones.
  const shown = holidays.data?.filter((h) => officeId || h.officeId === null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="holidays-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="holidays-title">
            Holidays
          </Title>
          <Text size="sm" c="dimmed">
            Next {HOLIDAY_WEEKS_AHEAD} weeks: no appointments can be booked on these days.
          </Text>
        </Stack>
        {holidays.isError ? (
          <LoadError title="Holidays could not be loaded" onRetry={() => void holidays.refetch()} />
        ) : !shown ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading holidays">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : shown.length === 0 ? (
          <Text size="sm">No holidays in the next {HOLIDAY_WEEKS_AHEAD} weeks.</Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((holiday) => (
              <li key={holiday.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {holiday.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {dayjs(holiday.date).format('ddd, MMM D, YYYY')}
                    </Text>
                  </Stack>
                  <Badge variant="light" color={holiday.officeId ? 'grape' : 'gray'} radius="sm">
                    {holiday.officeId ? (officeName ?? 'Office') : 'Firm-wide'}
                  </Badge>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
