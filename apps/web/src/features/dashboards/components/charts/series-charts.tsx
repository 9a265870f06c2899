import '@mantine/charts/styles.css';
import { AreaChart, BarChart, FunnelChart } from '@mantine/charts';
import type { Drill, FigureUnit, Series } from '@casedesk/contract/dashboards/dashboard';
import { formatAxis, formatFigure } from '../../model/figure-format.ts';
import { chartTable } from '../../model/series-table.ts';

/**
 * The dashboards' charts. This file is the only one that imports @mantine/charts (and so recharts): it is loaded
 * on demand (lazy-charts.ts), after the figures are on screen, so the first screen's JavaScript stays small.
 */

export type PointHandler = (drill: Drill, caption: string, shownValue: string) => void;

export const SERIES_COLOURS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6'];

interface ChartProps {
  series: Series[];
  unit: FigureUnit;
  onPoint: PointHandler;
  height?: number;
}

/** Bars per label, a bar per series side by side (calls in and out by hour, the funnel by office). */
export function SeriesBarChart({
  series,
  unit,
  onPoint,
  height = 220,
  horizontal = false,
}: ChartProps & {
  horizontal?: boolean;
}) {
  const table = chartTable(series);
  const data = table.rows.map((row) => ({ label: row.label, ...row.values }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      orientation={horizontal ? 'vertical' : 'horizontal'}
      series={table.names.map((name, i) => ({ name, color: SERIES_COLOURS[i % SERIES_COLOURS.length]! }))}
      withLegend={table.names.length > 1}
      legendProps={{ verticalAlign: 'top', height: 36 }}
      tickLine="none"
      gridAxis={horizontal ? 'x' : 'y'}
      valueFormatter={(value) => formatFigure(value, unit)}
      {...(horizontal
        ? {
            xAxisProps: { tickFormatter: (v: number) => formatAxis(v, unit), allowDecimals: unit !== 'count' },
            yAxisProps: { width: 120 },
          }
        : {
            yAxisProps: {
              tickFormatter: (v: number) => formatAxis(v, unit),
              width: 56,
              allowDecimals: unit !== 'count',
            },
          })}
      barProps={(s) => ({
        cursor: 'pointer',
        onClick: (_item: unknown, index: number) => {
          const row = table.rows[index];
          const drill = table.drills[index]?.[s.name];
          if (row && drill) {
            const value = formatFigure(row.values[s.name] ?? null, unit);
            onPoint(drill, `${s.name}, ${row.label}`, value);
          }
        },
      })}
      maxBarWidth={36}
    />
  );
}

/** Twelve months of one figure as an area; a click on a month opens that month's rows. */
export function TrendChart({
  series,
  unit,
  onPoint,
  height = 160,
  colour = 'blue.6',
}: ChartProps & {
  colour?: string;
}) {
  const one = series[0];
  if (!one) return null;
  const data = one.points.map((p) => ({ label: p.label, [one.label]: p.value }));
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="label"
      series={[{ name: one.label, color: colour }]}
      curveType="monotone"
      tickLine="none"
      gridAxis="y"
      withDots
      connectNulls
      valueFormatter={(value) => formatFigure(value, unit)}
      yAxisProps={{ tickFormatter: (v: number) => formatAxis(v, unit), width: 56, allowDecimals: unit !== 'count' }}
      areaChartProps={{
        style: { cursor: 'pointer' },
        onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
          const index = Number(state?.activeTooltipIndex);
          const point = Number.isInteger(index) ? one.points[index] : undefined;
          if (point) onPoint(point.drill, `${one.label}, ${point.label}`, formatFigure(point.value, unit));
        },
      }}
    />
  );
}

export interface FunnelStage {
  name: string;
  value: number;
  color: string;
}

/** Leads → appointments → showed → signed as a funnel. */
export function FunnelStages({ stages, height = 220 }: { stages: FunnelStage[]; height?: number }) {
  return (
    <FunnelChart
      data={stages}
      h={height}
      size={height}
      withLabels
      labelsPosition="right"
      valueFormatter={(value) => value.toLocaleString('en-US')}
      tooltipDataSource="segment"
    />
  );
}
