import { MESSAGES } from '@casedesk/contract/common/errors';
import {
  USER_MESSAGES,
  userByRoleListSchema,
  userDirectoryResponseSchema,
  userMinListSchema,
} from '@casedesk/contract/users/user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import { permissions } from '../access/access.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { findUserByEmail } from './users.repository.ts';
import { users } from './users.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = async (url: string, email?: string) =>
  t.app.inject({ method: 'GET', url, headers: email ? await t.authFor(email) : {} });

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/v1/user/min', () => {
  it('401 without a token', async () => {
    expect((await get('/api/v1/user/min')).statusCode).toBe(401);
  });

  it('lists id and name of every enabled user, sorted by name, to any signed-in user', async () => {
    const res = await get('/api/v1/user/min', SEEDED.collector);
    expect(res.statusCode).toBe(200);
    const list = userMinListSchema.parse(res.json());
    expect(Object.keys(res.json()[0]).sort()).toEqual(['displayName', 'id']);
    const enabled = await t.db().select().from(users).where(eq(users.accountEnabled, true));
    expect(list).toHaveLength(enabled.length);
    expect(list.map((u) => u.displayName)).toContain('Morgan Manager');
    expect(list.map((u) => u.displayName)).not.toContain('Dana Disabled');
    const names = list.map((u) => u.displayName);
    expect(names).toEqual([...names].sort(byName));
  });
});

describe('GET /api/v1/user/role', () => {
  it('401 without a token', async () => {
    expect((await get('/api/v1/user/role?role=ATTORNEY')).statusCode).toBe(401);
  });

  it('400 with a clear message for an unknown or missing role', async () => {
    for (const url of ['/api/v1/user/role?role=BOSS', '/api/v1/user/role', '/api/v1/user/role?role=admin']) {
      const res = await get(url, SEEDED.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: USER_MESSAGES.role, fieldErrors: { role: USER_MESSAGES.role } });
    }
  });

  it('403 without SMS UPDATE or USER_ACCESS READ (the attorney has neither)', async () => {
    const res = await get('/api/v1/user/role?role=ATTORNEY', SEEDED.attorney);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.missingPermission);
  });

  it('USER_ACCESS READ: every enabled user with the role, with id, name and mail', async () => {
    const res = await get('/api/v1/user/role?role=ATTORNEY', SEEDED.admin);
    expect(res.statusCode).toBe(200);
    const list = userByRoleListSchema.parse(res.json());
    const attorneys = await t
      .db()
      .select()
      .from(users)
      .where(and(eq(users.role, 'ATTORNEY'), eq(users.accountEnabled, true)));
    expect(list.map((u) => u.id).sort()).toEqual(attorneys.map((u) => u.id).sort());
    expect(list.find((u) => u.mail === SEEDED.attorney)?.displayName).toBe('Avery Attorney');
    expect(list.map((u) => u.displayName)).toEqual(list.map((u) => u.displayName).sort(byName));
    const operators = userByRoleListSchema.parse((await get('/api/v1/user/role?role=OPERATOR', SEEDED.admin)).json());
    expect(operators.map((u) => u.mail)).toEqual([SEEDED.operator]);
  });

  it("SMS UPDATE limited to offices: only users of those offices, never another office's", async () => {
    const manager = await findUserByEmail(t.db(), SEEDED.manager);
    const [sms] = await t
      .db()
      .select()
      .from(permissions)
      .where(and(eq(permissions.userId, manager!.id), eq(permissions.permissionType, 'SMS')));
    const officeIds = sms!.accessLevels.find((l) => l.accessType === 'UPDATE')!.conditionDTO[0]!.values;
    const res = await get('/api/v1/user/role?role=ATTORNEY', SEEDED.manager);
    expect(res.statusCode).toBe(200);
    const list = userByRoleListSchema.parse(res.json());
    const rows = await t.db().select().from(users).where(eq(users.role, 'ATTORNEY'));
    const officeOf = new Map(rows.map((u) => [u.id, u.officeId]));
    expect(list.length).toBeGreaterThan(0);
    for (const user of list) expect(officeIds).toContain(officeOf.get(user.id));
    const elsewhere = rows.filter((u) => !officeIds.includes(u.officeId!));
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const user of elsewhere) expect(list.map((u) => u.id)).not.toContain(user.id);
  });

  it('SMS UPDATE without an office condition (the operator): users of every office', async () => {
    const res = await get('/api/v1/user/role?role=ATTORNEY', SEEDED.operator);
    expect(res.statusCode).toBe(200);
    const admin = userByRoleListSchema.parse((await get('/api/v1/user/role?role=ATTORNEY', SEEDED.admin)).json());
    expect(res.json()).toEqual(admin);
  });
});

