/**
 * Live messages to signed-in users (SPEC §4 socket). A message names its recipients and carries
 * only the text the socket sends: 'NEW_DIRECT' or a notification type (ids only, DESIGN §1).
 * In-process on PGlite; across instances through PostgreSQL LISTEN/NOTIFY (postgres-bus.ts).
 */
export interface RealtimeMessage {
  userIds: string[];
  text: string;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeBus {
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

/** One process: publish calls the listeners directly (the embedded default). */
export function inProcessBus(): RealtimeBus {
  const listeners = new Set<RealtimeListener>();
  return {
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
