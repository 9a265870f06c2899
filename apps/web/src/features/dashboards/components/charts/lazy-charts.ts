import { lazy } from 'react';

/**
 * The charts, loaded with their own chunk when a dashboard first draws one (recharts is large; the first screen
 * shows the figures without waiting for it).
 */
const charts = () => import('./series-charts.tsx');

export const SeriesBarChart = lazy(() => charts().then((m) => ({ default: m.SeriesBarChart })));
export const TrendChart = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
