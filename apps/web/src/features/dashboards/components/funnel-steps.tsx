import { Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Figure } from '@casedesk/contract/dashboards/dashboard';
import { conversionRate, formatFigure } from '../model/figure-format.ts';
import classes from './dashboard.module.css';
import { useOpenDrill } from './drill-context.ts';

export interface FunnelStep {
  figure: Figure;
  /** A Mantine colour name. */
  colour: string;
}

/**
 * Leads → appointments → showed → signed as bars on one scale, each with its share of the step before; a step
 * opens its rows. Plain elements, so the funnel is drawn with the figures, not after the charts' chunk.
 */
export function FunnelSteps({ steps }: { steps: FunnelStep[] }) {
  const openDrill = useOpenDrill();
  const top = Math.max(1, ...steps.map((s) => s.figure.value ?? 0));
  return (
    <ol className={classes.funnel} aria-label="Leads to signed cases">
      {steps.map(({ figure, colour }, index) => {
        const value = formatFigure(figure.value, figure.unit);
        const before = index > 0 ? steps[index - 1]!.figure : null;
        const rate = before ? conversionRate(figure.value, before.value) : null;
        const width = Math.max(2, ((figure.value ?? 0) / top) * 100);
        return (
          <li key={figure.key}>
            <UnstyledButton
              className={classes.funnelStep}
              onClick={() => openDrill({ drill: figure.drill, caption: figure.label, shownValue: value })}
              title="Open the rows behind this step"
            >
              <Text size="sm" fw={500} truncate>
                {figure.label}
              </Text>
              <span className={classes.funnelTrack}>
                <span
                  className={classes.funnelBar}
                  style={
                    { width: `${width}%`, '--funnel-colour': `var(--mantine-color-${colour}-filled)` } as CSSProperties
                  }
                />
              </span>
              <Text size="sm" fw={700} ta="right" className={classes.tabular}>
                {value}
              </Text>
              <Text size="xs" c="dimmed" ta="right" className={classes.tabular}>
                {rate === null ? '' : `${rate.toFixed(1)}%`}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </ol>
  );
}
