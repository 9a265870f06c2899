import { useSyncExternalStore } from 'react';
import { NEW_DIRECT } from '@casedesk/contract/notifications/live-socket';

/**
 * What the live socket last said (SPEC §4): NEW_DIRECT sets the direct-notification flag; any other
 * text is recorded as the last notification type. `received` counts messages, so a screen that
 * follows one type (e.g. calls on CALL) sees a change even when the same type arrives twice.
 */
export interface LiveNotificationState {
  directNotification: boolean;
  lastNotificationType: string | null;
  received: number;
}

const INITIAL: LiveNotificationState = { directNotification: false, lastNotificationType: null, received: 0 };
let state = INITIAL;
const listeners = new Set<() => void>();

function set(next: LiveNotificationState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function recordLiveMessage(text: string): void {
  set(
    text === NEW_DIRECT
      ? { ...state, directNotification: true, received: state.received + 1 }
      : { ...state, lastNotificationType: text, received: state.received + 1 },
  );
}

/** The user has seen the bell since the direct notification arrived. */
export function acknowledgeDirectNotification(): void {
  if (state.directNotification) set({ ...state, directNotification: false });
}

/** Sign-out (or another user) starts from nothing. */
export function resetLiveNotifications(): void {
  set(INITIAL);
}

export function getLiveNotifications(): LiveNotificationState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveNotifications(): LiveNotificationState {
  return useSyncExternalStore(subscribe, getLiveNotifications, getLiveNotifications);
}
