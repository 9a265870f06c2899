import { Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Series } from '@casedesk/contract/dashboards/dashboard';
import { formatFigure } from '../model/figure-format.ts';
import { usePointOpener } from './chart-section.tsx';
import classes from './dashboard.module.css';

const MEDALS = ['yellow.5', 'gray.5', 'orange.7'];

/** Appointments set today by operator, most first: a ranked list whose every line opens that operator's rows. */
export function OperatorLeaderboard({ series }: { series: Series | undefined }) {
  const openPoint = usePointOpener();
  const points = [...(series?.points ?? [])].sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const top = Math.max(1, ...points.map((p) => p.value ?? 0));
  if (points.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        No appointments set yet today
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Appointments set by operator">
      {points.map((point, index) => {
        const value = formatFigure(point.value, 'count');
        return (
          <li key={`${point.label}-${index}`}>
            <UnstyledButton
              className={classes.rankRow}
              onClick={() => openPoint(point.drill, `Appointments set by ${point.label}`, value)}
              title={`Open the appointments ${point.label} set today`}
              data-testid="leaderboard-row"
            >
              <Text size="sm" fw={700} c={index < 3 ? MEDALS[index] : 'dimmed'} ta="center">
                {index + 1}
              </Text>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {point.label}
                </Text>
                <Progress value={((point.value ?? 0) / top) * 100} size="sm" color="teal" aria-hidden />
              </Stack>
              <Text size="lg" fw={700} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
