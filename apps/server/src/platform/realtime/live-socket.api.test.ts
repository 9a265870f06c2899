import {
  MAX_SOCKETS_PER_USER,
  SOCKET_CLOSE,
  SOCKET_PROTOCOL,
  SOCKET_TOKEN_PREFIX,
} from '@casedesk/contract/notifications/live-socket';
import { importJWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notifyUsers } from '../../modules/notifications/notifications.service.ts';
import type { NotificationType } from '../../modules/notifications/notifications.service.ts';
import { resolveUserByEmail, setAccountEnabled } from '../../modules/users/users.service.ts';
import { users } from '../../modules/users/users.tables.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import type { Actor } from '../auth/actor.ts';
import { loadOrCreateIdpSecrets } from '../idp/idp-secrets.ts';
import { signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import type { LiveSocket } from '../../../test/support/live-socket-client.ts';
import {
  eventually,
  listenForSockets,
  openLiveSocket,
  refusedUpgradeStatus,
} from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
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

describe('a socket lives no longer than its right to exist', () => {
  /** An access token of the embedded provider that expires in `seconds` (its TTL is never under 5 s). */
  async function tokenExpiringIn(email: string, seconds: number): Promise<string> {
    const { signingKey } = await loadOrCreateIdpSecrets(t.db());
    return new SignJWT({ [t.config.OIDC_EMAIL_CLAIM]: email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
      .setIssuer(t.config.issuer)
      .setAudience(t.config.OIDC_AUDIENCE)
      .setSubject(ids[email]!)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(await importJWK(signingKey, 'RS256'));
  }

  /** A separate sign-in through the login form, as another browser would make (its own grant). */
  const signIn = (email: string) =>
    signInWithCodeFlow(t.http, {
      issuer: t.config.issuer,
      clientId: t.config.OIDC_CLIENT_ID,
      redirectUri: `${TEST_PUBLIC_URL}/`,
      email,
      password: DEMO_PASSWORD,
      resource: t.config.OIDC_AUDIENCE,
    });

  async function open(token: string): Promise<LiveSocket> {
    const socket = await openLiveSocket(url, token);
    opened.push(socket);
    return socket;
  }

  async function actorOf(email: string): Promise<Actor> {
    const user = (await resolveUserByEmail(t.db(), email))!;
    const { id: userId, role, officeId, permissions } = user;
    return { userId, role, officeId, permissions, self: user.user, ip: '127.0.0.1', requestId: 'live-socket-test' };
  }

  it('closes with 4401 when its access token expires, and a renewed token connects again', async () => {
    const socket = await open(await tokenExpiringIn(SEEDED.operator, 3));
    socket.send({ notificationTypes: ['DIRECT'], userId: ids[SEEDED.operator] });
    await eventually(() => t.app.liveSockets.subscribedSocketsOf(ids[SEEDED.operator]!) > 0);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.tokenExpired, reason: 'Access token expired' });
    await eventually(() => t.app.liveSockets.socketsOf(ids[SEEDED.operator]!) === 0);
    const renewed = await connect(SEEDED.operator);
    expect(renewed.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every socket of a user with 4423 when the account is disabled; a new one is refused', async () => {
    const email = SEEDED.collector;
    const first = await connect(email);
    const second = await connect(email);
    const admin = await actorOf(SEEDED.admin);
    try {
      await setAccountEnabled(t.db(), t.app.realtime, admin, ids[email]!, false);
      for (const socket of [first, second]) {
        expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.accountDisabled, reason: 'Account disabled' });
      }
      expect(t.app.liveSockets.socketsOf(ids[email]!)).toBe(0);
      const token = await t.tokenFor(email);
      expect(await refusedUpgradeStatus(url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${token}`])).toBe(403);
    } finally {
      await setAccountEnabled(t.db(), t.app.realtime, admin, ids[email]!, true);
    }
  });

  it("sign-out closes that sign-in's sockets with 4410 and leaves the user's other sign-in live", async () => {
    const email = SEEDED.attorney;
    const [leaving, staying] = await Promise.all([signIn(email), signIn(email)]);
    const closing = await open(leaving.access_token);
    const other = await open(staying.access_token);
    other.send({ notificationTypes: ['DIRECT'], userId: ids[email] });
    await eventually(() => t.app.liveSockets.subscribedSocketsOf(ids[email]!) > 0);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: leaving.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: t.config.OIDC_CLIENT_ID,
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect(await closing.closed).toEqual({ code: SOCKET_CLOSE.signedOut, reason: 'Signed out' });
    await notify(email, 'DIRECT');
    expect(await other.next()).toBe('NEW_DIRECT');
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
  });

  it(`the ${MAX_SOCKETS_PER_USER + 1}th socket of a user closes the oldest with 4429 and is kept`, async () => {
    const email = SEEDED.manager;
    const first = await subscribed(email);
    const rest: LiveSocket[] = [];
    for (let i = 1; i < MAX_SOCKETS_PER_USER; i++) rest.push(await connect(email));
    expect(t.app.liveSockets.socketsOf(ids[email]!)).toBe(MAX_SOCKETS_PER_USER);

    const newest = await connect(email);
    newest.send({ notificationTypes: ['DIRECT'], userId: ids[email] });
    expect(await first.closed).toEqual({
      code: SOCKET_CLOSE.tooManySockets,
      reason: `More than ${MAX_SOCKETS_PER_USER} sockets`,
    });
    await eventually(() => t.app.liveSockets.subscribedSocketsOf(ids[email]!) === 1);
    expect(t.app.liveSockets.socketsOf(ids[email]!)).toBe(MAX_SOCKETS_PER_USER);
    expect(rest.every((socket) => socket.socket.readyState === WebSocket.OPEN)).toBe(true);
    await notify(email, 'DIRECT');
    expect(await newest.next()).toBe('NEW_DIRECT');
  });
});
