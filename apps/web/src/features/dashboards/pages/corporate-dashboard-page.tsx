import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Dashboard, Series, SeriesKey } from '@casedesk/contract/dashboards/dashboard';
import { SeriesBarChart, TrendChart } from '../components/charts/lazy-charts.ts';
import { ChartSection, usePointOpener } from '../components/chart-section.tsx';
import classes from '../components/dashboard.module.css';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { FigureGrid, figuresOf, type FigureMap } from '../components/figure-grid.tsx';
import { FunnelSteps } from '../components/funnel-steps.tsx';
import { formatDayRange } from '../model/dashboard-dates.ts';
import { conversionRate } from '../model/figure-format.ts';
import { hasPoints, pickSeries } from '../model/series-table.ts';

/** The funnel's steps in order, each in a hue of its own (side by side in the funnel by office). */
const FUNNEL = [
  { key: 'leads', colour: 'blue.6' },
  { key: 'appointments', colour: 'violet.6' },
  { key: 'showed', colour: 'orange.6' },
  { key: 'signed', colour: 'green.6' },
] as const;

/** 'Showed: 61.5% of appointments': each step of the funnel against the one before. */
function stepHint(figures: FigureMap, index: number, period: string): string {
  if (index === 0) return period;
  const step = figures[FUNNEL[index]!.key];
  const before = figures[FUNNEL[index - 1]!.key];
  const rate = conversionRate(step?.value ?? null, before?.value ?? null);
  return rate === null ? period : `${rate.toFixed(1)}% of ${before!.label.toLowerCase()}`;
}

const TRENDS: { key: SeriesKey; colour: string }[] = [
  { key: 'leadsByMonth', colour: 'blue.6' },
  { key: 'appointmentsByMonth', colour: 'violet.6' },
  { key: 'signedByMonth', colour: 'green.6' },
  { key: 'cashByMonth', colour: 'teal.6' },
];

function Trend({ series, colour }: { series: Series; colour: string }) {
  const openPoint = usePointOpener();
  return (
    <ChartSection
      title={series.label}
      description="Last twelve months; click a month for its rows"
      series={[series]}
      unit={series.unit}
      labelHeader="Month"
      height={170}
      testId={`trend-${series.key}`}
    >
      <TrendChart series={[series]} unit={series.unit} onPoint={openPoint} height={170} colour={colour} />
    </ChartSection>
  );
}

function CorporateFigures({ dashboard }: { dashboard: Dashboard }) {
  const figures = figuresOf(dashboard);
  const openPoint = usePointOpener();
  const month = formatDayRange(dashboard.period.monthFrom, dashboard.period.today);
  const funnelByOffice = pickSeries(dashboard.series, ['funnelByOffice']);
  const cashByOffice = pickSeries(dashboard.series, ['cashByOffice']);
  const costBySource = pickSeries(dashboard.series, ['costPerSignedBySource']);
  const trends = TRENDS.flatMap(({ key, colour }) =>
    pickSeries(dashboard.series, [key]).map((series) => <Trend key={key} series={series} colour={colour} />),
  );
  const steps = FUNNEL.flatMap(({ key, colour }) => {
    const figure = figures[key];
    return figure ? [{ figure, colour: colour.split('.')[0]! }] : [];
  });
  // The funnel's four series in the funnel's order and colours, whatever order they came in.
  const funnelOrder = FUNNEL.map((f) => figures[f.key]?.label);
  funnelByOffice.sort((a, b) => funnelOrder.indexOf(a.label) - funnelOrder.indexOf(b.label));
  const funnelColours = funnelByOffice.map((s) => FUNNEL[funnelOrder.indexOf(s.label)]?.colour ?? 'gray.6');
  return (
    <Stack gap="md">
      <div className={classes.split} style={{ '--split-main': '8fr', '--split-side': '4fr' } as CSSProperties}>
        <div>
          <Stack gap="md">
            <FigureGrid
              label="Funnel"
              figures={figures}
              cols={{ base: 2, sm: 4 }}
              specs={FUNNEL.map(({ key, colour }, index) => ({
                key,
                hero: true,
                accent: colour.split('.')[0],
                hint: stepHint(figures, index, month),
              }))}
            />
            <FigureGrid
              label="Cash and collections"
              figures={figures}
              cols={{ base: 1, sm: 3 }}
              specs={[
                { key: 'cashReceived', accent: 'green', hint: month },
                { key: 'collectionsOutstanding', accent: 'orange', hint: 'Open collection balances' },
                { key: 'collectionsCollected', accent: 'teal', hint: month },
              ]}
            />
          </Stack>
        </div>
        <div>
          <ChartSection
            title="Leads to signed cases"
            description={`This month, ${month}`}
            empty={steps.every((s) => !s.figure.value) && 'No leads yet this month'}
            height={220}
            testId="chart-funnel"
            plain
          >
            <FunnelSteps steps={steps} />
            <Text size="xs" c="dimmed" mt="xs">
              Each step&apos;s share of the one before; click a step for its rows.
            </Text>
          </ChartSection>
        </div>
      </div>

      <div className={classes.split} style={{ '--split-main': '7fr', '--split-side': '5fr' } as CSSProperties}>
        <div>
          <ChartSection
            title="Funnel by office"
            description="This month; click a bar for its rows"
            series={funnelByOffice}
            labelHeader="Office"
            empty={!hasPoints(funnelByOffice) && 'Nothing yet this month'}
            height={280}
            testId="chart-funnel-by-office"
          >
            <SeriesBarChart
              series={funnelByOffice}
              unit="count"
              onPoint={openPoint}
              height={280}
              colours={funnelColours}
            />
          </ChartSection>
        </div>
        <div>
          <ChartSection
            title="Cash received by office"
            description="This month"
            series={cashByOffice}
            unit="cents"
            labelHeader="Office"
            empty={!hasPoints(cashByOffice) && 'No cash received yet this month'}
            height={280}
            testId="chart-cash-by-office"
          >
            <SeriesBarChart series={cashByOffice} unit="cents" onPoint={openPoint} height={280} horizontal />
          </ChartSection>
        </div>
      </div>

      <ChartSection
        title="Cost per signed case by marketing source"
        description="This month: what each source cost, divided by the cases it signed"
        series={costBySource}
        unit="cents"
        labelHeader="Source"
        empty={!hasPoints(costBySource) && 'No signed case with a marketing source yet this month'}
        height={Math.max(160, 36 * (costBySource[0]?.points.length ?? 0) + 40)}
        testId="chart-cost-per-signed"
      >
        <SeriesBarChart
          series={costBySource}
          unit="cents"
          onPoint={openPoint}
          height={Math.max(160, 36 * (costBySource[0]?.points.length ?? 0) + 40)}
          horizontal
        />
      </ChartSection>

      {trends.length > 0 && (
        <>
          <Title order={2} size="h4" mt="xs">
            Twelve-month trends
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {trends}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** SPEC §2 /dashboard/dashboard-corporate: the firm's funnel, cash and collections, by office, and their trends. */
export function CorporateDashboardPage() {
  return (
    <DashboardFrame kind="CORPORATE" allOfficesLabel="Firm-wide (all offices)">
      {(dashboard) => <CorporateFigures dashboard={dashboard} />}
    </DashboardFrame>
  );
}
