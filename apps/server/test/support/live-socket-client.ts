import type { AddressInfo } from 'node:net';
import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_TOKEN_PREFIX } from '@casedesk/contract/notifications/live-socket';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Starts the app on a random loopback port (it closes with the app) and returns the socket's URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${SOCKET_PATH}`;
}

export interface LiveSocket {
  socket: WebSocket;
  /** Every text frame received so far. */
  received: string[];
  /** Resolves with the next text frame (or one already received and not yet taken). */
  next(timeoutMs?: number): Promise<string>;
  /** Resolves when nothing arrives for `ms` (to show a message was not delivered). */
  quietFor(ms: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  close(): Promise<void>;
}

/** Opens the socket as the browser does: token as a subprotocol (SPEC §4 / contract live-socket). */
export function openLiveSocket(url: string, token: string, protocols?: string[]): Promise<LiveSocket> {
  const socket = new WebSocket(url, protocols ?? [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${token}`]);
  const received: string[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(data.toString());
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const live: LiveSocket = {
    socket,
    received,
    closed,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No live message within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[taken++]!;
    },
    async quietFor(ms) {
      const before = received.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (received.length > before) throw new Error(`Unexpected live message: ${received.slice(before).join(', ')}`);
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(live));
    socket.once('error', reject);
  });
}

/** The HTTP status the server refused an upgrade with. */
export function refusedUpgradeStatus(
  url: string,
  protocols: string[],
  headers?: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('The upgrade was accepted'));
    });
    socket.once('error', () => undefined);
  });
}

/** Polls until the condition holds (e.g. the server has processed a subscribe message). */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
