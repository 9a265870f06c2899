import { ActionIcon, Group, Skeleton, Stack, Table, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import type { Drill, FigureUnit, Series } from '@casedesk/contract/dashboards/dashboard';
import { LayoutIcon } from '@/components/icons.tsx';
import { formatFigure } from '../model/figure-format.ts';
import { chartTable } from '../model/series-table.ts';
import classes from './dashboard.module.css';
import { useChartsReady } from './charts/lazy-charts.ts';
import { useOpenDrill } from './drill-context.ts';

/** What a chart calls when a bar or dot is clicked: open the rows behind that point. */
export function usePointOpener() {
  const openDrill = useOpenDrill();
  return (drill: Drill, caption: string, shownValue: string) => openDrill({ drill, caption, shownValue });
}

/** The points of a chart as a table whose every value opens its rows: for the keyboard and for reading exactly. */
export function SeriesTable({
  series,
  unit,
  labelHeader,
}: {
  series: Series[];
  unit: FigureUnit;
  labelHeader: string;
}) {
  const openPoint = usePointOpener();
  const table = chartTable(series);
  return (
    <Table.ScrollContainer minWidth={240} maxHeight={320}>
      <Table striped highlightOnHover withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labelHeader}</Table.Th>
            {table.names.map((name) => (
              <Table.Th key={name} ta="right">
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, index) => (
            <Table.Tr key={row.label}>
              <Table.Td>{row.label}</Table.Td>
              {table.names.map((name) => {
                const drill = table.drills[index]?.[name];
                const value = formatFigure(row.values[name] ?? null, unit);
                return (
                  <Table.Td key={name} ta="right">
                    {drill ? (
                      <UnstyledButton
                        className={classes.pointButton}
                        onClick={() => openPoint(drill, `${name}, ${row.label}`, value)}
                        aria-label={`${name}, ${row.label}: ${value}. Open the rows behind it`}
                      >
                        {value}
                      </UnstyledButton>
                    ) : (
                      value
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ChartSectionProps {
  title: string;
  description?: string;
  /** The series drawn, for the table view; omit for a section with no table view. */
  series?: Series[];
  unit?: FigureUnit;
  labelHeader?: string;
  /** Nothing to draw: the empty text shows instead of an empty chart. */
  empty?: string | false;
  height: number;
  testId: string;
  /** The content is plain elements, not a chart: it shows at once, without waiting for the charts' chunk. */
  plain?: boolean;
  children: ReactNode;
}

/** A titled panel with a chart, drawn once the charts' chunk has loaded, that can also show as a table. */
export function ChartSection({
  title,
  description,
  series,
  unit = 'count',
  labelHeader = '',
  empty,
  height,
  testId,
  plain = false,
  children,
}: ChartSectionProps) {
  const [asTable, setAsTable] = useState(false);
  const chartsReady = useChartsReady();
  const skeleton = <Skeleton h={height} radius="sm" />;
  return (
    <section className={classes.section} aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} size="h5">
              {title}
            </Title>
            {description && (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {series && !empty && (
            <Tooltip label={asTable ? 'Show as chart' : 'Show as table'}>
              <ActionIcon
                variant={asTable ? 'light' : 'subtle'}
                color="gray"
                onClick={() => setAsTable(!asTable)}
                aria-label={asTable ? `${title}: show as chart` : `${title}: show as table`}
                aria-pressed={asTable}
              >
                <LayoutIcon />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {empty ? (
          <Text size="sm" c="dimmed" ta="center" py="xl" mih={Math.min(height, 120)}>
            {empty}
          </Text>
        ) : asTable && series ? (
          <SeriesTable series={series} unit={unit} labelHeader={labelHeader} />
        ) : (
          <Suspense fallback={skeleton}>{plain || chartsReady ? children : skeleton}</Suspense>
        )}
      </Stack>
    </section>
  );
}
