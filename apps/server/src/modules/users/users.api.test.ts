import { MESSAGES } from '@casedesk/contract/common/errors';
import { errorBodySchema } from '@casedesk/contract/common/error-body';
import { userDetailSchema } from '@casedesk/contract/users/user';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { findUserByEmail } from './users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/v1/user', () => {
  it('401 without a token, in the documented error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('returns the signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: await t.authFor(SEEDED.operator) });
    expect(res.statusCode).toBe(200);
    const user = userDetailSchema.parse(res.json());
    expect(user).toMatchObject({
      mail: SEEDED.operator,
      role: 'OPERATOR',
      defaultDashboard: 'CALL_CENTER',
      accountEnabled: true,
    });
  });

  it("returns another user's record with USER_ACCESS READ", async () => {
    const other = await findUserByEmail(t.db(), SEEDED.operator);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user?userId=${other!.id}`,
      headers: await t.authFor(SEEDED.admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toBe(SEEDED.operator);
  });

  it("403 for another user's record without USER_ACCESS READ", async () => {
    const other = await findUserByEmail(t.db(), SEEDED.admin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user?userId=${other!.id}`,
      headers: await t.authFor(SEEDED.operator),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'MISSING_PERMISSION', message: MESSAGES.missingPermission });
  });

  it('400 with a clear message for a malformed userId', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user?userId=not-a-uuid',
      headers: await t.authFor(SEEDED.admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { userId: expect.any(String) } });
  });

  it('404 for an unknown user id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user?userId=00000000-0000-4000-8000-000000000000',
      headers: await t.authFor(SEEDED.admin),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/v1/user', () => {
  it('stores phone numbers as digits and the six-digit extension, and audits the change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: await t.authFor(SEEDED.manager),
      payload: { workNumber: '(213) 555-0199', mobileNumber: '310.555.0123', phoneExtension: '004512' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      workNumber: '2135550199',
      mobileNumber: '3105550123',
      phoneExtension: '004512',
    });
    const user = await findUserByEmail(t.db(), SEEDED.manager);
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user!.id), eq(auditEvents.action, 'user.update')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: user!.id, entity: 'user', after: { workNumber: '2135550199' } });
  });

  it('400 for an extension that is not six digits, and nothing is written', async () => {
    const before = await findUserByEmail(t.db(), SEEDED.operator);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: await t.authFor(SEEDED.operator),
      payload: { phoneExtension: '12345', mobileNumber: '2135550100' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { phoneExtension: 'Phone Extension must be six digits.' } });
    expect(await findUserByEmail(t.db(), SEEDED.operator)).toEqual(before);
  });

  it('400 for unknown fields (strict body)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: await t.authFor(SEEDED.operator),
      payload: { role: 'ADMIN' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("403 when editing another user's record without USER_ACCESS UPDATE", async () => {
    const other = await findUserByEmail(t.db(), SEEDED.admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user?userId=${other!.id}`,
      headers: await t.authFor(SEEDED.manager),
      payload: { zoomLink: 'https://zoom.us/j/1' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets the click-to-call number change without USER_PROFILE UPDATE, but no other field', async () => {
    const { permissions } = await import('../access/access.tables.ts');
    const user = await findUserByEmail(t.db(), SEEDED.collector);
    await t
      .db()
      .delete(permissions)
      .where(and(eq(permissions.userId, user!.id), eq(permissions.permissionType, 'USER_PROFILE')));
    // Changed behind the services' back, so tell the caller cache as they would.
    notifyActorsChanged();
    const headers = await t.authFor(SEEDED.collector);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers,
      payload: { clickToCall: '(702) 555-0142' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().clickToCall).toBe('7025550142');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers,
      payload: { zoomLink: 'https://zoom.us/j/2' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PUT /api/v1/user/updateDashboard', () => {
  it('sets the landing dashboard', async () => {
    const headers = await t.authFor(SEEDED.attorney);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateDashboard',
      headers,
      payload: { defaultDashboard: 'CORPORATE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().defaultDashboard).toBe('CORPORATE');
  });

  it('400 for an unknown dashboard', async () => {
    const headers = await t.authFor(SEEDED.attorney);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateDashboard',
      headers,
      payload: { defaultDashboard: 'HOME' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('defaultDashboard');
  });
});
