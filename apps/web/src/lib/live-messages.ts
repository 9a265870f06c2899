/**
 * Every text frame the live socket receives (SPEC §4: 'CALL', 'SMS', 'NEW_DIRECT', …), for screens that follow
 * live events without owning the socket: the shell's notification socket publishes, a screen subscribes while
 * it is mounted. Screens decide themselves how often they act on it (the dashboards batch, see their refresh).
 */
type LiveListener = (text: string) => void;

const listeners = new Set<LiveListener>();

export function publishLiveMessage(text: string): void {
  listeners.forEach((listener) => listener(text));
}

/** Calls `listener` with each live text from now on; returns the unsubscribe. */
export function subscribeLiveMessages(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
