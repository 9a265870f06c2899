import { Group, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Figure } from '@casedesk/contract/dashboards/dashboard';
import { formatFigure } from '../model/figure-format.ts';
import classes from './dashboard.module.css';
import { useOpenDrill } from './drill-context.ts';

interface FigureCardProps {
  figure: Figure;
  /** A line under the value: what it counts, or how it compares. */
  hint?: ReactNode;
  /** A Mantine colour name for the card's accent (the figure's meaning: green good, red needs action). */
  accent?: string;
  /** The figure follows live events (a pulsing dot says so). */
  live?: boolean;
  /** The leading figure of its dashboard, drawn larger. */
  hero?: boolean;
}

/** One figure: its label, its value and a line of context; the whole card opens the rows behind it. */
export function FigureCard({ figure, hint, accent = 'blue', live = false, hero = false }: FigureCardProps) {
  const openDrill = useOpenDrill();
  const value = formatFigure(figure.value, figure.unit);
  const style = { '--figure-accent': `var(--mantine-color-${accent}-filled)` } as CSSProperties;
  return (
    <UnstyledButton
      className={`${classes.figure} ${hero ? classes.figureHero : ''}`}
      style={style}
      onClick={() => openDrill({ drill: figure.drill, caption: figure.label, shownValue: value })}
      // The card's own text is its name (label, value, hint); what a click does is its description.
      title="Open the rows behind this figure"
      data-testid={`figure-${figure.key}`}
      data-value={figure.value ?? ''}
    >
      <span className={classes.accentBar} aria-hidden />
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" c="dimmed" fw={500} lineClamp={1}>
          {figure.label}
        </Text>
        {live && <span className={classes.live} title="Updates live" aria-hidden />}
      </Group>
      <span className={classes.figureValue} data-testid="figure-value">
        {value}
      </span>
      {hint && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {hint}
        </Text>
      )}
    </UnstyledButton>
  );
}
