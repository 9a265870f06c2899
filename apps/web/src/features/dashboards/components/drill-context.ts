import { createContext, useContext } from 'react';
import type { Drill } from '@casedesk/contract/dashboards/dashboard';

/** What opens the drill-down: the drill that selects the rows, and what the figure said (for the drawer). */
export interface OpenDrill {
  drill: Drill;
  /** "Inbound calls: 42", shown until the rows' own title arrives. */
  caption: string;
  /** The figure's value as shown, so the drawer can say when the rows moved on since (a live figure). */
  shownValue: string;
}

export type DrillOpener = (open: OpenDrill) => void;

export const DrillContext = createContext<DrillOpener>(() => undefined);

/** Opens the rows behind a figure or a point (every figure of a dashboard opens its rows). */
export function useOpenDrill(): DrillOpener {
  return useContext(DrillContext);
}
