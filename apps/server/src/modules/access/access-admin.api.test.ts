import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { managerPermissions } from '../../seed/permission-profiles.ts';
import { resolveUserByEmail as findUserByEmail } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { findPermissionsOfUser, setPermissions } from './access.service.ts';

/*
 * User access administration through HTTP on a real database. The file owns its database (a fresh copy of
 * the seed) and the users it creates; the seeded admin (everything) and manager (one office, with
 * USER_ACCESS READ and UPDATE there) are the administrators.
 */
let t: TestApp;
let managerOffice: string;
let otherOffice: string;

async function send(method: 'GET' | 'PUT' | 'POST', url: string, as: string | null, payload?: object) {
  const headers = as ? await t.authFor(as) : {};
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

let serial = 0;
async function newUser(officeId: string | null, role: 'OPERATOR' | 'ADMIN' | 'MANAGER' = 'OPERATOR') {
  serial++;
  const [row] = await t
    .db()
    .insert(users)
    .values({ mail: `access-${serial}@test.local`, displayName: `Access Test ${serial}`, role, officeId })
    .returning({ id: users.id, displayName: users.displayName });
  return row!;
}

const smsCreateIn = (officeId: string): Permission => ({
  permissionType: 'SMS',
  accessLevelDTO: [
    { accessType: 'CREATE', conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [officeId] }] },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const manager = (await findUserByEmail(t.db(), SEEDED.manager))!;
  managerOffice = manager.officeId!;
  const [other] = await t.db().select({ id: offices.id }).from(offices).where(eq(offices.name, 'Miami'));
  otherOffice = other!.id === managerOffice ? (await newUser(null)).id : other!.id;
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [managerOffice] }];
  await setPermissions(t.db(), manager.id, [
    ...managerPermissions([managerOffice]),
    {
      permissionType: 'USER_ACCESS',
      accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: inOffice })),
    },
  ]);
});
afterAll(async () => t?.close());

