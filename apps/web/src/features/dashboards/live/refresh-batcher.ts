/** The clock and timer a batcher uses; tests hand in a fake one. */
export interface BatcherClock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const realClock: BatcherClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface RefreshBatcher {
  /** Something changed: refresh now if the last refresh is at least `intervalMs` old, else once when it is. */
  notify(): void;
  /** Stops: a refresh still waiting is dropped. */
  stop(): void;
}

/**
 * Coalesces live events into refreshes at most `intervalMs` apart (the dashboards' DASHBOARD_LIVE_REFRESH_MS):
 * the first event after a quiet spell refreshes at once, so a call shows as soon as it rings; events during the
 * following interval are gathered into one refresh at its end. A burst of a hundred events is at most two
 * queries, never one per event.
 */
export function createRefreshBatcher(
  refresh: () => void,
  intervalMs: number,
  clock: BatcherClock = realClock,
): RefreshBatcher {
  let lastRefresh = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let stopped = false;

  const run = () => {
    timer = null;
    if (stopped) return;
    lastRefresh = clock.now();
    refresh();
  };

  return {
    notify() {
      if (stopped || timer !== null) return;
      const wait = lastRefresh + intervalMs - clock.now();
      if (wait <= 0) run();
      else timer = clock.setTimeout(run, wait);
    },
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
