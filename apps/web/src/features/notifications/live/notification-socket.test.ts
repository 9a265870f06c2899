import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { SOCKET_CLOSE, SOCKET_PROTOCOL } from '@casedesk/contract/notifications/live-socket';
import {
  connectNotificationSocket,
  NOT_CONNECTED_MESSAGE,
  reconnectDelay,
  whenPageInUse,
} from './notification-socket.ts';

const USER_ID = '00000000-0000-4000-8000-000000000001';

interface Peer {
  socket: ServerSocket;
  protocols: string[];
  messages: string[];
}

/** A real WebSocket server that answers with our protocol and records what each client offered and sent. */
async function startServer() {
  const server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const peers: Peer[] = [];
  server.on('connection', (socket, request) => {
    const peer: Peer = {
      socket,
      protocols: String(request.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim()),
      messages: [],
    };
    socket.on('message', (data) => peer.messages.push(data.toString()));
    peers.push(peer);
  });
  cleanups.push(() => server.close());
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`, peers };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.restoreAllMocks();
});

function connect(
  url: string,
  tokens: (string | null)[],
  onMessage: (text: string) => void = () => undefined,
  whenInUse: (resume: () => void) => () => void = () => () => undefined,
) {
  const getToken = vi.fn(async (_expired?: string) => (tokens.length > 1 ? tokens.shift()! : tokens[0]!));
  const socket = connectNotificationSocket({
    url,
    userId: USER_ID,
    notificationTypes: ['DIRECT', 'SMS'],
    getToken,
    onMessage,
    backoff: { baseMs: 20, maxMs: 100 },
    whenInUse,
  });
  cleanups.push(() => socket.close());
  return { socket, getToken };
}

describe('connectNotificationSocket (SPEC §4)', () => {
  it('offers the token as a subprotocol and, once open, sends notificationTypes and userId', async () => {
    const { url, peers } = await startServer();
    connect(url, ['token-1']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    expect(peers[0]!.protocols).toEqual([SOCKET_PROTOCOL, 'bearer.token-1']);
    expect(JSON.parse(peers[0]!.messages[0]!)).toEqual({ notificationTypes: ['DIRECT', 'SMS'], userId: USER_ID });
  });

  it('hands every text frame to onMessage', async () => {
    const { url, peers } = await startServer();
    const received: string[] = [];
    connect(url, ['token-1'], (text) => received.push(text));
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    peers[0]!.socket.send('NEW_DIRECT');
    peers[0]!.socket.send('SMS');
    await vi.waitFor(() => expect(received).toEqual(['NEW_DIRECT', 'SMS']));
  });

  it(`logs '${NOT_CONNECTED_MESSAGE}' when sending while not open`, async () => {
    const { url } = await startServer();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket } = connect(url, ['token-1']);
    expect(socket.send({ hello: 1 })).toBe(false);
    expect(error).toHaveBeenCalledWith(NOT_CONNECTED_MESSAGE);
  });

  it('reconnects after a drop with a fresh token and subscribes again', async () => {
    const { url, peers } = await startServer();
    const { getToken } = connect(url, ['token-1', 'token-2']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    peers[0]!.socket.terminate();
    await vi.waitFor(() => expect(peers[1]?.messages).toHaveLength(1));
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(peers[1]!.protocols).toContain('bearer.token-2');
  });

  it('stays closed after close() (sign-out)', async () => {
    const { url, peers } = await startServer();
    const { socket, getToken } = connect(url, ['token-1']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    const closed = new Promise((resolve) => peers[0]!.socket.once('close', resolve));
    socket.close();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(peers).toHaveLength(1);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('does not retry a subscription the server refused', async () => {
    const { url, peers } = await startServer();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    connect(url, ['token-1']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    peers[0]!.socket.close(SOCKET_CLOSE.forbidden, 'userId is not the signed-in user');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(peers).toHaveLength(1);
  });

  it('after a close for token expiry, asks for a token other than the expired one and reconnects with it', async () => {
    const { url, peers } = await startServer();
    const { getToken } = connect(url, ['token-1', 'token-2']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    expect(getToken).toHaveBeenLastCalledWith(undefined);
    peers[0]!.socket.close(SOCKET_CLOSE.tokenExpired, 'Access token expired');
    await vi.waitFor(() => expect(peers[1]?.messages).toHaveLength(1));
    expect(getToken).toHaveBeenLastCalledWith('token-1');
    expect(peers[1]!.protocols).toContain('bearer.token-2');
  });

  it.each([
    ['signed out', SOCKET_CLOSE.signedOut],
    ['account disabled', SOCKET_CLOSE.accountDisabled],
  ])('does not reconnect after a close for %s', async (_, code) => {
    const { url, peers } = await startServer();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { getToken } = connect(url, ['token-1']);
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    peers[0]!.socket.close(code, 'Gone');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(peers).toHaveLength(1);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('closed as the oldest of too many, reconnects only once the tab is in use again', async () => {
    const { url, peers } = await startServer();
    let resume: (() => void) | undefined;
    connect(url, ['token-1', 'token-2'], undefined, (next) => {
      resume = next;
      return () => undefined;
    });
    await vi.waitFor(() => expect(peers[0]?.messages).toHaveLength(1));
    peers[0]!.socket.close(SOCKET_CLOSE.tooManySockets, 'More than 10 sockets');
    await vi.waitFor(() => expect(resume).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(peers).toHaveLength(1);
    resume!();
    await vi.waitFor(() => expect(peers[1]?.messages).toHaveLength(1));
    expect(peers[1]!.protocols).toContain('bearer.token-2');
  });

  it('whenPageInUse resumes when the page is focused, once', () => {
    const resume = vi.fn();
    whenPageInUse(resume);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('opens nothing once signed out (no token)', async () => {
    const { url, peers } = await startServer();
    const { getToken } = connect(url, [null]);
    await vi.waitFor(() => expect(getToken).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peers).toHaveLength(0);
  });
});

describe('reconnectDelay', () => {
  it('grows exponentially up to the cap, with jitter between half and all of it', () => {
    expect(reconnectDelay(0, 1_000, 30_000, () => 0)).toBe(500);
    expect(reconnectDelay(0, 1_000, 30_000, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, 1_000, 30_000, () => 1)).toBe(8_000);
    expect(reconnectDelay(10, 1_000, 30_000, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, 1_000, 30_000, () => 0)).toBe(15_000);
  });
});
