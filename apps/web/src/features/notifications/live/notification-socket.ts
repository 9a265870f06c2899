import {
  SOCKET_CLOSE,
  SOCKET_PROTOCOL,
  SOCKET_TOKEN_PREFIX,
  type SubscribableType,
} from '@casedesk/contract/notifications/live-socket';

/** SPEC §4: the exact words logged when a message is sent while the socket is not open. */
export const NOT_CONNECTED_MESSAGE = 'WebSocket is not connected';

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

/** The part of the browser's WebSocket this client uses (a test may hand in another implementation). */
export type SocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface NotificationSocketOptions {
  url: string;
  userId: string;
  notificationTypes: readonly SubscribableType[];
  /** A token valid now; null when signed out (the socket then stays closed). Throws to retry later. */
  getToken: () => Promise<string | null>;
  onMessage: (text: string) => void;
  createSocket?: SocketFactory;
  backoff?: { baseMs: number; maxMs: number };
  random?: () => number;
}

export interface NotificationSocket {
  /** Sends a JSON message if the socket is open; otherwise logs NOT_CONNECTED_MESSAGE (SPEC §4). */
  send(message: unknown): boolean;
  /** Closes for good (sign-out, leaving the shell); no reconnect follows. */
  close(): void;
}

/**
 * Exponential backoff with jitter: attempt n waits between half and all of min(max, base·2ⁿ), so
 * browsers dropped together (a deploy, a network blip) do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The live socket of SPEC §4. Opens with the access token as a subprotocol (browsers cannot set
 * headers on a WebSocket; a URL would end up in logs), then sends notificationTypes and userId.
 * After a drop it reconnects with backoff and a fresh token, except when the server refused the
 * subscription itself (4400/4403: retrying would only repeat it).
 */
export function connectNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  const createSocket: SocketFactory = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
  const { baseMs, maxMs } = options.backoff ?? { baseMs: 1_000, maxMs: 30_000 };
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: unknown): boolean => {
    if (!socket || socket.readyState !== OPEN) {
      console.error(NOT_CONNECTED_MESSAGE);
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    timer = setTimeout(() => void open(), reconnectDelay(attempt++, baseMs, maxMs, random));
  };

  async function open(): Promise<void> {
    let token: string | null;
    try {
      token = await options.getToken();
    } catch (error) {
      console.warn('No token for the live socket yet; retrying', error);
      scheduleReconnect();
      return;
    }
    if (stopped || !token) return;
    const next = createSocket(options.url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${token}`]);
    socket = next;
    next.onopen = () => {
      attempt = 0;
      send({ notificationTypes: options.notificationTypes, userId: options.userId });
    };
    next.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') options.onMessage(event.data);
    };
    next.onclose = (event: CloseEvent) => {
      if (socket === next) socket = null;
      if (stopped) return;
      if (event.code === SOCKET_CLOSE.badMessage || event.code === SOCKET_CLOSE.forbidden) {
        console.error(`The live socket was refused (${event.code} ${event.reason})`);
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by close, which decides about reconnecting.
    next.onerror = () => undefined;
  }

  void open();
  return {
    send,
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close(NORMAL_CLOSURE, 'Closed by the client');
      socket = null;
    },
  };
}