describe('access-control lookups', () => {
  it('401 without a token, 403 without USER_ACCESS READ', async () => {
    expect((await send('GET', '/api/v1/accessControl/permissionTypes', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/accessControl/permissionTypes', SEEDED.operator)).statusCode).toBe(403);
  });

  it('serves the SPEC §6 lists and the values each condition type may name', async () => {
    const types = (await send('GET', '/api/v1/accessControl/permissionTypes', SEEDED.admin)).json();
    expect(types).toContainEqual({ value: 'SMS', label: 'SMS' });
    expect(types).toContainEqual({ value: 'APPOINTMENT_PI', label: 'Appointment PI' });
    const relations = (await send('GET', '/api/v1/accessControl/relationTypes', SEEDED.admin)).json();
    expect(relations.map((r: { value: string }) => r.value)).toEqual(['EQUALS', 'NOT_EQUALS']);
    const levels = (await send('GET', '/api/v1/accessControl/accessLevelTypes', SEEDED.admin)).json();
    expect(levels.map((r: { value: string }) => r.value)).toEqual(['READ', 'CREATE', 'UPDATE']);
    const officesList = (
      await send('GET', '/api/v1/accessControl/conditionValues?conditionType=OFFICE', SEEDED.admin)
    ).json();
    expect(officesList).toContainEqual({ value: managerOffice, label: 'Los Angeles' });
    const bad = await send('GET', '/api/v1/accessControl/conditionValues?conditionType=COLOUR', SEEDED.admin);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/v1/user/withAccessControl', () => {
  it('lists users with office, status and permission count; filters by role', async () => {
    const user = await newUser(managerOffice);
    await setPermissions(t.db(), user.id, [smsCreateIn(managerOffice)]);
    const res = await send('POST', '/api/v1/user/withAccessControl', SEEDED.admin, {
      pageNumber: 1,
      pageSize: 10,
      filter: { searchKeyword: user.displayName, role: 'OPERATOR', status: 'ENABLED' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalCount: 1,
      items: [{ id: user.id, officeName: 'Los Angeles', permissionCount: 1, accountEnabled: true, profileName: null }],
    });
  });

  it('shows an office-scoped administrator only the users of their offices', async () => {
    const mine = await newUser(managerOffice);
    const theirs = await newUser(otherOffice);
    const res = await send('POST', '/api/v1/user/withAccessControl', SEEDED.manager, {
      pageNumber: 1,
      pageSize: 1000,
      filter: { searchKeyword: 'Access Test' },
    });
    const ids = res.json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });
});

describe('PUT /api/v1/accessControl/user/{userId}', () => {
  it('400 with the message when no reason is given, and nothing changes', async () => {
    const user = await newUser(managerOffice);
    const res = await send('PUT', `/api/v1/accessControl/user/${user.id}`, SEEDED.admin, {
      permissions: [smsCreateIn(managerOffice)],
      reason: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCESS_ADMIN_MESSAGES.reason);
    expect(await findPermissionsOfUser(t.db(), user.id)).toEqual([]);
  });

  it('grants, audits with before, after and reason; history and the access on a past date show it', async () => {
    const user = await newUser(managerOffice);
    const beforeChange = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await send('PUT', `/api/v1/accessControl/user/${user.id}`, SEEDED.admin, {
      permissions: [smsCreateIn(managerOffice)],
      defaultDashboard: 'CALL_CENTER',
      reason: 'Covers the LA text line',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ defaultDashboard: 'CALL_CENTER', permissions: [smsCreateIn(managerOffice)] });
    const history = (await send('GET', `/api/v1/accessControl/user/${user.id}/history`, SEEDED.admin)).json();
    expect(history[0]).toMatchObject({
      action: 'access.change',
      reason: 'Covers the LA text line',
      actorName: expect.any(String),
      before: { permissions: [], defaultDashboard: null },
      after: { permissions: [smsCreateIn(managerOffice)], defaultDashboard: 'CALL_CENTER' },
    });
    const past = await send('GET', `/api/v1/accessControl/accessAt?userId=${user.id}&at=${beforeChange}`, SEEDED.admin);
    expect(past.json()).toMatchObject({ permissions: [], role: 'OPERATOR', accountEnabled: true });
  });

  it('disabling an account refuses its next request', async () => {
    const res = await send(
      'PUT',
      `/api/v1/accessControl/user/${(await findUserByEmail(t.db(), SEEDED.collector))!.id}`,
      SEEDED.admin,
      {
        accountEnabled: false,
        reason: 'Left the firm',
      },
    );
    expect(res.statusCode).toBe(200);
    expect((await send('GET', '/api/v1/user', SEEDED.collector)).statusCode).toBe(403);
  });

  it('404 for an unknown user; 403 for an administrator changing their own access', async () => {
    const unknown = await send('PUT', `/api/v1/accessControl/user/${crypto.randomUUID()}`, SEEDED.admin, {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const admin = (await findUserByEmail(t.db(), SEEDED.admin))!;
    const own = await send('PUT', `/api/v1/accessControl/user/${admin.id}`, SEEDED.admin, {
      role: 'OPERATOR',
      reason: 'x',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(ACCESS_ADMIN_MESSAGES.ownAccess);
  });
});

describe('no escalation: an office-scoped administrator', () => {
  it('grants what they hold, in their office', async () => {
    const user = await newUser(managerOffice);
    const res = await send('PUT', `/api/v1/accessControl/user/${user.id}`, SEEDED.manager, {
      permissions: [smsCreateIn(managerOffice)],
      reason: 'Texts for LA',
    });
    expect(res.statusCode).toBe(200);
  });

  it('cannot grant for another office, nor what they lack; nothing is written', async () => {
    const user = await newUser(managerOffice);
    const otherOfficeGrant = await send('PUT', `/api/v1/accessControl/user/${user.id}`, SEEDED.manager, {
      permissions: [smsCreateIn(otherOffice)],
      reason: 'x',
    });
    expect(otherOfficeGrant.statusCode).toBe(403);
    expect(otherOfficeGrant.json().message).toBe(ACCESS_ADMIN_MESSAGES.notHeld('SMS CREATE'));
    const unconditioned = await send('PUT', `/api/v1/accessControl/user/${user.id}`, SEEDED.manager, {
      permissions: [
        { permissionType: 'CASH_FLOW_MANAGEMENT', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] },
      ],
      reason: 'x',
    });
    expect(unconditioned.statusCode).toBe(403);
    expect(await findPermissionsOfUser(t.db(), user.id)).toEqual([]);
    const audited = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id)));
    expect(audited).toEqual([]);
  });

  it('cannot reach users of other offices (404), move users out, or give the ADMIN role', async () => {
    const theirs = await newUser(otherOffice);
    const mine = await newUser(managerOffice);
    const outOfScope = await send('PUT', `/api/v1/accessControl/user/${theirs.id}`, SEEDED.manager, { reason: 'x' });
    expect(outOfScope.statusCode).toBe(404);
    expect((await send('GET', `/api/v1/accessControl/user/${theirs.id}`, SEEDED.manager)).statusCode).toBe(404);
    const move = await send('PUT', `/api/v1/accessControl/user/${mine.id}`, SEEDED.manager, {
      officeId: otherOffice,
      reason: 'x',
    });
    expect(move.statusCode).toBe(404);
    const noOffice = await send('PUT', `/api/v1/accessControl/user/${mine.id}`, SEEDED.manager, {
      officeId: null,
      reason: 'x',
    });
    expect(noOffice.statusCode).toBe(403);
    expect(noOffice.json().message).toBe(ACCESS_ADMIN_MESSAGES.officeOutOfScope);
    const promote = await send('PUT', `/api/v1/accessControl/user/${mine.id}`, SEEDED.manager, {
      role: 'ADMIN',
      reason: 'x',
    });
    expect(promote.statusCode).toBe(403);
  });
});

describe('profiles', () => {
  it('are saved, applied to several users at once, followed, and changed for every follower', async () => {
    const [a, b] = [await newUser(managerOffice), await newUser(managerOffice)];
    const created = await send('POST', '/api/v1/accessControl/profile', SEEDED.admin, {
      name: 'LA texter',
      permissions: [smsCreateIn(managerOffice)],
      reason: 'New profile',
    });
    expect(created.statusCode).toBe(200);
    const profileId = created.json().id;
    const again = await send('POST', '/api/v1/accessControl/profile', SEEDED.admin, {
      name: 'LA texter',
      permissions: [],
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    const applied = await send('POST', '/api/v1/accessControl/profile/apply', SEEDED.admin, {
      profileId,
      userIds: [a.id, b.id],
      reason: 'New LA operators',
    });
    expect(applied.json()).toEqual({ updated: 2 });
    const followers = await send('POST', '/api/v1/user/withAccessControl', SEEDED.admin, {
      pageNumber: 1,
      pageSize: 10,
      filter: { profileId },
    });
    expect(
      followers
        .json()
        .items.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const widened = [
      smsCreateIn(managerOffice),
      { permissionType: 'LEADS', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] },
    ];
    const updated = await send('PUT', `/api/v1/accessControl/profile?id=${profileId}`, SEEDED.admin, {
      name: 'LA texter',
      permissions: widened,
      reason: 'Operators read leads too',
    });
    expect(updated.json()).toMatchObject({ memberCount: 2 });
    expect(await findPermissionsOfUser(t.db(), b.id)).toHaveLength(2);
  });

  it('an office-scoped administrator may apply but not write profiles; applying to another office is 404', async () => {
    const created = await send('POST', '/api/v1/accessControl/profile', SEEDED.manager, {
      name: 'Mine',
      permissions: [],
      reason: 'x',
    });
    expect(created.statusCode).toBe(403);
    const profiles = (await send('GET', '/api/v1/accessControl/profiles', SEEDED.manager)).json();
    const theirs = await newUser(otherOffice);
    const res = await send('POST', '/api/v1/accessControl/profile/apply', SEEDED.manager, {
      profileId: profiles[0].id,
      userIds: [theirs.id],
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('what can this person do, and who can see this', () => {
  it('explains a refusal by the condition that fails, and lists who can read the record', async () => {
    const user = await newUser(managerOffice);
    await setPermissions(t.db(), user.id, [
      {
        permissionType: 'CLIENT_PROFILE',
        accessLevelDTO: [
          {
            accessType: 'READ',
            conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [otherOffice] }],
          },
        ],
      },
    ]);
    const created = await send('POST', '/api/v1/client', SEEDED.admin, {
      firstName: 'Explain',
      lastName: 'Record',
      officeId: managerOffice,
    });
    expect(created.statusCode).toBe(200);
    const clientId = created.json().id;
    const res = await send('POST', '/api/v1/accessControl/explain', SEEDED.admin, {
      userId: user.id,
      recordKind: 'client',
      recordId: clientId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      recordLabel: 'Client Explain Record',
      officeName: 'Los Angeles',
      decisions: [
        { accessType: 'READ', allowed: false, because: 'CLIENT_PROFILE READ needs office is one of Miami.' },
        { accessType: 'UPDATE', allowed: false, because: 'CLIENT_PROFILE has no UPDATE access.' },
      ],
    });
    const who = (
      await send('POST', '/api/v1/accessControl/whoCanSee', SEEDED.admin, { recordKind: 'client', recordId: clientId })
    ).json();
    const names = who.users.map((u: { id: string }) => u.id);
    expect(names).toContain((await findUserByEmail(t.db(), SEEDED.admin))!.id);
    expect(names).not.toContain(user.id);
  });

  it('who can see judges office conditions both ways: listed, not listed, excluded and not excluded', async () => {
    const withOffice = async (relationType: 'EQUALS' | 'NOT_EQUALS', office: string) => {
      const holder = await newUser(managerOffice);
      await setPermissions(t.db(), holder.id, [
        {
          permissionType: 'CLIENT_PROFILE',
          accessLevelDTO: [
            { accessType: 'READ', conditionDTO: [{ conditionType: 'OFFICE', relationType, values: [office] }] },
          ],
        },
      ]);
      return holder.id;
    };
    const listed = await withOffice('EQUALS', managerOffice);
    const notListed = await withOffice('EQUALS', otherOffice);
    const excluded = await withOffice('NOT_EQUALS', managerOffice);
    const notExcluded = await withOffice('NOT_EQUALS', otherOffice);
    const created = await send('POST', '/api/v1/client', SEEDED.admin, {
      firstName: 'Office',
      lastName: 'Conditions',
      officeId: managerOffice,
    });
    const who = (
      await send('POST', '/api/v1/accessControl/whoCanSee', SEEDED.admin, {
        recordKind: 'client',
        recordId: created.json().id,
      })
    ).json();
    const ids = who.users.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([listed, notExcluded]));
    expect(ids).not.toContain(notListed);
    expect(ids).not.toContain(excluded);
  });
});

describe('every access-administration route', () => {
  const routes = () =>
    t.app.routeAccessTable.filter(
      (r) =>
        (r.url.startsWith('/api/v1/accessControl/') && r.url !== '/api/v1/accessControl/permissions') ||
        r.url === '/api/v1/user/withAccessControl',
    );
  const concrete = (url: string) => url.replace(':userId', crypto.randomUUID());

  it('401 without a token and 403 without USER_ACCESS, before reading any input', async () => {
    expect(routes().length).toBeGreaterThan(15);
    for (const { method, url } of routes()) {
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await send(m, concrete(url), null, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(m, concrete(url), SEEDED.operator, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('400 with a clear message for bad input', async () => {
    const explain = await send('POST', '/api/v1/accessControl/explain', SEEDED.admin, {
      userId: crypto.randomUUID(),
      recordKind: 'invoice',
      recordId: crypto.randomUUID(),
    });
    expect(explain.statusCode).toBe(400);
    expect(explain.json().fieldErrors).toHaveProperty('recordKind');
    const profile = await send('POST', '/api/v1/accessControl/profile', SEEDED.admin, {
      name: ' ',
      permissions: [],
      reason: 'x',
    });
    expect(profile.json().message).toBe(ACCESS_ADMIN_MESSAGES.profileName);
    const twice = await send('PUT', `/api/v1/accessControl/user/${(await newUser(managerOffice)).id}`, SEEDED.admin, {
      permissions: [smsCreateIn(managerOffice), smsCreateIn(managerOffice)],
      reason: 'x',
    });
    expect(twice.json().message).toBe(ACCESS_ADMIN_MESSAGES.duplicatePermission('SMS'));
  });

  it('404 for a record outside the administrator’s offices, as for one that does not exist', async () => {
    const inMiami = await send('POST', '/api/v1/client', SEEDED.admin, {
      firstName: 'Out',
      lastName: 'Ofscope',
      officeId: otherOffice,
    });
    const mine = await newUser(managerOffice);
    for (const recordId of [inMiami.json().id, crypto.randomUUID()]) {
      const res = await send('POST', '/api/v1/accessControl/explain', SEEDED.manager, {
        userId: mine.id,
        recordKind: 'client',
        recordId,
      });
      expect(res.statusCode).toBe(404);
      const who = await send('POST', '/api/v1/accessControl/whoCanSee', SEEDED.manager, {
        recordKind: 'client',
        recordId,
      });
      expect(who.statusCode).toBe(404);
    }
  });
});
