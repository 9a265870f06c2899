import '@mantine/charts/styles.css';
import { Alert, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { DashboardPeriod, DashboardView } from '@casedesk/contract/collections/dashboard';
import { LoadError } from '@/components/load-error.tsx';
import { PageLoader } from '@/components/page-loader.tsx';
import { useCollectionDashboardByCollector } from '../api/get-collection-dashboard-by-collector.ts';
import { useCollectionDashboardByOffice } from '../api/get-collection-dashboard-by-office.ts';
import { useCollectionDashboardSummary } from '../api/get-collection-dashboard-summary.ts';
import { browserTimeZone, useCollectionDashboardView } from '../api/get-collection-dashboard-view.ts';
import type { BreakdownRow } from '../components/dashboard-breakdown-table.tsx';
import { BreakdownTable } from '../components/dashboard-breakdown-table.tsx';
import { DashboardFiguresView } from '../components/dashboard-figures.tsx';

const HEADINGS: Record<Exclude<DashboardView, 'NONE'>, string> = {
  SUMMARY: 'Collection summary',
  BY_OFFICE: 'Collection by office',
  BY_COLLECTOR: 'My collections',
};

function PeriodNote({ period }: { period: DashboardPeriod }) {
  return (
    <Text size="sm" c="dimmed">
      As of {period.today} ({period.timeZone}). Click any number to open the accounts behind it.
    </Text>
  );
}

function FiguresLoading() {
  return <Skeleton h={320} radius="md" data-testid="dashboard-loading" />;
}

/** Every collector of the caller's accounts (and the unassigned ones), optionally of one office. */
function CollectorsSection({ timeZone, officeId }: { timeZone: string; officeId?: string }) {
  const collectors = useCollectionDashboardByCollector(timeZone, officeId);
  const rows: BreakdownRow[] = (collectors.data?.rows ?? []).map((r) => ({
    id: r.collectorId ?? 'unassigned',
    name: r.collector,
    figures: r.figures,
  }));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        By collector
      </Title>
      {collectors.isError ? (
        <LoadError title="The collectors' figures could not be loaded" onRetry={() => void collectors.refetch()} />
      ) : (
        <BreakdownTable
          label="By collector"
          nameHeader="Collector"
          rows={rows}
          loading={collectors.isPending}
          emptyState="No accounts"
        />
      )}
    </Stack>
  );
}

/** SPEC §6 ADMIN: the firm's summary, then the same per office and per collector. */
function SummaryView({ timeZone }: { timeZone: string }) {
  const summary = useCollectionDashboardSummary(timeZone);
  const offices = useCollectionDashboardByOffice(timeZone);
  const officeRows: BreakdownRow[] = (offices.data?.rows ?? []).map((r) => ({
    id: r.officeId,
    name: r.office,
    figures: r.figures,
  }));
  return (
    <Stack gap="lg">
      {summary.data && <PeriodNote period={summary.data.period} />}
      {summary.isError ? (
        <LoadError title="The collection summary could not be loaded" onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <DashboardFiguresView figures={summary.data.figures} period={summary.data.period} />
      ) : (
        <FiguresLoading />
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          By office
        </Title>
        {offices.isError ? (
          <LoadError title="The offices' figures could not be loaded" onRetry={() => void offices.refetch()} />
        ) : (
          <BreakdownTable
            label="By office"
            nameHeader="Office"
            rows={officeRows}
            loading={offices.isPending}
            emptyState="No offices"
          />
        )}
      </Stack>
      <CollectorsSection timeZone={timeZone} />
    </Stack>
  );
}

/** SPEC §6 MANAGER: one of their offices at a time, the offices side by side, and the office's collectors. */
function OfficeView({ timeZone }: { timeZone: string }) {
  const offices = useCollectionDashboardByOffice(timeZone);
  const [chosen, setChosen] = useState<string | null>(null);
  if (offices.isError) {
    return <LoadError title="Your offices' figures could not be loaded" onRetry={() => void offices.refetch()} />;
  }
  if (!offices.data) return <FiguresLoading />;
  const rows = offices.data.rows;
  if (rows.length === 0) {
    return (
      <Alert color="gray" variant="light" title="No offices">
        Your collections dashboard covers no office whose accounts you may open.
      </Alert>
    );
  }
  const current = rows.find((r) => r.officeId === chosen) ?? rows[0]!;
  return (
    <Stack gap="lg">
      <PeriodNote period={offices.data.period} />
      <Select
        label="Office"
        data={rows.map((r) => ({ value: r.officeId, label: r.office }))}
        value={current.officeId}
        onChange={(value) => value && setChosen(value)}
        allowDeselect={false}
        w={280}
      />
      <DashboardFiguresView figures={current.figures} period={offices.data.period} />
      {rows.length > 1 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Your offices
          </Title>
          <BreakdownTable
            label="By office"
            nameHeader="Office"
            rows={rows.map((r) => ({ id: r.officeId, name: r.office, figures: r.figures }))}
            emptyState="No offices"
          />
        </Stack>
      )}
      <CollectorsSection timeZone={timeZone} officeId={current.officeId} />
    </Stack>
  );
}

/** Everyone who works accounts: their own figures. */
function CollectorView({ timeZone }: { timeZone: string }) {
  const mine = useCollectionDashboardByCollector(timeZone);
  if (mine.isError) return <LoadError title="Your figures could not be loaded" onRetry={() => void mine.refetch()} />;
  const row = mine.data?.rows[0];
  if (!mine.data || !row) return <FiguresLoading />;
  return (
    <Stack gap="lg">
      <PeriodNote period={mine.data.period} />
      <DashboardFiguresView figures={row.figures} period={mine.data.period} />
    </Stack>
  );
}

/**
 * SPEC §2 /collections/dashboard-collection. The server says which dashboard the user gets (SPEC §6: the
 * COLLECTIONS_DASHBOARD role condition ADMIN gives the summary, MANAGER the offices; a collector their own).
 */
export function CollectionDashboardPage() {
  useDocumentTitle('Collections dashboard · Casedesk');
  const view = useCollectionDashboardView();
  const [timeZone] = useState(browserTimeZone);
  if (view.isPending) return <PageLoader label="Loading the dashboard…" />;
  if (view.isError) {
    return <LoadError title="The collections dashboard could not be loaded" onRetry={() => void view.refetch()} />;
  }
  const which = view.data.view;
  return (
    <Stack gap="md" maw={1600} mx="auto" data-view={which}>
      <Title order={1}>{which === 'NONE' ? 'Collections dashboard' : HEADINGS[which]}</Title>
      {which === 'SUMMARY' && <SummaryView timeZone={timeZone} />}
      {which === 'BY_OFFICE' && <OfficeView timeZone={timeZone} />}
      {which === 'BY_COLLECTOR' && <CollectorView timeZone={timeZone} />}
      {which === 'NONE' && (
        <Alert color="gray" variant="light" title="No collections dashboard">
          Your access does not include a collections dashboard. If this is an error, please contact IT Support.
        </Alert>
      )}
    </Stack>
  );
}
