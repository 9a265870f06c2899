import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DASHBOARD_LIVE_REFRESH_MS, type DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { subscribeLiveMessages } from '@/lib/live-messages.ts';
import { dashboardKeys } from '../api/dashboard-keys.ts';
import { createRefreshBatcher } from './refresh-batcher.ts';

/** The live texts (SPEC §4) that move a call-centre figure: a call rang, a text came in. */
const LIVE_TEXTS = new Set(['CALL', 'SMS']);

/**
 * While a live dashboard is on screen, calls and texts announced on the socket refresh it: one refetch of the
 * dashboard for every burst of events, at most every DASHBOARD_LIVE_REFRESH_MS, never a query per event.
 */
export function useLiveRefresh(kind: DashboardKind, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const batcher = createRefreshBatcher(
      () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.dashboardsOf(kind) }),
      DASHBOARD_LIVE_REFRESH_MS,
    );
    const unsubscribe = subscribeLiveMessages((text) => {
      if (LIVE_TEXTS.has(text)) batcher.notify();
    });
    return () => {
      unsubscribe();
      batcher.stop();
    };
  }, [queryClient, kind, enabled]);
}
