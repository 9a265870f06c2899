import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { Drill, FigureUnit, Series } from '@casedesk/contract/dashboards/dashboard';
import { formatAxis, formatFigure, formatPointLabel } from '../../model/figure-format.ts';
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

/** Five whole-number ticks from zero that reach `dataMax`, in round steps: 0–4, 0–20 by 5, 0–100 by 25. */
export function countTicks(dataMax: number): number[] {
  const raw = Math.max(1, dataMax / 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw && Number.isInteger(s)) ?? 10 * magnitude;
  return [0, step, 2 * step, 3 * step, 4 * step];
}

/** The value axis of a chart in `unit` over `values`: short ticks; counts on explicit whole-number ticks. */
function valueAxis(unit: FigureUnit, values: (number | null | undefined)[]) {
  const tickFormatter = (v: number) => formatAxis(v, unit);
  if (unit !== 'count') return { tickFormatter };
  const ticks = countTicks(Math.max(0, ...values.map((v) => v ?? 0)));
  return { tickFormatter, ticks, domain: [0, ticks[4]!] as [number, number], allowDecimals: false };
}

/** Bars per label, a bar per series side by side (calls in and out by hour, the funnel by office). */
export function SeriesBarChart({
  series,
  unit,
  onPoint,
  height = 220,
  horizontal = false,
  colours = SERIES_COLOURS,
}: ChartProps & {
  horizontal?: boolean;
  /** One Mantine colour per series, in their order. */
  colours?: string[];
}) {
  const table = chartTable(series);
  const data = table.rows.map((row) => ({ label: row.label, ...row.values }));
  const allValues = table.rows.flatMap((row) => Object.values(row.values));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      orientation={horizontal ? 'vertical' : 'horizontal'}
      series={table.names.map((name, i) => ({ name, color: colours[i % colours.length]! }))}
      withLegend={table.names.length > 1}
      // The legend in the series' order (the funnel's steps), not recharts' alphabetical default.
      legendProps={{ verticalAlign: 'top', height: 36, itemSorter: null }}
      tickLine="none"
      gridAxis={horizontal ? 'x' : 'y'}
      valueFormatter={(value) => formatFigure(value, unit)}
      {...(horizontal
        ? {
            xAxisProps: valueAxis(unit, allValues),
            yAxisProps: { width: 120 },
          }
        : {
            yAxisProps: { ...valueAxis(unit, allValues), width: 56 },
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
  const data = one.points.map((p) => ({ label: formatPointLabel(p.label), [one.label]: p.value }));
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
      yAxisProps={{
        ...valueAxis(
          unit,
          one.points.map((p) => p.value),
        ),
        width: 56,
      }}
      areaChartProps={{
        style: { cursor: 'pointer' },
        onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
          const index = Number(state?.activeTooltipIndex);
          const point = Number.isInteger(index) ? one.points[index] : undefined;
          if (point)
            onPoint(point.drill, `${one.label}, ${formatPointLabel(point.label)}`, formatFigure(point.value, unit));
        },
      }}
    />
  );
}
