import { SCIM_MESSAGES, SCIM_SCHEMAS } from '@casedesk/contract/directory/scim';
import { SOCKET_CLOSE } from '@casedesk/contract/notifications/live-socket';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, openLiveSocket } from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { DEMO_SCIM_TOKEN } from '../../config.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { resolveUserByEmail } from '../users/users.service.ts';

/*
 * SCIM 2.0 provisioning through HTTP, with the request shapes Entra ID and Okta document (Entra: the
 * "Tutorial: Develop and plan provisioning for a SCIM endpoint" requests; Okta: "SCIM 2.0 protocol" reference).
 * The test app runs in demo mode, whose SCIM token is DEMO_SCIM_TOKEN.
 */
let t: TestApp;
let socketUrl: string;
const auth = { authorization: `Bearer ${DEMO_SCIM_TOKEN}` };

async function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = auth,
) {
  return t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/scim+json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

/** Entra's create request (its tutorial's "Create User" body). */
const entraUser = (n: number) => ({
  schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
  externalId: `entra-${n}`,
  userName: `Test.User${n}@casedesk.local`,
  active: true,
  emails: [{ primary: true, type: 'work', value: `Test.User${n}@casedesk.local` }],
  meta: { resourceType: 'User' },
  name: { formatted: `Test User ${n}`, familyName: 'User', givenName: `Test${n}` },
  title: 'Intake Specialist',
  [SCIM_SCHEMAS.enterpriseUser]: { department: 'Miami', employeeNumber: `E${n}` },
});

beforeAll(async () => {
  t = await createTestApp();
  socketUrl = await listenForSockets(t.app);
});
afterAll(async () => t?.close());

describe('SCIM authentication', () => {
  it('401 in SCIM’s error shape without the token or with a wrong one', async () => {
    const none = await scim('GET', '/Users', undefined, {} as typeof auth);
    expect(none.statusCode).toBe(401);
    const wrong = await scim('GET', '/Users', undefined, { authorization: 'Bearer not-the-token-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/scim+json');
    expect(wrong.json()).toEqual({ schemas: [SCIM_SCHEMAS.error], status: '401', detail: SCIM_MESSAGES.badToken });
  });

  it('a user’s own access token is no SCIM token', async () => {
    const res = await scim('GET', '/Users', undefined, await t.authFor(SEEDED.admin));
    expect(res.statusCode).toBe(401);
  });

  it('answers discovery', async () => {
    const res = await scim('GET', '/ServiceProviderConfig');
    expect(res.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
  });
});

describe('SCIM users', () => {
  it('creates a user with no permissions, in the office its department names; finds them as Entra does', async () => {
    const created = await scim('POST', '/Users', entraUser(1));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userName: 'test.user1@casedesk.local',
      externalId: 'entra-1',
      displayName: 'Test User 1',
      title: 'Intake Specialist',
      active: true,
    });
    const user = (await resolveUserByEmail(t.db(), 'test.user1@casedesk.local'))!;
    expect(user.permissions).toEqual([]);
    const miami = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dropdown/allOffices',
      headers: await t.authFor(SEEDED.admin),
    });
    expect(user.officeId).toBe(miami.json().find((o: { name: string }) => o.name === 'Miami').id);

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "Test.User1@casedesk.local"')}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@casedesk.local"')}`);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const audited = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id), eq(auditEvents.action, 'directory.create')));
    expect(audited).toHaveLength(1);
  });

  it('409 uniqueness for a userName that exists; 400 invalidFilter for a filter it cannot read', async () => {
    await scim('POST', '/Users', entraUser(2));
    const again = await scim('POST', '/Users', entraUser(2));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness', status: '409' });
    const filter = await scim('GET', `/Users?filter=${encodeURIComponent('title co "Intake"')}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ scimType: 'invalidFilter', detail: SCIM_MESSAGES.filter });
    const bad = await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], active: true });
    expect(bad.statusCode).toBe(400);
  });

  it('changes a user by Entra’s PATCH (path and string booleans) and Okta’s (a value object)', async () => {
    const id = (await scim('POST', '/Users', entraUser(3))).json().id;
    const entra = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Renamed User' },
        { op: 'Replace', path: 'title', value: 'Team Lead' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '2135550100' },
      ],
    });
    expect(entra.json()).toMatchObject({ displayName: 'Renamed User', title: 'Team Lead', active: true });
    const okta = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(okta.json()).toMatchObject({ active: false });
    expect(await scim('GET', '/Users/00000000-0000-4000-8000-000000000000').then((r) => r.statusCode)).toBe(404);
  });

  it('deletes a user: disabled and kept, no longer found by SCIM', async () => {
    const id = (await scim('POST', '/Users', entraUser(4))).json().id;
    expect((await scim('DELETE', `/Users/${id}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await resolveUserByEmail(t.db(), 'test.user4@casedesk.local'))!.accountEnabled).toBe(false);
  });

  it('a user deactivated through SCIM is refused on the next request and their live socket closes', async () => {
    const token = await t.tokenFor(SEEDED.manager);
    const socket = await openLiveSocket(socketUrl, token);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);
    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${SEEDED.manager}"`)}`);
    const id = found.json().Resources[0].id;
    const res = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(res.json()).toMatchObject({ active: false });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.accountDisabled);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(403);
  });
});

describe('SCIM groups', () => {
  it('members of a group mapped to a profile get its permissions; membership follows Entra’s PATCH', async () => {
    const a = (await scim('POST', '/Users', entraUser(10))).json().id;
    const b = (await scim('POST', '/Users', entraUser(11))).json().id;
    const group = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'Intake Team',
      externalId: 'g-1',
    });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id;
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accessControl/profile',
      headers: await t.authFor(SEEDED.admin),
      payload: {
        name: 'Intake',
        permissions: [{ permissionType: 'LEADS', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] }],
        reason: 'For the intake team',
      },
    });
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/accessControl/directoryGroup?id=${groupId}`,
      headers: await t.authFor(SEEDED.admin),
      payload: { profileId: profile.json().id, reason: 'The intake team gets intake access' },
    });
    expect(mapped.statusCode).toBe(200);
    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: a }, { value: b }] }],
    });
    expect(await findPermissionsOfUser(t.db(), a)).toHaveLength(1);
    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Remove', path: `members[value eq "${b}"]` }],
    });
    expect((await scim('GET', `/Groups/${groupId}`)).json().members.map((m: { value: string }) => m.value)).toEqual([
      a,
    ]);
    await setPermissions(t.db(), a, []);
  });
});
