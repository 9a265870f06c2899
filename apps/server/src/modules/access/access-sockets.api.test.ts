import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, listenForSockets, openLiveSocket } from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { resolveUserByEmail } from '../users/users.service.ts';

/*
 * An access change reaches the user's open pages: their live socket keeps only the notification types the new
 * access allows (SPEC §6: SMS if SMS read), and gets them back when the access returns, without reconnecting.
 */
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
});
afterAll(async () => t?.close());

async function setAccess(userId: string, permissions: Permission[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/accessControl/user/${userId}`,
    headers: await t.authFor(SEEDED.admin),
    payload: { permissions, reason: 'Live socket test' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('an access change and the open live sockets', () => {
  it('narrows and widens what the operator’s socket receives', async () => {
    const operator = (await resolveUserByEmail(t.db(), SEEDED.operator))!;
    const original = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/accessControl/user/${operator.id}`,
        headers: await t.authFor(SEEDED.admin),
      })
    ).json().permissions as Permission[];
    const socket = await openLiveSocket(url, await t.tokenFor(SEEDED.operator));
    socket.send({ notificationTypes: ['DIRECT', 'CALL', 'SMS'], userId: operator.id });
    await eventually(() => t.app.liveSockets.subscribedTypesOf(operator.id).length === 3);

    await setAccess(
      operator.id,
      original.filter((p) => p.permissionType !== 'SMS'),
    );
    await eventually(() => !t.app.liveSockets.subscribedTypesOf(operator.id).includes('SMS'));
    expect(t.app.liveSockets.subscribedTypesOf(operator.id).sort()).toEqual(['CALL', 'DIRECT']);

    await setAccess(operator.id, original);
    await eventually(() => t.app.liveSockets.subscribedTypesOf(operator.id).includes('SMS'));
    await socket.close();
  });
});
