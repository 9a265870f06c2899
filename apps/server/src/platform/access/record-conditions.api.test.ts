import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../../modules/access/access.service.ts';
import { offices } from '../../modules/offices/offices.tables.ts';

/*
 * The server judges every condition of an access level (SPEC §6). A role condition is about the caller's
 * own role; any other condition is about the record, and one the check cannot judge denies (fail closed).
 * The seeded manager (role MANAGER) gets one LEADS READ level per test.
 */
let t: TestApp;
let managerId: string;
let losAngeles: string;
let lead: { id: string };

const condition = (conditionType: Condition['conditionType'], ...values: string[]): Condition => ({
  conditionType,
  relationType: 'EQUALS',
  values,
});

async function leadsReadWith(...conditions: Condition[]) {
  const leads: Permission = {
    permissionType: 'LEADS',
    accessLevelDTO: [{ accessType: 'READ', conditionDTO: conditions }],
  };
  await setPermissions(t.db(), managerId, [leads]);
}

async function send(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.authFor(SEEDED.manager), ...(payload ? { payload } : {}) });
}
const listLeads = () => send('POST', '/api/v1/inquiry/all', { pageNumber: 1, pageSize: 100 });
const getLead = () => send('GET', `/api/v1/inquiry?inquiryId=${lead.id}`);

beforeAll(async () => {
  t = await createTestApp();
  managerId = (await findUserByEmail(t.db(), SEEDED.manager))!.id;
  losAngeles = (await t.db().select().from(offices)).find((o) => o.name === 'Los Angeles')!.id;
  lead = await createInquiryIn(t, losAngeles);
});
afterAll(async () => t?.close());

describe('role conditions are judged on the server, for the caller’s role', () => {
  it('403 when the level’s role condition names another role', async () => {
    await leadsReadWith(condition('USER_ROLE', 'ADMIN'));
    expect((await listLeads()).statusCode).toBe(403);
    expect((await getLead()).statusCode).toBe(403);
  });

  it('the level applies when the role condition holds, with its office condition', async () => {
    await leadsReadWith(condition('USER_ROLE', 'MANAGER'), condition('OFFICE', losAngeles));
    const res = await listLeads();
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((r: { id: string }) => r.id)).toContain(lead.id);
    expect((await getLead()).statusCode).toBe(200);
  });
});

describe('a condition the check cannot judge denies', () => {
  it('a lead carries no SMS category: a LEADS level conditioned on one reaches no lead', async () => {
    await leadsReadWith(condition('SMS_CATEGORY_TYPE', 'CALL_CENTER'));
    const res = await listLeads();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], totalCount: 0 });
    expect((await getLead()).statusCode).toBe(404);
  });
});
