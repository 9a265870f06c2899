import { ActionIcon, Alert, Group, NativeSelect, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Dashboard } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { LoadError } from '@/components/load-error.tsx';
import { useSession } from '@/lib/session-context.ts';
import { browserTimeZone } from '../api/dashboard-keys.ts';
import { dashboardQueryOptions, useDashboard } from '../api/get-dashboard.ts';
import { useLiveRefresh } from '../live/use-live-refresh.ts';
import { DASHBOARD_TITLES } from '../model/dashboard-choice.ts';
import { formatLongDay, greetingAt } from '../model/dashboard-dates.ts';
import classes from './dashboard.module.css';
import { DashboardSwitcher } from './dashboard-switcher.tsx';
import { DrillContext, type OpenDrill } from './drill-context.ts';

/** The drill-down drawer and its table come with their own chunk, on the first click of a figure. */
const DrillDrawer = lazy(() => import('./drill-drawer.tsx').then((m) => ({ default: m.DrillDrawer })));

const ALL_OFFICES = 'all';

function RefreshIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M21 3v5h-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function updatedAt(instant: string): string {
  return new Date(instant).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

function FiguresLoading() {
  return (
    <Stack gap="md" data-testid="dashboard-loading">
      <Group grow gap="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </Group>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

interface DashboardFrameProps {
  kind: DashboardKind;
  /** Live events refresh it (the call centre). */
  live?: boolean;
  /** What the office chooser calls "every office" (the figures of the caller's whole scope). */
  allOfficesLabel: string;
  children: (dashboard: Dashboard) => ReactNode;
}

/**
 * What every landing dashboard has: the greeting, the day it counts, the switcher, the office chooser, the
 * refresh, and the drill-down drawer that every figure opens. The dashboard itself is `children`.
 */
export function DashboardFrame({ kind, live = false, allOfficesLabel, children }: DashboardFrameProps) {
  const title = DASHBOARD_TITLES[kind];
  useDocumentTitle(`${title} · Casedesk`);
  const { user } = useSession();
  const [timeZone] = useState(browserTimeZone);
  const [searchParams, setSearchParams] = useSearchParams();
  const officeId = searchParams.get('office');
  const query = useDashboard(kind, timeZone, officeId);
  // The offices of the whole scope, from the unnarrowed answer (still cached while one office is shown).
  const scope = useQuery({ ...dashboardQueryOptions(kind, timeZone, null), enabled: false });
  const offices = scope.data?.offices ?? query.data?.offices ?? [];
  const [drill, setDrill] = useState<OpenDrill | null>(null);
  useLiveRefresh(kind, live);

  const chooseOffice = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === ALL_OFFICES) next.delete('office');
    else next.set('office', value);
    setSearchParams(next, { replace: true });
  };

  const data = query.data;
  return (
    <DrillContext value={setDrill}>
      <Stack gap="lg" maw={1600} mx="auto" data-dashboard={kind}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {greetingAt(new Date().getHours())},{' '}
              <Text span fw={600} c="var(--mantine-color-text)" data-testid="dashboard-user-name">
                {user.displayName}
              </Text>
            </Text>
            <Title order={1}>{title}</Title>
            {data && (
              <Group gap={6} wrap="wrap">
                <Text size="sm" c="dimmed" data-testid="dashboard-day">
                  {formatLongDay(data.period.today)} · {data.period.timeZone}
                </Text>
              </Group>
            )}
          </Stack>
          <Stack gap="xs" align="flex-end">
            <DashboardSwitcher current={kind} />
            <Group gap="xs" wrap="nowrap">
              {(offices.length > 1 || officeId) && (
                <NativeSelect
                  aria-label="Office"
                  size="xs"
                  w={220}
                  value={officeId ?? ALL_OFFICES}
                  data={[
                    { value: ALL_OFFICES, label: allOfficesLabel },
                    ...offices.map((o) => ({ value: o.id, label: o.name })),
                  ]}
                  onChange={(event) => chooseOffice(event.currentTarget.value)}
                />
              )}
              {data && (
                <Text size="xs" c="dimmed" data-testid="dashboard-updated">
                  {live && <span className={classes.live} style={{ display: 'inline-block', marginRight: 6 }} />}
                  Updated {updatedAt(data.generatedAt)}
                </Text>
              )}
              <Tooltip label="Refresh now">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => void query.refetch()}
                  loading={query.isFetching}
                  aria-label="Refresh the dashboard"
                >
                  <RefreshIcon />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Stack>
        </Group>

        {query.isError && !data ? (
          <LoadError title={`The ${title.toLowerCase()} could not be loaded`} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <FiguresLoading />
        ) : (
          <>
            {query.isError && (
              <Alert color="yellow" variant="light" title="Showing the last figures loaded">
                The latest refresh failed; these are from {updatedAt(data.generatedAt)}.
              </Alert>
            )}
            {data.offices.length === 0 && kind !== 'CALL_CENTER' ? (
              <Alert color="gray" variant="light" title="No offices">
                Your access covers no office for this dashboard. If this is an error, please contact IT Support.
              </Alert>
            ) : (
              children(data)
            )}
          </>
        )}
      </Stack>
      {drill && (
        <Suspense fallback={null}>
          <DrillDrawer
            key={JSON.stringify(drill.drill)}
            open={drill}
            timeZone={timeZone}
            onClose={() => setDrill(null)}
          />
        </Suspense>
      )}
    </DrillContext>
  );
}
