import { Box, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';

export interface BarSegment {
  label: string;
  color: string;
}

export interface BarRow {
  key: string;
  label: string;
  /** One value per segment, in the segments' order. */
  values: number[];
}

interface ReportBarsProps {
  title: string;
  segments: BarSegment[];
  rows: BarRow[];
}

/**
 * A horizontal stacked bar per row, scaled to the largest row: enough of a chart for a summary without
 * a charting library (DESIGN §4: dense, calm, tables first).
 */
export function ReportBars({ title, segments, rows }: ReportBarsProps) {
  const max = Math.max(1, ...rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  return (
    <Stack gap={6} role="figure" aria-label={title} data-testid="report-bars">
      <Group gap="md">
        {segments.map((s) => (
          <Group gap={4} key={s.label}>
            <Box w={10} h={10} bg={s.color} style={{ borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              {s.label}
            </Text>
          </Group>
        ))}
      </Group>
      {rows.map((row) => {
        const total = row.values.reduce((a, b) => a + b, 0);
        const detail = segments.map((s, i) => `${s.label} ${row.values[i] ?? 0}`).join(', ');
        return (
          <Group key={row.key} gap="sm" wrap="nowrap">
            <Text size="xs" w={140} truncate="end" title={row.label}>
              {row.label}
            </Text>
            <Tooltip label={`${row.label}: ${detail}`} withArrow openDelay={200}>
              <Box style={{ flex: 1 }} role="group" aria-label={`${row.label}: ${detail}`}>
                <Progress.Root size="md" w={`${(total / max) * 100}%`} miw={total ? 4 : 0}>
                  {segments.map((s, i) => (
                    <Progress.Section
                      key={s.label}
                      value={total ? ((row.values[i] ?? 0) / total) * 100 : 0}
                      color={s.color}
                      aria-label={`${row.label}: ${s.label} ${row.values[i] ?? 0}`}
                    />
                  ))}
                </Progress.Root>
              </Box>
            </Tooltip>
            <Text size="xs" w={48} ta="right" c="dimmed">
              {total}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
