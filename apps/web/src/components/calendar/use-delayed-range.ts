import { useEffect, useState } from 'react';
import { EVENTS_FETCH_DELAY_MS, type VisibleRange } from './calendar-time.ts';

export const sameRange = (a: VisibleRange | null, b: VisibleRange | null) =>
  a?.startDate === b?.startDate && a?.endDate === b?.endDate;

/**
 * SPEC §4: the calendar is fetched 1 s after the visible range changes (paging through weeks costs no
 * request per click). The first range of a newly opened calendar is fetched at once.
 */
export function useDelayedRange(range: VisibleRange | null, delayMs = EVENTS_FETCH_DELAY_MS): VisibleRange | null {
  const [delayed, setDelayed] = useState<VisibleRange | null>(range);
  // The first range is taken at once (state adjusted while rendering, not in an effect).
  if (delayed === null && range !== null) setDelayed(range);
  useEffect(() => {
    if (delayed === null || sameRange(range, delayed)) return undefined;
    const timer = setTimeout(() => setDelayed(range), delayMs);
    return () => clearTimeout(timer);
  }, [range, delayed, delayMs]);
  return delayed;
}
