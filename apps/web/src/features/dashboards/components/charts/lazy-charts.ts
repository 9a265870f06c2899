import { lazy, useSyncExternalStore } from 'react';

/**
 * The charts come with their own chunk (recharts is about 135 KB gzipped, half the first screen's budget,
 * docs/budgets.md). It is fetched only once the first screen is up: a moment after the page has loaded, or at the
 * user's first touch, whichever comes first. Until then a chart's place shows its skeleton; the figures, the
 * funnel, the leaderboard and the timeline are plain elements and never wait for it.
 */
const CHARTS_AFTER_LOAD_MS = 1_500;

let ready = false;
const listeners = new Set<() => void>();

function markReady(): void {
  if (ready) return;
  ready = true;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  const arm = () => window.setTimeout(markReady, CHARTS_AFTER_LOAD_MS);
  if (document.readyState === 'complete') arm();
  else window.addEventListener('load', arm, { once: true });
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) {
    window.addEventListener(type, markReady, { once: true, passive: true });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The charts may be drawn (their chunk may be fetched) from now on. */
export function useChartsReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => ready,
  );
}

const charts = () => import('./series-charts.tsx');

export const SeriesBarChart = lazy(() => charts().then((m) => ({ default: m.SeriesBarChart })));
export const TrendChart = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
