import type { AddressInfo } from 'node:net';
import { SOCKET_CLOSE } from '@casedesk/contract/notifications/live-socket';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SocketRegistry } from './socket-registry.ts';

/** A real ws server whose server-side sockets go into a registry, as /ws does. */
async function serverWith(registry: SocketRegistry) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    const connection = registry.add('user-1', socket);
    registry.subscribe(connection, ['DIRECT', 'SMS']);
    socket.on('close', () => registry.remove(connection));
  });
  return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  const client = new WebSocket(url, options);
  cleanups.push(() => client.terminate());
  return new Promise((resolve, reject) => client.once('open', () => resolve(client)).once('error', reject));
}

describe('SocketRegistry heartbeat', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const registry = new SocketRegistry();
    const { server, url } = await serverWith(registry);
    cleanups.push(() => server.close());
    cleanups.push(registry.startHeartbeat(40));

    const healthy = await connect(url);
    // A peer that is gone without a close frame: it never answers a ping.
    const dead = await connect(url, { autoPong: false });
    const deadClosed = new Promise((resolve) => dead.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registry.size).toBe(2);

    await deadClosed;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(registry.size).toBe(1);
    expect(healthy.readyState).toBe(WebSocket.OPEN);
  });
});

describe('SocketRegistry delivery', () => {
  it('sends a text to the subscribed sockets of its recipients; unknown texts go nowhere', async () => {
    const registry = new SocketRegistry();
    const { server, url } = await serverWith(registry);
    cleanups.push(() => server.close());
    const client = await connect(url);
    const received: string[] = [];
    client.on('message', (data) => received.push(data.toString()));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(registry.deliver({ userIds: ['user-1'], text: 'NEW_DIRECT' })).toBe(1);
    expect(registry.deliver({ userIds: ['user-1'], text: 'CALL' })).toBe(0);
    expect(registry.deliver({ userIds: ['user-2'], text: 'SMS' })).toBe(0);
    expect(registry.deliver({ userIds: ['user-1'], text: 'SOMETHING' })).toBe(0);
    expect(registry.deliver({ userIds: ['user-1'], text: 'SMS' })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual(['NEW_DIRECT', 'SMS']);
  });
});

describe('SocketRegistry after an access change', () => {
  it('narrows a socket to what the new access allows, and widens it back to what it asked for', async () => {
    const registry = new SocketRegistry();
    const { server, url } = await serverWith(registry);
    cleanups.push(() => server.close());
    await connect(url);
    await new Promise((resolve) => setTimeout(resolve, 20));

    registry.resubscribe({ userIds: ['user-1'], subscribable: ['DIRECT', 'CALL'] });
    expect(registry.subscribedTypesOf('user-1')).toEqual(['DIRECT']);
    expect(registry.deliver({ userIds: ['user-1'], text: 'SMS' })).toBe(0);
    registry.resubscribe({ userIds: ['user-1'], subscribable: ['DIRECT', 'CALL', 'SMS'] });
    // CALL was never asked for, so it is not added; SMS was, so it comes back.
    expect(registry.subscribedTypesOf('user-1').sort()).toEqual(['DIRECT', 'SMS']);
  });
});

describe('SocketRegistry limit per user', () => {
  it('a configured limit closes the oldest socket beyond it with 4429, never the new one', async () => {
    const registry = new SocketRegistry(2);
    const { server, url } = await serverWith(registry);
    cleanups.push(() => server.close());
    const oldest = await connect(url);
    const closed = new Promise<number>((resolve) => oldest.once('close', (code) => resolve(code)));
    const middle = await connect(url);
    const newest = await connect(url);
    expect(await closed).toBe(SOCKET_CLOSE.tooManySockets);
    expect(registry.socketsOf('user-1')).toBe(2);
    expect([middle.readyState, newest.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
  });

  it('a limit of one keeps the newest socket, and it still gets messages', async () => {
    const registry = new SocketRegistry(1);
    const { server, url } = await serverWith(registry);
    cleanups.push(() => server.close());
    const first = await connect(url);
    const closed = new Promise<number>((resolve) => first.once('close', (code) => resolve(code)));
    const second = await connect(url);
    const received = new Promise<string>((resolve) => second.once('message', (data) => resolve(data.toString())));
    expect(await closed).toBe(SOCKET_CLOSE.tooManySockets);
    expect(registry.size).toBe(1);
    expect(registry.deliver({ userIds: ['user-1'], text: 'SMS' })).toBe(1);
    expect(await received).toBe('SMS');
  });
});
