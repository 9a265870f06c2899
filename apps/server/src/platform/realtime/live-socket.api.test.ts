import { SOCKET_CLOSE, SOCKET_PROTOCOL, SOCKET_TOKEN_PREFIX } from '@casedesk/contract/notifications/live-socket';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notifyUsers } from '../../modules/notifications/notifications.service.ts';
import type { NotificationType } from '../../modules/notifications/notifications.service.ts';
import { users } from '../../modules/users/users.tables.ts';
import type { LiveSocket } from '../../../test/support/live-socket-client.ts';
import {
  eventually,
  listenForSockets,
  openLiveSocket,
  refusedUpgradeStatus,
} from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { openSockets } from '../metrics/metrics.ts';

let t: TestApp;
let url: string;
const ids: Record<string, string> = {};
const opened: LiveSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  for (const row of await t.db().select({ id: users.id, mail: users.mail }).from(users)) ids[row.mail] = row.id;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
afterAll(async () => t?.close());

async function connect(email: string): Promise<LiveSocket> {
  const socket = await openLiveSocket(url, await t.tokenFor(email));
  opened.push(socket);
  return socket;
}

/** Connects and subscribes as the SPA does, and waits until the server has taken the subscription. */
async function subscribed(email: string, notificationTypes: string[] = ['DIRECT', 'CALL', 'SMS']) {
  const before = t.app.liveSockets.subscribedSocketsOf(ids[email]!);
  const socket = await connect(email);
  socket.send({ notificationTypes, userId: ids[email] });
  await eventually(() => t.app.liveSockets.subscribedSocketsOf(ids[email]!) > before);
  return socket;
}

const notify = (email: string, notificationType: NotificationType) =>
  notifyUsers(t.db(), t.app.realtime, {
    userIds: [ids[email]!],
    notificationType,
    notificationId: crypto.randomUUID(),
    description: `${notificationType} for the socket test`,
  });

describe('/ws authentication (same token as the API)', () => {
  it('opens with the token as a subprotocol and answers with our protocol, never the token', async () => {
    const socket = await connect(SEEDED.operator);
    expect(socket.socket.protocol).toBe(SOCKET_PROTOCOL);
  });

  it('401 without a token or with a bad one', async () => {
    expect(await refusedUpgradeStatus(url, [SOCKET_PROTOCOL])).toBe(401);
    expect(await refusedUpgradeStatus(url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}not.a.jwt`])).toBe(401);
    expect(await refusedUpgradeStatus(url, [SOCKET_PROTOCOL], { authorization: 'Bearer nope' })).toBe(401);
  });

  it('a client that can set headers may send the bearer header instead', async () => {
    const authorization = `Bearer ${await t.tokenFor(SEEDED.operator)}`;
    const socket = new WebSocket(url, [SOCKET_PROTOCOL], { headers: { authorization } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.close();
  });

  it('403 for a disabled account', async () => {
    const token = await t.tokenFor(SEEDED.disabled);
    expect(await refusedUpgradeStatus(url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${token}`])).toBe(403);
  });

  it('counts open sockets in the gauge', async () => {
    const before = (await openSockets.get()).values[0]?.value ?? 0;
    const socket = await connect(SEEDED.manager);
    await eventually(() => t.app.liveSockets.size > 0);
    expect((await openSockets.get()).values[0]?.value).toBe(before + 1);
    await socket.close();
    await eventually(() => t.app.liveSockets.size === 0);
    expect((await openSockets.get()).values[0]?.value).toBe(before);
  });
});

describe('subscribe message (SPEC §4: notificationTypes and userId)', () => {
  it('delivers SMS as its type and DIRECT as NEW_DIRECT', async () => {
    const socket = await subscribed(SEEDED.operator);
    await notify(SEEDED.operator, 'SMS');
    expect(await socket.next()).toBe('SMS');
    await notify(SEEDED.operator, 'DIRECT');
    expect(await socket.next()).toBe('NEW_DIRECT');
    await notify(SEEDED.operator, 'CALL');
    expect(await socket.next()).toBe('CALL');
  });

  it('drops types the user may not subscribe to (SPEC §6) and delivers none of them', async () => {
    // The attorney has neither CALLS nor SMS read.
    const socket = await subscribed(SEEDED.attorney);
    expect(t.app.liveSockets.subscribedTypesOf(ids[SEEDED.attorney]!)).toEqual(['DIRECT']);
    await notify(SEEDED.attorney, 'SMS');
    await notify(SEEDED.attorney, 'CALL');
    await notify(SEEDED.attorney, 'DIRECT');
    expect(await socket.next()).toBe('NEW_DIRECT');
    await socket.quietFor(200);
    expect(socket.received).toEqual(['NEW_DIRECT']);
  });

  it('delivers only the types subscribed to, to the recipients only', async () => {
    const operator = await subscribed(SEEDED.operator, ['DIRECT']);
    const manager = await subscribed(SEEDED.manager);
    await notify(SEEDED.operator, 'SMS');
    await notify(SEEDED.operator, 'ACCOUNT');
    await notify(SEEDED.manager, 'SMS');
    expect(await manager.next()).toBe('SMS');
    await operator.quietFor(200);
    expect(operator.received).toEqual([]);
  });

  it('a socket that has not subscribed gets nothing', async () => {
    const socket = await connect(SEEDED.operator);
    await notify(SEEDED.operator, 'DIRECT');
    await socket.quietFor(200);
  });

  it('every socket of the user gets it (two tabs)', async () => {
    const first = await subscribed(SEEDED.operator);
    const second = await subscribed(SEEDED.operator);
    await notify(SEEDED.operator, 'DIRECT');
    expect([await first.next(), await second.next()]).toEqual(['NEW_DIRECT', 'NEW_DIRECT']);
  });

  it("closes with 4403 when userId is not the token's user", async () => {
    const socket = await connect(SEEDED.operator);
    socket.send({ notificationTypes: ['DIRECT'], userId: ids[SEEDED.manager] });
    expect(await socket.closed).toMatchObject({ code: SOCKET_CLOSE.forbidden });
  });

  it('closes with 4400 on a malformed message', async () => {
    for (const message of ['hello', { notificationTypes: ['ACCOUNT'], userId: ids[SEEDED.operator] }, {}]) {
      const socket = await connect(SEEDED.operator);
      socket.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      expect(await socket.closed).toMatchObject({ code: SOCKET_CLOSE.badMessage });
    }
  });
});
