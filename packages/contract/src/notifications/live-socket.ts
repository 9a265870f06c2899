import type { Permission } from '../access/permission-schemas.ts';
import { hasAccessAs } from '../access/permissions.ts';
import type { NotificationType } from './notification-types.ts';
import { NOTIFICATION_TYPES } from './notification-types.ts';

/**
 * The live socket of SPEC §4 (DESIGN §1 /ws). Protocol:
 * 1. The browser opens `/ws` offering two subprotocols: SOCKET_PROTOCOL and `bearer.<access token>`
 *    (a browser cannot set an Authorization header on a WebSocket, and a token in the URL would end up
 *    in logs). The server authenticates the upgrade like any API call and answers with SOCKET_PROTOCOL.
 * 2. Once open, the client sends one subscribe message: `{ notificationTypes, userId }`.
 * 3. The server sends plain text frames: 'NEW_DIRECT' for a direct notification, else the type.
 * 4. A socket lives no longer than the right it was opened with: the server closes it, with one of the
 *    SOCKET_CLOSE codes below, when its access token expires, when the account is disabled, when the
 *    session its token came from signs out, and when the user opens more than MAX_SOCKETS_PER_USER.
 */
export const SOCKET_PATH = '/ws';
export const SOCKET_PROTOCOL = 'casedesk.v1';
export const SOCKET_TOKEN_PREFIX = 'bearer.';

/** SPEC §6: the types a user may subscribe to. */
export const SUBSCRIBABLE_TYPES = ['DIRECT', 'CALL', 'SMS'] as const;
export type SubscribableType = (typeof SUBSCRIBABLE_TYPES)[number];

/** SPEC §4: the live message of a direct notification. */
export const NEW_DIRECT = 'NEW_DIRECT';

/**
 * Open sockets one user may have on one server instance (one per browser tab; the server's
 * LIVE_SOCKETS_PER_USER, for a shared account on many screens or a load test). The newest connection
 * is always taken and the user's oldest socket is closed with `tooManySockets`: the tab someone has
 * just opened or reloaded is the one they are looking at, the oldest is most likely forgotten.
 */
export const MAX_SOCKETS_PER_USER = 10;

/**
 * Close codes the server uses (4000–4999 are the application's range; the last three digits follow the
 * HTTP status of the same meaning). What the client does after each is part of the protocol.
 */
export const SOCKET_CLOSE = {
  /** The subscribe message was not the agreed shape. Do not reconnect. */
  badMessage: 4400,
  /** The access token expired (the socket closes at its `exp`). Reconnect with a renewed token, never the same one. */
  tokenExpired: 4401,
  /** The subscribe message named another user. Do not reconnect. */
  forbidden: 4403,
  /** The session the token came from signed out (or was revoked). Do not reconnect: a new sign-in opens a new socket. */
  signedOut: 4410,
  /** The account was disabled. Do not reconnect (the upgrade would be refused with 403). */
  accountDisabled: 4423,
  /**
   * The user opened more than MAX_SOCKETS_PER_USER and this was the oldest. Reconnect only when the tab
   * is in use again (shown or focused), which then closes the oldest other one: never on a timer, or
   * tabs in the background would take turns closing each other.
   */
  tooManySockets: 4429,
} as const;

/** Server → client text frame for a notification of this type (SPEC §4). */
export function liveTextOf(type: NotificationType): string {
  return type === 'DIRECT' ? NEW_DIRECT : type;
}

/** The notification type a live text announces; undefined for anything else. */
export function typeOfLiveText(text: string): NotificationType | undefined {
  if (text === NEW_DIRECT) return 'DIRECT';
  // 'DIRECT' itself is never sent: a direct notification is announced as NEW_DIRECT.
  return NOTIFICATION_TYPES.find((type) => type !== 'DIRECT' && type === text);
}

/** Who is subscribing: their permissions and, for role conditions, their role. */
export interface NotificationSubject {
  permissions: readonly Permission[];
  role?: string | null;
}

/**
 * SPEC §6: DIRECT always, CALL with CALLS read, SMS with SMS read. Role conditions hold for the
 * subject's own role, as for screens; office and category conditions narrow records, not subscriptions.
 */
export function subscribedTypes(subject: NotificationSubject): SubscribableType[] {
  const reads = (type: 'CALLS' | 'SMS') => hasAccessAs(subject.permissions, subject.role, type, 'READ');
  const types: SubscribableType[] = ['DIRECT'];
  if (reads('CALLS')) types.push('CALL');
  if (reads('SMS')) types.push('SMS');
  return types;
}
