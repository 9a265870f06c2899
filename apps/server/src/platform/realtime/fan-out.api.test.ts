import { SOCKET_CLOSE } from '@casedesk/contract/notifications/live-socket';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../../modules/notifications/notifications.service.ts';
import { resolveUserByEmail, setAccountEnabled } from '../../modules/users/users.service.ts';
import { users } from '../../modules/users/users.tables.ts';
import type { LiveSocket } from '../../../test/support/live-socket-client.ts';
import { eventually, listenForSockets, openLiveSocket } from '../../../test/support/live-socket-client.ts';
import type { SecondInstance } from '../../../test/support/second-instance.ts';
import { startSecondInstance } from '../../../test/support/second-instance.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { REALTIME_CHANNEL } from './postgres-bus.ts';

/**
 * Live notifications across instances (DESIGN §1): a notification created on one instance reaches a socket connected to
 * another, through PostgreSQL LISTEN/NOTIFY. PGlite is one process's embedded database: there is no
 * second instance to fan out to, so this runs only with DATABASE_URL.
 */
describe.skipIf(!process.env.DATABASE_URL)('live fan-out across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: TestApp;
  let b: SecondInstance;
  let socketOnB: LiveSocket;
  let operatorId: string;
  let urlOfB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await startSecondInstance(a);
    const [operator] = await a.db().select({ id: users.id }).from(users).where(eq(users.mail, SEEDED.operator));
    operatorId = operator!.id;
    urlOfB = await listenForSockets(b.app);
    socketOnB = await openLiveSocket(urlOfB, await a.tokenFor(SEEDED.operator));
    socketOnB.send({ notificationTypes: ['DIRECT', 'CALL', 'SMS'], userId: operatorId });
    await eventually(() => b.app.liveSockets.subscribedSocketsOf(operatorId) > 0);
  });
  afterAll(async () => {
    await socketOnB?.close();
    await b?.close();
    await a?.close();
  });

  const notifyOnA = (notificationType: 'SMS' | 'DIRECT') =>
    notifyUsers(a.db(), a.app.realtime, {
      userIds: [operatorId],
      notificationType,
      notificationId: crypto.randomUUID(),
      description: 'fan-out test',
    });

  it('a notification created on instance A reaches the socket on instance B', async () => {
    expect(a.app.liveSockets.size).toBe(0);
    await notifyOnA('SMS');
    expect(await socketOnB.next()).toBe('SMS');
    await notifyOnA('DIRECT');
    expect(await socketOnB.next()).toBe('NEW_DIRECT');
  });

  it('the listening connection comes back after PostgreSQL drops it', async () => {
    const listening = () =>
      a.database.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${REALTIME_CHANNEL}`],
      );
    const before = await listening();
    expect(before.length).toBe(2);
    await a.database.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY($1)', [
      before.map((row) => row.pid),
    ]);
    // Both instances reconnect (first retry after 1 s) and LISTEN again.
    const deadline = Date.now() + 15_000;
    while ((await listening()).filter((row) => !before.some((old) => old.pid === row.pid)).length < 2) {
      if (Date.now() > deadline) throw new Error('The LISTEN connections did not come back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await notifyOnA('SMS');
    expect(await socketOnB.next()).toBe('SMS');
  });

  it('disabling an account on instance A closes its socket on instance B', async () => {
    const email = SEEDED.collector;
    const [collector] = await a.db().select({ id: users.id }).from(users).where(eq(users.mail, email));
    const socket = await openLiveSocket(urlOfB, await a.tokenFor(email));
    const admin = (await resolveUserByEmail(a.db(), SEEDED.admin))!;
    const actor = {
      userId: admin.id,
      role: admin.role,
      officeId: admin.officeId,
      permissions: admin.permissions,
      self: admin.user,
      ip: '127.0.0.1',
      requestId: 'fan-out-test',
    };
    try {
      await setAccountEnabled(a.db(), a.app.realtime, actor, collector!.id, false);
      expect(await socket.closed).toMatchObject({ code: SOCKET_CLOSE.accountDisabled });
    } finally {
      await socket.close();
      await setAccountEnabled(a.db(), a.app.realtime, actor, collector!.id, true);
    }
  });
});
