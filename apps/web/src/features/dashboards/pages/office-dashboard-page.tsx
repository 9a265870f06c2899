import { Stack } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Dashboard } from '@casedesk/contract/dashboards/dashboard';
import { SeriesBarChart } from '../components/charts/lazy-charts.ts';
import { ChartSection, usePointOpener } from '../components/chart-section.tsx';
import classes from '../components/dashboard.module.css';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { FigureGrid, figuresOf } from '../components/figure-grid.tsx';
import { OfficeTimeline } from '../components/office-timeline.tsx';
import { formatDayRange } from '../model/dashboard-dates.ts';
import { hasPoints, pickSeries } from '../model/series-table.ts';

function OfficeFigures({ dashboard }: { dashboard: Dashboard }) {
  const figures = figuresOf(dashboard);
  const openPoint = usePointOpener();
  const { period } = dashboard;
  const week = `Week of ${formatDayRange(period.weekFrom, period.weekTo)}`;
  const bookedByDay = pickSeries(dashboard.series, ['bookedByDay']);
  const unreconciled = figures.unreconciledDays?.value ?? 0;
  const followUps = figures.collectionFollowUpsDue?.value ?? 0;
  return (
    <Stack gap="md">
      <FigureGrid
        label="Appointments"
        figures={figures}
        cols={{ base: 2, sm: 3, lg: 5 }}
        specs={[
          { key: 'appointmentsToday', accent: 'blue', hero: true, hint: 'On the calendar today' },
          { key: 'showedThisWeek', accent: 'blue', hero: true, hint: week },
          { key: 'noShowThisWeek', accent: 'red', hero: true, hint: week },
          { key: 'signedThisWeek', accent: 'green', hero: true, hint: week },
          { key: 'bookedComingDays', accent: 'teal', hero: true, hint: 'Booked for the coming days' },
        ]}
      />
      <div className={classes.split} style={{ '--split-main': '7fr', '--split-side': '5fr' } as CSSProperties}>
        <div>
          <OfficeTimeline dashboard={dashboard} figure={figures.appointmentsToday} />
        </div>
        <div>
          <Stack gap="md">
            <FigureGrid
              label="Cash and follow-ups"
              figures={figures}
              cols={{ base: 2 }}
              specs={[
                { key: 'cashToday', accent: 'green', hint: 'Payments entered today' },
                { key: 'cashThisMonth', accent: 'green', hint: formatDayRange(period.monthFrom, period.today) },
                {
                  key: 'unreconciledDays',
                  accent: unreconciled > 0 ? 'orange' : 'gray',
                  hint: unreconciled > 0 ? 'Days with cash still to reconcile' : 'Everything reconciled',
                },
                {
                  key: 'collectionFollowUpsDue',
                  accent: followUps > 0 ? 'red' : 'gray',
                  hint: 'Collection accounts to call back',
                },
              ]}
            />
            <ChartSection
              title="Booked for the coming days"
              description="Appointments per day; click a day for its appointments"
              series={bookedByDay}
              labelHeader="Day"
              empty={!hasPoints(bookedByDay) && 'Nothing booked for the coming days'}
              height={200}
              testId="chart-booked-by-day"
            >
              <SeriesBarChart series={bookedByDay} unit="count" onPoint={openPoint} height={200} />
            </ChartSection>
          </Stack>
        </div>
      </div>
    </Stack>
  );
}

/** SPEC §2 /dashboard/dashboard-office: the user's offices today and this week. */
export function OfficeDashboardPage() {
  return (
    <DashboardFrame kind="OFFICE" allOfficesLabel="All your offices">
      {(dashboard) => <OfficeFigures dashboard={dashboard} />}
    </DashboardFrame>
  );
}
