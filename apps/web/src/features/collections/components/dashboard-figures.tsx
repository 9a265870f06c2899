import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import type { DashboardFigures, DashboardPeriod, Figure } from '@casedesk/contract/collections/dashboard';
import { AGING_BUCKET_LABELS } from '@casedesk/contract/collections/dashboard-filters';
import { formatRate } from '@casedesk/contract/collections/report';
import { formatMoney } from '@casedesk/contract/common/money';
import { countOf } from '@casedesk/contract/common/text';
import { FigureLink } from './dashboard-figure-link.tsx';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h5" c="dimmed" fw={600}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * One line of a card: what it is, how many accounts (a link) and their amount (a link to the same accounts).
 * `what` follows the count in the links' names: "Open the 2 accounts" + " in status Review".
 */
function FigureRow({
  label,
  figure,
  what,
  noun = 'account',
}: {
  label: string;
  figure: Figure;
  what: string;
  noun?: string;
}) {
  const accounts = countOf(figure.count, noun);
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Group gap="md" wrap="nowrap">
        <Text size="sm" ta="right" miw={90}>
          <FigureLink filter={figure.filter} label={`Open the ${accounts}${what}`}>
            {accounts}
          </FigureLink>
        </Text>
        <Text size="sm" ta="right" miw={100} ff="monospace">
          <FigureLink filter={figure.filter} label={`Open the ${accounts}${what}: ${formatMoney(figure.amountCents)}`}>
            {formatMoney(figure.amountCents)}
          </FigureLink>
        </Text>
      </Group>
    </Group>
  );
}

/** This month against last, as a signed percentage; none when last month had nothing. */
export function monthChange(thisMonth: number, lastMonth: number): string | null {
  if (lastMonth === 0) return null;
  const change = Math.round(((thisMonth - lastMonth) / Math.abs(lastMonth)) * 1000) / 10;
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}% on last month`;
}

interface DashboardFiguresViewProps {
  figures: DashboardFigures;
  period: DashboardPeriod;
}

/**
 * The collection summary's cards: outstanding, collected this month against last, the promise-kept rate,
 * plans, follow-ups, accounts by status and aging, with charts. Every number opens the accounts behind it.
 */
export function DashboardFiguresView({ figures, period }: DashboardFiguresViewProps) {
  const change = monthChange(figures.collectedThisMonth.amountCents, figures.collectedLastMonth.amountCents);
  const promised = figures.promiseKept.kept + figures.promiseKept.missed;
  const statusData = figures.byStatus.map((s) => ({
    status: COLLECTION_STATUS_LABELS[s.status],
    Accounts: s.count,
  }));
  const agingData = figures.aging.map((a) => ({
    bucket: AGING_BUCKET_LABELS[a.bucket],
    Outstanding: a.amountCents / 100,
  }));
  const planData = [
    { name: 'Active', value: figures.plans.active.count, color: 'teal.6' },
    { name: 'Paused', value: figures.plans.paused.count, color: 'yellow.6' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Card title="Outstanding" testId="figure-outstanding">
        <Text size="xl" fw={700} ff="monospace">
          <FigureLink filter={figures.open.filter} label={`Open the ${countOf(figures.open.count, 'open account')}`}>
            {formatMoney(figures.open.amountCents)}
          </FigureLink>
        </Text>
        <FigureRow label="Open accounts" figure={figures.open} noun="open account" what="" />
        <FigureRow label="All accounts" figure={figures.accounts} what="" />
      </Card>

      <Card title="Collected this month" testId="figure-collected">
        <Text size="xl" fw={700} ff="monospace">
          <FigureLink
            filter={figures.collectedThisMonth.filter}
            label={`Open the ${countOf(figures.collectedThisMonth.count, 'account')} paid this month`}
          >
            {formatMoney(figures.collectedThisMonth.amountCents)}
          </FigureLink>
        </Text>
        <Text size="xs" c="dimmed">
          {change ?? 'Nothing was collected last month'}
        </Text>
        <FigureRow label="This month" figure={figures.collectedThisMonth} what=" paid this month" />
        <FigureRow label="Last month" figure={figures.collectedLastMonth} what=" paid last month" />
      </Card>

      <Card title="Promise-kept rate" testId="figure-promises">
        <Text size="xl" fw={700}>
          <FigureLink
            filter={figures.promiseKept.filter}
            label={`Open the accounts with instalments due in the last 90 days`}
          >
            {formatRate(figures.promiseKept.rate)}
          </FigureLink>
        </Text>
        <Text size="sm" c="dimmed">
          {promised
            ? `${figures.promiseKept.kept} of ${promised} instalments due since ${period.promiseWindow.from} were paid`
            : 'No instalment fell due in the last 90 days'}
        </Text>
      </Card>

      <Card title="Payment plans" testId="figure-plans">
        {/* The rows need about 265 px: they go under the donut when the card cannot hold both side by side. */}
        <Group align="center" wrap="wrap" gap="md">
          <DonutChart
            data={planData}
            size={90}
            thickness={14}
            withTooltip={false}
            aria-label="Plans active and paused"
          />
          <Stack gap={4} style={{ flex: '1 1 250px' }}>
            <FigureRow label="Active" figure={figures.plans.active} what=" with an active plan" />
            <FigureRow label="Paused" figure={figures.plans.paused} what=" with a paused plan" />
            <FigureRow label="Missed" figure={figures.plans.missed} what=" whose plan has a missed instalment" />
          </Stack>
        </Group>
      </Card>

      <Card title="Follow-ups" testId="figure-follow-ups">
        <FigureRow label="Past due" figure={figures.followUps.past} what=" whose follow-up date has passed" />
        <FigureRow label="Due today" figure={figures.followUps.today} what=" to follow up today" />
      </Card>

      <Card title="Accounts by status" testId="figure-status">
        <BarChart
          h={140}
          data={statusData}
          dataKey="status"
          series={[{ name: 'Accounts', color: 'blue.6' }]}
          tickLine="none"
        />
        {figures.byStatus.map((s) => (
          <FigureRow
            key={s.status}
            label={COLLECTION_STATUS_LABELS[s.status]}
            figure={s}
            what={` in status ${COLLECTION_STATUS_LABELS[s.status]}`}
          />
        ))}
      </Card>

      <Card title="Aging (open accounts with a balance)" testId="figure-aging">
        <BarChart
          h={140}
          data={agingData}
          dataKey="bucket"
          series={[{ name: 'Outstanding', color: 'orange.6' }]}
          valueFormatter={(value) => `$${Math.round(value).toLocaleString('en-US')}`}
          tickLine="none"
        />
        {figures.aging.map((a) => (
          <FigureRow
            key={a.bucket}
            label={AGING_BUCKET_LABELS[a.bucket]}
            figure={a}
            what={`, ${AGING_BUCKET_LABELS[a.bucket]} since their last payment`}
          />
        ))}
      </Card>
    </SimpleGrid>
  );
}