describe('POST /api/v1/user/directory', () => {
  const search = async (body: Record<string, unknown>, email: string = SEEDED.operator) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers: await t.authFor(email),
      payload: body,
    });
    return res;
  };

  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/directory', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('SPEC §9: 10 per page, sorted by displayName ascending by default, disabled users left out', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const page = userDirectoryResponseSchema.parse(res.json());
    expect(page.pageSize).toBe(10);
    expect(page.items).toHaveLength(10);
    const enabled = await t.db().select().from(users).where(eq(users.accountEnabled, true));
    expect(page.totalCount).toBe(enabled.length);
    const names = page.items.map((u) => u.displayName);
    expect(names).toEqual([...names].sort(byName));
    expect(names).not.toContain('Dana Disabled');
  });

  it('searches by name (any case) and by phone digits typed in any format', async () => {
    const byNameRes = userDirectoryResponseSchema.parse((await search({ filter: { searchKeyword: 'morgan' } })).json());
    expect(byNameRes.items.map((u) => u.displayName)).toEqual(['Morgan Manager']);
    const manager = await findUserByEmail(t.db(), SEEDED.manager);
    const digits = manager!.workNumber!;
    const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const byPhone = userDirectoryResponseSchema.parse((await search({ filter: { searchKeyword: typed } })).json());
    expect(byPhone.items.map((u) => u.id)).toContain(manager!.id);
    const partial = userDirectoryResponseSchema.parse(
      (await search({ filter: { searchKeyword: digits.slice(-4) } })).json(),
    );
    expect(partial.items.map((u) => u.id)).toContain(manager!.id);
    const none = userDirectoryResponseSchema.parse((await search({ filter: { searchKeyword: 'zzqx' } })).json());
    expect(none).toMatchObject({ items: [], totalCount: 0 });
  });

  it('sorts by a column either way, with the office name as location', async () => {
    const desc = userDirectoryResponseSchema.parse((await search({ sortBy: 'mail', sortOrder: 'DESC' })).json());
    const mails = desc.items.map((u) => u.mail);
    expect(mails).toEqual([...mails].sort(byName).reverse());
    const byLocation = userDirectoryResponseSchema.parse((await search({ sortBy: 'location', pageSize: 100 })).json());
    const officeNames = (await t.db().select({ name: offices.name }).from(offices)).map((o) => o.name);
    for (const user of byLocation.items) expect(officeNames).toContain(user.location);
    const locations = byLocation.items.map((u) => u.location ?? '');
    expect(locations).toEqual([...locations].sort(byName));
  });

  it('400 for a column it cannot sort by, or a page size of 0', async () => {
    const res = await search({ sortBy: 'password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('sortBy');
    expect((await search({ pageSize: 0 })).statusCode).toBe(400);
  });

  it('403 without USER_DIRECTORY READ', async () => {
    const collector = await findUserByEmail(t.db(), SEEDED.collector);
    await t
      .db()
      .delete(permissions)
      .where(and(eq(permissions.userId, collector!.id), eq(permissions.permissionType, 'USER_DIRECTORY')));
    notifyActorsChanged();
    expect((await search({}, SEEDED.collector)).statusCode).toBe(403);
  });
});
