import type { SubscribableType } from '@casedesk/contract/notifications/live-socket';

/**
 * Live messages to signed-in users (SPEC §4 socket). A message names its recipients and carries
 * only the text the socket sends: 'NEW_DIRECT' or a notification type (ids only, DESIGN §1).
 * In-process on PGlite; across instances through PostgreSQL LISTEN/NOTIFY (postgres-bus.ts).
 */
export interface LiveTextMessage {
  userIds: string[];
  text: string;
}

/** Why a user's sockets must close on every instance, whichever one they are connected to. */
export const SOCKET_ENDS = ['accountDisabled', 'signedOut'] as const;
export type SocketEnd = (typeof SOCKET_ENDS)[number];

/**
 * Closes the recipients' sockets on every instance: all of them, or with `grantId` only those opened
 * with a token of that sign-in (the embedded provider's grant, carried in the token's grant_id claim).
 */
export interface CloseSocketsMessage {
  userIds: string[];
  close: SocketEnd;
  grantId?: string;
}

/**
 * The recipients' access changed: every instance forgets its cached callers, and their open sockets keep
 * only the notification types (of those they asked for) the new access allows.
 */
export interface AccessChangedMessage {
  userIds: string[];
  subscribable: SubscribableType[];
}

export type RealtimeMessage = LiveTextMessage | CloseSocketsMessage | AccessChangedMessage;

export function isCloseSockets(message: RealtimeMessage): message is CloseSocketsMessage {
  return 'close' in message;
}

export function isAccessChanged(message: RealtimeMessage): message is AccessChangedMessage {
  return 'subscribable' in message;
}

export function isLiveText(message: RealtimeMessage): message is LiveTextMessage {
  return 'text' in message;
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
