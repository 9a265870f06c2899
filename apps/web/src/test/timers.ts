import { vi } from 'vitest';

/**
 * Watches the page's timers from now on. A delay the spec sets (a toast's 1.5 s, a debounce, a timed close) is
 * read where its timer is set, not measured on a clock, so a busy machine cannot fail the test.
 */
export function watchTimers() {
  const spy = vi.spyOn(window, 'setTimeout');
  return {
    /** How many timers were set with this delay so far. */
    setWith: (ms: number) => spy.mock.calls.filter(([, delay]) => delay === ms).length,
    stop: () => spy.mockRestore(),
  };
}
