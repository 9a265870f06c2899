import { useEffect, useMemo, useState } from 'react';
import { isOngoingCall, type CallRow } from '@casedesk/contract/calls/call';

/** How often the highlight is re-judged: a call leaves "ongoing" an hour after it started (SPEC §4, §9). */
export const ONGOING_TICK_MS = 30_000;

/**
 * The rows with `ongoing` re-evaluated against the clock, so a call stops being highlighted when it
 * turns an hour old even if the list was not reloaded. Rows whose flag did not change keep their
 * object, so the table does not render them again.
 */
export function useOngoingRows(rows: readonly CallRow[], tickMs = ONGOING_TICK_MS): CallRow[] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return useMemo(
    () =>
      rows.map((row) => {
        const ongoing = isOngoingCall(row, now);
        return ongoing === row.ongoing ? row : { ...row, ongoing };
      }),
    [rows, now],
  );
}
