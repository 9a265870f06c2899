import type { SubscribableType } from '@casedesk/contract/notifications/live-socket';
import { typeOfLiveText } from '@casedesk/contract/notifications/live-socket';
import type { WebSocket } from 'ws';
import { openSockets } from '../metrics/metrics.ts';
import type { RealtimeMessage } from './realtime-bus.ts';

/** One open socket of a signed-in user and the notification types it asked for (none until it subscribes). */
export interface LiveConnection {
  readonly userId: string;
  readonly socket: WebSocket;
  types: ReadonlySet<SubscribableType>;
  /** Answered the last heartbeat ping. */
  alive: boolean;
}

/**
 * The sockets of this instance by user (SPEC §4 live socket). The bus hands every message here; it
 * goes to the sockets of its recipients that subscribed to its type, and to no one else.
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private count = 0;

  add(userId: string, socket: WebSocket): LiveConnection {
    const connection: LiveConnection = { userId, socket, types: new Set(), alive: true };
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(connection);
    this.count++;
    openSockets.inc();
    socket.on('pong', () => {
      connection.alive = true;
    });
    return connection;
  }

  subscribe(connection: LiveConnection, types: readonly SubscribableType[]): void {
    connection.types = new Set(types);
  }

  remove(connection: LiveConnection): void {
    const sockets = this.byUser.get(connection.userId);
    if (!sockets?.delete(connection)) return;
    if (sockets.size === 0) this.byUser.delete(connection.userId);
    this.count--;
    openSockets.dec();
  }

  /** Sends the message's text to its recipients' subscribed sockets; returns how many got it. */
  deliver(message: RealtimeMessage): number {
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
    for (const sockets of this.byUser.values()) {
      for (const connection of sockets) connection.socket.close(code, reason);
    }
  }
}
