import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { USER_MESSAGES } from '@casedesk/contract/users/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { files } from '../../platform/files/files.tables.ts';
import { managerPermissions } from '../../seed/permission-profiles.ts';
import { setPermissions } from '../access/access.service.ts';
import { findUserByEmail } from './users.repository.ts';

/*
 * USER_ACCESS's office condition applies to the user looked at or changed: the manager below administers
 * the users of their own office (Los Angeles: the seeded attorney), not the call centre's (the operator).
 * Another office's user reads as not found, as other office-scoped records do.
 */
let t: TestApp;
let inOffice: string;
let otherOffice: string;

async function send(method: 'GET' | 'PUT' | 'POST', url: string, as: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.authFor(as), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await createTestApp();
  const manager = (await findUserByEmail(t.db(), SEEDED.manager))!;
  inOffice = (await findUserByEmail(t.db(), SEEDED.attorney))!.id;
  otherOffice = (await findUserByEmail(t.db(), SEEDED.operator))!.id;
  const userAccess: Permission = {
    permissionType: 'USER_ACCESS',
    accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({
      accessType,
      conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [manager.officeId!] }],
    })),
  };
  await setPermissions(t.db(), manager.id, [...managerPermissions([manager.officeId!]), userAccess]);
});
afterAll(async () => t?.close());

describe('GET /api/v1/user?userId=', () => {
  it('returns a user of an office the caller’s USER_ACCESS READ reaches', async () => {
    const res = await send('GET', `/api/v1/user?userId=${inOffice}`, SEEDED.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toBe(SEEDED.attorney);
  });

  it('404 for a user of another office', async () => {
    const res = await send('GET', `/api/v1/user?userId=${otherOffice}`, SEEDED.manager);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SEEDED.operator);
  });
});

describe('PUT /api/v1/user?userId=', () => {
  it('changes a user of an office the caller’s USER_ACCESS UPDATE reaches', async () => {
    const res = await send('PUT', `/api/v1/user?userId=${inOffice}`, SEEDED.manager, {
      zoomLink: 'https://zoom.us/j/123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().zoomLink).toBe('https://zoom.us/j/123');
  });

  it('404 for a user of another office, and nothing is changed', async () => {
    const before = await findUserByEmail(t.db(), SEEDED.operator);
    const res = await send('PUT', `/api/v1/user?userId=${otherOffice}`, SEEDED.manager, {
      mobileNumber: '2135550100',
    });
    expect(res.statusCode).toBe(404);
    expect(await findUserByEmail(t.db(), SEEDED.operator)).toEqual(before);
  });

  it('400 with the field message for a Zoom link that is not https', async () => {
    const before = (await findUserByEmail(t.db(), SEEDED.manager))!.zoomLink;
    for (const zoomLink of ['javascript:alert(1)', 'http://zoom.us/j/1', 'data:text/html,hi', 'zoom.us/j/1']) {
      const res = await send('PUT', '/api/v1/user', SEEDED.manager, { zoomLink });
      expect(res.statusCode, zoomLink).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: { zoomLink: USER_MESSAGES.zoomLink } });
    }
    expect((await findUserByEmail(t.db(), SEEDED.manager))!.zoomLink).toBe(before);
  });
});

describe('POST /api/v1/user/upload for another user', () => {
  it('gives an upload location for a user of an office the caller reaches', async () => {
    const res = await send('POST', '/api/v1/user/upload', SEEDED.manager, { userId: inOffice, filename: 'a.png' });
    expect(res.statusCode).toBe(200);
  });

  it('404 for a user of another office, and nothing is recorded', async () => {
    const res = await send('POST', '/api/v1/user/upload', SEEDED.manager, { userId: otherOffice, filename: 'a.png' });
    expect(res.statusCode).toBe(404);
    expect(await t.db().select().from(files).where(eq(files.ownerUserId, otherOffice))).toEqual([]);
  });
});

describe('GET /api/v1/accessControl/permissions?userId=', () => {
  it('gives the permissions of a user the caller’s USER_ACCESS READ reaches; another office’s user is 404', async () => {
    const url = (userId: string) => `/api/v1/accessControl/permissions?userId=${userId}`;
    const reached = await send('GET', url(inOffice), SEEDED.manager);
    expect(reached.statusCode).toBe(200);
    expect(reached.json().length).toBeGreaterThan(0);
    expect((await send('GET', url(otherOffice), SEEDED.manager)).statusCode).toBe(404);
  });
});
