import type { SubscribableType } from '@casedesk/contract/notifications/live-socket';
import { MAX_SOCKETS_PER_USER, SOCKET_CLOSE, typeOfLiveText } from '@casedesk/contract/notifications/live-socket';
import type { WebSocket } from 'ws';
import { openSockets } from '../metrics/metrics.ts';
import type { AccessChangedMessage, CloseSocketsMessage, LiveTextMessage, SocketEnd } from './realtime-bus.ts';

/** One open socket of a signed-in user and the notification types it asked for (none until it subscribes). */
export interface LiveConnection {
  readonly userId: string;
  readonly socket: WebSocket;
  /** The sign-in whose token opened the socket (sign-out closes only its sockets). */
  readonly grantId?: string;
  types: ReadonlySet<SubscribableType>;
  /** What the client asked for, kept so a later change of access can widen `types` again. */
  requested: readonly SubscribableType[];
  /** Answered the last heartbeat ping. */
  alive: boolean;
  /** Closes the socket when its token expires. */
  expiry?: NodeJS.Timeout;
}

/** What the socket was opened with: its token's expiry (ms since the epoch) and sign-in. */
export interface SocketCredential {
  expiresAt: number;
  grantId?: string;
}

const CLOSE_OF: Record<SocketEnd, { code: number; reason: string }> = {
  accountDisabled: { code: SOCKET_CLOSE.accountDisabled, reason: 'Account disabled' },
  signedOut: { code: SOCKET_CLOSE.signedOut, reason: 'Signed out' },
};

/** setTimeout fires at once for delays beyond 2³¹−1 ms (some 24 days); a longer token just closes early. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The sockets of this instance by user (SPEC §4 live socket). The bus hands every message here; it
 * goes to the sockets of its recipients that subscribed to its type, and to no one else.
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private count = 0;

  constructor(private readonly maxPerUser = MAX_SOCKETS_PER_USER) {}

  /**
   * Takes a new socket and closes it when its token expires: an open socket is never checked again, so
   * it must not outlive the token that let it in (the client reconnects with a renewed one).
   *
   * Over the limit (MAX_SOCKETS_PER_USER unless configured) the user's oldest socket is closed, not the
   * new one refused: the newest is the tab just opened or reloaded, the one in front of the user, while
   * the oldest is most likely a forgotten tab (the client reopens it only when that tab is used again).
   * The limit is per instance: a count across instances would need shared state on every connect and
   * close, and the limit is about what one instance holds open; behind N instances a user may have N
   * times the limit.
   */
  add(userId: string, socket: WebSocket, credential?: SocketCredential): LiveConnection {
    const connection: LiveConnection = {
      userId,
      socket,
      grantId: credential?.grantId,
      types: new Set(),
      requested: [],
      alive: true,
    };
    // A Set keeps insertion order: the first is the oldest. Evicting the last one drops the user's set,
    // so the new socket's set is looked up afterwards.
    const older = this.byUser.get(userId);
    while (older && older.size >= this.maxPerUser) {
      this.end(older.values().next().value!, SOCKET_CLOSE.tooManySockets, `More than ${this.maxPerUser} sockets`);
    }
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(connection);
    this.count++;
    openSockets.inc();
    socket.on('pong', () => {
      connection.alive = true;
    });
    if (credential) {
      const ms = credential.expiresAt - Date.now();
      connection.expiry = setTimeout(
        () => this.end(connection, SOCKET_CLOSE.tokenExpired, 'Access token expired'),
        Math.min(Math.max(ms, 0), MAX_TIMER_MS),
      );
      connection.expiry.unref();
    }
    return connection;
  }

  /** The types asked for that the user may receive (SPEC §6); a later subscribe replaces them. */
  subscribe(
    connection: LiveConnection,
    requested: readonly SubscribableType[],
    allowed: ReadonlySet<SubscribableType> = new Set(requested),
  ): void {
    connection.requested = requested;
    connection.types = new Set(requested.filter((type) => allowed.has(type)));
  }

  /** After an access change: each socket of the recipients keeps what it asked for and may still receive. */
  resubscribe(message: AccessChangedMessage): void {
    const allowed = new Set(message.subscribable);
    for (const userId of message.userIds) {
      for (const connection of this.byUser.get(userId) ?? []) this.subscribe(connection, connection.requested, allowed);
    }
  }

  /** Forgets a closed socket; a second call for the same one does nothing. */
  remove(connection: LiveConnection): void {
    clearTimeout(connection.expiry);
    const sockets = this.byUser.get(connection.userId);
    if (!sockets?.delete(connection)) return;
    if (sockets.size === 0) this.byUser.delete(connection.userId);
    this.count--;
    openSockets.dec();
  }

  /**
   * Removes the socket at once and closes it: the close handshake takes a while, and meanwhile the
   * socket must neither count towards the limit nor be chosen to close a second time.
   */
  private end(connection: LiveConnection, code: number, reason: string): void {
    this.remove(connection);
    connection.socket.close(code, reason);
  }

  /** Closes the recipients' sockets on this instance (of one sign-in only, when the message names one). */
  closeFor(message: CloseSocketsMessage): number {
    const { code, reason } = CLOSE_OF[message.close];
    let closed = 0;
    for (const userId of message.userIds) {
      for (const connection of [...(this.byUser.get(userId) ?? [])]) {
        if (message.grantId && connection.grantId !== message.grantId) continue;
        this.end(connection, code, reason);
        closed++;
      }
    }
    return closed;
  }

  /** Sends the message's text to its recipients' subscribed sockets; returns how many got it. */
  deliver(message: LiveTextMessage): number {
    const type = typeOfLiveText(message.text);
    if (!type) return 0;
    let sent = 0;
    for (const userId of message.userIds) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (!connection.types.has(type as SubscribableType)) continue;
        if (connection.socket.readyState !== connection.socket.OPEN) continue;
        connection.socket.send(message.text);
        sent++;
      }
    }
    return sent;
  }

  /** What a user's sockets on this instance subscribed to, together (for tests and diagnostics). */
  subscribedTypesOf(userId: string): SubscribableType[] {
    const types = new Set<SubscribableType>();
    for (const connection of this.byUser.get(userId) ?? []) connection.types.forEach((t) => types.add(t));
    return [...types];
  }

  /** How many sockets a user has open on this instance. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** How many of a user's sockets on this instance have subscribed. */
  subscribedSocketsOf(userId: string): number {
    let n = 0;
    for (const connection of this.byUser.get(userId) ?? []) if (connection.types.size > 0) n++;
    return n;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Pings every socket each interval; one that did not answer the previous ping is dead (a laptop
   * closed, a proxy that dropped the connection silently) and is terminated, which removes it.
   */
  startHeartbeat(intervalMs: number): () => void {
    const timer = setInterval(() => {
      for (const sockets of this.byUser.values()) {
        for (const connection of sockets) {
          if (!connection.alive) {
            connection.socket.terminate();
            continue;
          }
          connection.alive = false;
          connection.socket.ping();
        }
      }
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  closeAll(code: number, reason: string): void {
    for (const sockets of [...this.byUser.values()]) {
      for (const connection of [...sockets]) this.end(connection, code, reason);
    }
  }
}
