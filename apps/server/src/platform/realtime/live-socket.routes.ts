import { SOCKET_CLOSE, SOCKET_PATH, subscribedTypes } from '@casedesk/contract/notifications/live-socket';
import { subscribeMessageSchema } from '@casedesk/contract/notifications/subscribe-message';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Actor } from '../auth/actor.ts';
import { notifyActorsChanged } from '../auth/actor-cache.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { LiveConnection } from './socket-registry.ts';
import { SocketRegistry } from './socket-registry.ts';
import type { RealtimeBus } from './realtime-bus.ts';
import { isAccessChanged, isLiveText } from './realtime-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open live sockets. */
    liveSockets: SocketRegistry;
  }
}

export interface LiveSocketOptions {
  /** Heartbeat ping interval; a socket that misses one ping is dropped. */
  heartbeatMs?: number;
  /** Sockets one user may hold open here; the oldest closes beyond it (default LIVE_SOCKETS_PER_USER). */
  socketsPerUser?: number;
}

const GOING_AWAY = 1001;

/**
 * SPEC §4 live socket at /ws (DESIGN §1). The upgrade passes access control like any signed-in route
 * (the token comes as a subprotocol, see socket-token.ts); once open, the client's subscribe message
 * names the types it wants and its own user id. It closes when its token expires, and when a
 * message on the bus says the account was disabled or the sign-in ended (on whichever instance holds
 * it; the close codes are in the contract's SOCKET_CLOSE). Registered on the root instance, after
 * @fastify/websocket, so the registry is visible app-wide (`app.liveSockets`).
 */
export function registerLiveSocket(app: AppInstance, options: LiveSocketOptions = {}): void {
  const registry = new SocketRegistry(options.socketsPerUser ?? app.config.LIVE_SOCKETS_PER_USER);
  app.decorate('liveSockets', registry);
  const unsubscribe = app.realtime.subscribe((message) => {
    if (isLiveText(message)) {
      registry.deliver(message);
      return;
    }
    if (isAccessChanged(message)) {
      // The instance that made the change emptied its own cache; this one may hold the old access.
      notifyActorsChanged();
      registry.resubscribe(message);
      return;
    }
    // The instance that disabled the account emptied its own actor cache; this one may still hold the
    // user as enabled for a few seconds and would let the closed socket straight back in.
    if (message.close === 'accountDisabled') notifyActorsChanged();
    registry.closeFor(message);
  });
  const stopHeartbeat = registry.startHeartbeat(options.heartbeatMs ?? 30_000);
  app.addHook('preClose', async () => {
    unsubscribe();
    stopHeartbeat();
    registry.closeAll(GOING_AWAY, 'Server shutting down');
  });

  app.get(
    SOCKET_PATH,
    { websocket: true, config: { signedIn: true }, schema: { hide: true } },
    (socket: WebSocket, request) => {
      const connection = registry.add(request.actor!.userId, socket, request.credential);
      socket.on('message', (data, isBinary) => onClientMessage(registry, connection, request.actor!, data, isBinary));
      socket.on('close', () => registry.remove(connection));
    },
  );
}

/**
 * Sign-out (the revocation of a grant, SPEC §1) closes the live sockets opened with that sign-in's
 * tokens, on every instance. Only that sign-in's: the same person signed in on another computer or in
 * another browser has a sign-in of their own, and leaving one is not leaving the other. The tabs of one
 * browser share one sign-in (its token is in local storage), so all of them close together.
 */
export async function closeSignedOutSockets(
  bus: RealtimeBus,
  userId: string,
  grantId: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await bus.publish({ userIds: [userId], close: 'signedOut', grantId });
  } catch (error) {
    log.error({ err: error }, 'closing the live sockets of a sign-out failed');
  }
}

/**
 * The subscribe message (SPEC §4: notificationTypes and userId). Types the user may not subscribe to
 * (SPEC §6) are dropped; a message for another user closes the socket, as does anything malformed.
 * A later subscribe message replaces the earlier one.
 */
function onClientMessage(
  registry: SocketRegistry,
  connection: LiveConnection,
  actor: Actor,
  data: RawData,
  isBinary: boolean,
): void {
  const parsed = isBinary ? undefined : parseJson(data.toString());
  const message = subscribeMessageSchema.safeParse(parsed);
  if (!message.success) {
    connection.socket.close(SOCKET_CLOSE.badMessage, 'Expected {notificationTypes, userId}');
    return;
  }
  if (message.data.userId !== actor.userId) {
    connection.socket.close(SOCKET_CLOSE.forbidden, 'userId is not the signed-in user');
    return;
  }
  const allowed = new Set(subscribedTypes(actor));
  registry.subscribe(connection, message.data.notificationTypes, allowed);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
