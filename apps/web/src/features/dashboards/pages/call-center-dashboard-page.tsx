import { Stack } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Dashboard } from '@casedesk/contract/dashboards/dashboard';
import { SeriesBarChart } from '../components/charts/lazy-charts.ts';
import { ChartSection, usePointOpener } from '../components/chart-section.tsx';
import classes from '../components/dashboard.module.css';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { FigureGrid, figuresOf } from '../components/figure-grid.tsx';
import { OperatorLeaderboard } from '../components/operator-leaderboard.tsx';
import { formatFigure } from '../model/figure-format.ts';
import { hasPoints, pickSeries } from '../model/series-table.ts';

function CallCenterFigures({ dashboard }: { dashboard: Dashboard }) {
  const figures = figuresOf(dashboard);
  const openPoint = usePointOpener();
  const byHour = pickSeries(dashboard.series, ['callsByHour']);
  const byOperator = pickSeries(dashboard.series, ['appointmentsByOperator'])[0];
  const inbound = figures.inboundCalls?.value ?? null;
  return (
    <Stack gap="md">
      <FigureGrid
        label="Calls today"
        figures={figures}
        cols={{ base: 2, sm: 3, lg: 6 }}
        specs={[
          // SPEC §4: an ongoing call is inbound, has no duration and is under an hour old.
          { key: 'ongoingCalls', accent: 'green', live: true, hero: true, hint: 'Inbound, ringing or talking now' },
          { key: 'inboundCalls', accent: 'blue', hero: true, hint: 'Today' },
          { key: 'outboundCalls', accent: 'cyan', hero: true, hint: 'Today' },
          {
            key: 'missedCalls',
            accent: 'red',
            hero: true,
            hint: inbound ? `Of ${formatFigure(inbound, 'count')} inbound` : 'Inbound calls not answered',
          },
          { key: 'answerRate', accent: 'teal', hero: true, hint: 'Inbound calls answered' },
          { key: 'averageTalkSeconds', accent: 'grape', hero: true, hint: 'Per answered call' },
        ]}
      />
      <div className={classes.split} style={{ '--split-main': '8fr', '--split-side': '4fr' } as CSSProperties}>
        <div>
          <ChartSection
            title="Calls by hour"
            description="Inbound and outbound today; click a bar for its calls"
            series={byHour}
            labelHeader="Hour"
            empty={!hasPoints(byHour) && 'No calls yet today'}
            height={260}
            testId="chart-calls-by-hour"
          >
            <SeriesBarChart series={byHour} unit="count" onPoint={openPoint} height={260} />
          </ChartSection>
        </div>
        <div>
          <ChartSection
            title="Appointments set by operator"
            description="Today, most first"
            height={260}
            testId="leaderboard"
            plain
          >
            <OperatorLeaderboard series={byOperator} />
          </ChartSection>
        </div>
      </div>
      <FigureGrid
        label="Leads and texts today"
        figures={figures}
        cols={{ base: 2, sm: 3, lg: 5 }}
        specs={[
          { key: 'leadsCreated', accent: 'indigo', hint: 'New leads today' },
          { key: 'appointmentsSet', accent: 'teal', hint: 'Booked today by the call centre' },
          { key: 'textsIn', accent: 'blue', live: true, hint: 'Received today' },
          { key: 'textsOut', accent: 'cyan', hint: 'Sent today' },
          { key: 'unansweredTexts', accent: 'orange', live: true, hint: 'Inbound texts with no reply yet' },
        ]}
      />
    </Stack>
  );
}

/** SPEC §2 /dashboard/dashboard-call-center: today's calls, leads, appointments and texts, live. */
export function CallCenterDashboardPage() {
  return (
    <DashboardFrame kind="CALL_CENTER" live allOfficesLabel="All offices">
      {(dashboard) => <CallCenterFigures dashboard={dashboard} />}
    </DashboardFrame>
  );
}
