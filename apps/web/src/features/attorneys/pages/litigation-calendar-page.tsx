import { Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useInterval } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { CalendarLegend } from '@/components/calendar/calendar-legend.tsx';
import {
  fetchInstantsOf,
  LITIGATION_KINDS,
  toCalendarTime,
  toEventInput,
  type CalendarViewName,
  type VisibleRange,
} from '@/components/calendar/calendar-time.ts';
import { CalendarView } from '@/components/calendar/calendar-view.tsx';
import { useDelayedRange, sameRange } from '@/components/calendar/use-delayed-range.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useLitigationAttorneys } from '../api/get-litigation-attorneys.ts';
import { useLitigationCalendar } from '../api/get-litigation-calendar.ts';
import { LitigationAttorneysPanel } from '../components/litigation-attorneys-panel.tsx';

/** Litigation attorneys work in several offices: the calendar reads in the viewer's own time zone. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * SPEC §2 /management/litigation-calendar: arbitration, mediation and trial events of the litigation
 * attorneys (SPEC §9), filtered by attorney, with a legend and the list of litigation attorneys.
 */
export function LitigationCalendarPage() {
  useDocumentTitle('Litigation calendar · Casedesk');
  const session = useSession();
  const subject = subjectOf(session);
  const canManage = can(subject, 'LITIGATION_CALENDAR', 'UPDATE');
  const canListAttorneys = can(subject, 'ATTORNEY_SCHEDULE', 'READ');

  const [view, setView] = useState<CalendarViewName>('month');
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [attorneyId, setAttorneyId] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 60_000, { autoInvoke: true });

  const attorneys = useLitigationAttorneys();
  const delayed = useDelayedRange(range);
  const query = delayed ? { ...fetchInstantsOf(delayed, TIME_ZONE), ...(attorneyId ? { attorneyId } : {}) } : null;
  const calendar = useLitigationCalendar(query);

  const events = useMemo(
    () => (calendar.data ?? []).map((e) => toEventInput(e, TIME_ZONE, { withAttorney: !attorneyId })),
    [calendar.data, attorneyId],
  );
  const handleRange = useCallback((next: VisibleRange) => {
    setRange((current) => (sameRange(current, next) ? current : next));
  }, []);

  const attorneyOptions = (attorneys.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  const loading = !sameRange(delayed, range) || calendar.isFetching;
  const empty = calendar.isSuccess && !calendar.isPlaceholderData && calendar.data.length === 0;

  return (
    <Stack gap="md" maw={1600} mx="auto" data-testid="litigation-calendar-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Litigation calendar</Title>
          <Text size="sm" c="dimmed">
            Arbitrations, mediations and trials of the litigation attorneys · times in {TIME_ZONE.replace(/_/g, ' ')}
          </Text>
        </Stack>
        <Select
          label="Attorney"
          placeholder="All litigation attorneys"
          data={attorneyOptions}
          value={attorneyId}
          onChange={setAttorneyId}
          clearable
          searchable
          w={280}
          nothingFoundMessage="No litigation attorney"
        />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              {calendar.isError ? (
                <LoadError
                  title="The litigation calendar could not be loaded"
                  onRetry={() => void calendar.refetch()}
                />
              ) : null}
              <CalendarView
                label="Litigation calendar"
                events={events}
                view={view}
                onViewChange={setView}
                onRangeChange={handleRange}
                now={toCalendarTime(now, TIME_ZONE)}
                loading={loading}
              />
              <Group justify="space-between" wrap="wrap" gap="xs">
                <CalendarLegend kinds={LITIGATION_KINDS} withHoliday={false} withBlocked={false} />
                {empty ? (
                  <Text size="sm" c="dimmed" data-testid="litigation-empty">
                    No arbitration, mediation or trial in this range.
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <LitigationAttorneysPanel
            attorneys={attorneys.data}
            loading={attorneys.isLoading}
            canManage={canManage}
            canListAttorneys={canListAttorneys}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
