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
  /**
   * A token valid now; null when signed out (the socket then stays closed). Throws to retry later.
   * After the server closed the socket because its token expired, that token is passed: it must not be
   * returned again, even if this browser's clock still thinks it valid.
   */
  getToken: (expired?: string) => Promise<string | null>;
  onMessage: (text: string) => void;
  createSocket?: SocketFactory;
  backoff?: { baseMs: number; maxMs: number };
  random?: () => number;
  /**
   * Calls `resume` once, the next time the user turns to this tab (shown or focused); returns a
   * function that stops waiting. Used after the server closed this socket as the user's oldest.
   */
  whenInUse?: (resume: () => void) => () => void;
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

/** Closes after which reconnecting would only be refused again, or is not wanted (SOCKET_CLOSE). */
const FINAL_CLOSES = new Set<number>([
  SOCKET_CLOSE.badMessage,
  SOCKET_CLOSE.forbidden,
  SOCKET_CLOSE.signedOut,
  SOCKET_CLOSE.accountDisabled,
]);

/** The next time the page is shown again or its window gets the focus. */
export function whenPageInUse(resume: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') done();
  };
  const done = () => {
    stop();
    resume();
  };
  const stop = () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', done);
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', done);
  return stop;
}

/**
 * The live socket of SPEC §4. Opens with the access token as a subprotocol (browsers cannot set
 * headers on a WebSocket; a URL would end up in logs), then sends notificationTypes and userId.
 * After a drop it reconnects with backoff and a fresh token, except when the server refused the
 * subscription (4400/4403), the session signed out (4410) or the account was disabled (4423):
 * retrying would only be refused. After 4401 (token expired) the next token must be another one.
 * After 4429 (the user's oldest of too many sockets) it waits until the tab is in use again: tabs in
 * the background reconnecting on a timer would take turns closing each other.
 */
export function connectNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  const createSocket: SocketFactory = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
  const { baseMs, maxMs } = options.backoff ?? { baseMs: 1_000, maxMs: 30_000 };
  const random = options.random ?? Math.random;
  const whenInUse = options.whenInUse ?? whenPageInUse;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting: (() => void) | undefined;
  /** The token the server closed the last socket for, as expired. */
  let expired: string | undefined;

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
      token = await options.getToken(expired);
    } catch (error) {
      console.warn('No token for the live socket yet; retrying', error);
      scheduleReconnect();
      return;
    }
    if (stopped || !token) return;
    const used = token;
    if (used !== expired) expired = undefined;
    const next = createSocket(options.url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${used}`]);
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
      if (FINAL_CLOSES.has(event.code)) {
        console.error(`The live socket was closed for good (${event.code} ${event.reason})`);
        return;
      }
      if (event.code === SOCKET_CLOSE.tooManySockets) {
        stopWaiting = whenInUse(() => {
          stopWaiting = undefined;
          void open();
        });
        return;
      }
      if (event.code === SOCKET_CLOSE.tokenExpired) expired = used;
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
      stopWaiting?.();
      socket?.close(NORMAL_CLOSURE, 'Closed by the client');
      socket = null;
    },
  };
}
