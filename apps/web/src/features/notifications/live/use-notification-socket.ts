import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_PATH, subscribedTypes, type SubscribableType } from '@casedesk/contract/notifications/live-socket';
import { subjectOf } from '@/lib/access.ts';
import { getStoredUser, refreshAccessToken } from '@/lib/auth.ts';
import { publishLiveMessage } from '@/lib/live-messages.ts';
import type { Session } from '@/lib/session-context.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../api/get-notifications.ts';
import { recordLiveMessage, resetLiveNotifications } from './live-notification-store.ts';
import { connectNotificationSocket } from './notification-socket.ts';

/** Same origin as the page: the dev server proxies /ws, and the CSP allows ws:/wss:. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/**
 * The stored token, renewed first when it has expired or the server closed the socket for its expiry
 * (this clock may still call it valid: its lifetime was counted from when it arrived); null once
 * signed out.
 */
export async function socketToken(expired?: string): Promise<string | null> {
  const user = await getStoredUser();
  if (!user) return null;
  if (!user.expired && user.access_token !== expired) return user.access_token;
  const renewed = await refreshAccessToken();
  if (!renewed) throw new Error('The access token could not be renewed');
  return renewed;
}

/**
 * SPEC §4: NEW_DIRECT sets the flag, any other text is the last type; either way the list refreshes. Screens
 * that follow live events (the dashboards) hear it too.
 */
export function handleLiveMessage(text: string, refreshList: () => void): void {
  recordLiveMessage(text);
  refreshList();
  publishLiveMessage(text);
}

/**
 * SPEC §4 session loading: the socket connects once loading ends (the shell mounts only then) and
 * closes when the shell goes away, which is what sign-out does.
 */
export function useNotificationSocket(session: Session): void {
  const queryClient = useQueryClient();
  const userId = session.user.id;
  // A string, so the effect reconnects only when the subscribable types really change.
  const types = subscribedTypes(subjectOf(session)).join(',');

  useEffect(() => {
    const socket = connectNotificationSocket({
      url: socketUrl(),
      userId,
      notificationTypes: types.split(',') as SubscribableType[],
      getToken: socketToken,
      onMessage: (text) =>
        handleLiveMessage(text, () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY })),
    });
    return () => {
      socket.close();
      resetLiveNotifications();
    };
  }, [queryClient, userId, types]);
}
