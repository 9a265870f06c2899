import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Dashboard, Figure, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import { FigureCard } from './figure-card.tsx';

export type FigureMap = Partial<Record<FigureKey, Figure>>;

export function figuresOf(dashboard: Dashboard): FigureMap {
  return Object.fromEntries(dashboard.figures.map((f) => [f.key, f]));
}

export interface FigureSpec {
  key: FigureKey;
  hint?: ReactNode;
  accent?: string;
  live?: boolean;
  hero?: boolean;
}

/** The figures named, in that order, that the dashboard has (a figure the server leaves out is not invented). */
export function FigureGrid({
  figures,
  specs,
  cols,
  label,
}: {
  figures: FigureMap;
  specs: FigureSpec[];
  cols: SimpleGridProps['cols'];
  label: string;
}) {
  const shown = specs.filter((s) => figures[s.key]);
  if (shown.length === 0) return null;
  return (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="md" role="group" aria-label={label}>
      {shown.map(({ key, ...spec }) => (
        <FigureCard key={key} figure={figures[key]!} {...spec} />
      ))}
    </SimpleGrid>
  );
}
