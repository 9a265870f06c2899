import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { cashFlowAccessSchema, cashFlowAccessUserSchema } from '@casedesk/contract/accounting/cash-flow-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { users } from '../users/users.tables.ts';

/*
 * Cash-flow management: who may see and enter cash flow for which offices. The users this file changes are
 * its own, made here, or the seeded operator of this file's own database copy.
 */
let t: TestApp;
let office: Record<string, string>;
let serial = 0;

let send: Injector;

const inOffices = (...ids: string[]) => [
  { conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: ids },
];
const grant = (
  permissionType: Permission['permissionType'],
  accessTypes: ('READ' | 'CREATE' | 'UPDATE')[],
  offices: string[] = [],
) => ({
  permissionType,
  accessLevelDTO: accessTypes.map((accessType) => ({
    accessType,
    conditionDTO: offices.length ? inOffices(...offices) : [],
  })),
});

/** A user of an office with the given permissions, signed in with the demo password. */
async function userIn(officeName: string, permissions: Permission[]): Promise<{ id: string; mail: string }> {
  serial += 1;
  const mail = `cash-flow-${process.pid}-${serial}@casedesk.local`;
  const [row] = await t
    .db()
    .insert(users)
    .values({ displayName: `Cash Flow ${serial}`, mail, role: 'MANAGER', officeId: office[officeName]! })
    .returning({ id: users.id });
  await setLocalPassword(t.db(), row!.id, DEMO_PASSWORD);
  await setPermissions(t.db(), row!.id, permissions);
  return { id: row!.id, mail };
}

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const rows = await t.database.query<{ id: string; name: string }>('select id, name from offices');
  office = Object.fromEntries(rows.map((o) => [o.name, o.id]));
});
afterAll(async () => t?.close());

describe('cash-flow management', () => {
  it('401 and 403 without CASH_FLOW_MANAGEMENT; 400 for another permission type or no reason', async () => {
    const target = await userIn('Dallas', []);
    const url = `/api/v1/cashFlow/updateAccessControl?userId=${target.id}`;
    const body = { permissions: [grant('CASH_FLOW', ['READ'])], reason: 'Starts in accounting' };
    expect((await send('GET', '/api/v1/cashFlow/accessControl', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/cashFlow/accessControl', SEEDED.operator)).statusCode).toBe(403);
    expect((await send('PUT', url, SEEDED.manager, body)).statusCode).toBe(403);
    const other = await send('PUT', url, SEEDED.admin, { ...body, permissions: [grant('LEADS', ['READ'])] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Only CASH_FLOW, CASH_FLOW_RECON, CASH_FLOW_MANAGEMENT can be changed here.');
    const noReason = await send('PUT', url, SEEDED.admin, { ...body, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe('Reason is required: say why this access changes.');
  });

  it('gives a user cash flow for one office, keeps their other permissions, and holds from the next request', async () => {
    const leads = grant('LEADS', ['READ']);
    const target = await userIn('Dallas', [leads]);
    expect((await send('POST', '/api/v1/cashFlow/all', target.mail, {})).statusCode).toBe(403);
    const res = await send('PUT', `/api/v1/cashFlow/updateAccessControl?userId=${target.id}`, SEEDED.admin, {
      permissions: [grant('CASH_FLOW', ['READ', 'CREATE'], [office.Dallas!])],
      reason: 'Dallas front desk takes payments',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cashFlowAccessUserSchema.parse(res.json()).permissions.map((p) => p.permissionType)).toEqual(['CASH_FLOW']);
    expect((await send('POST', '/api/v1/cashFlow/all', target.mail, {})).statusCode).toBe(200);
    const stored = await findPermissionsOfUser(t.db(), target.id);
    expect(stored.map((p) => p.permissionType).sort()).toEqual(['CASH_FLOW', 'LEADS']);
    const [audit] = await t.database.query<{ detail: { reason: string } }>(
      `select detail from audit_events where action = 'access.change' and entity_id = $1`,
      [target.id],
    );
    expect(audit!.detail.reason).toBe('Dallas front desk takes payments');

    const list = cashFlowAccessSchema.parse((await send('GET', '/api/v1/cashFlow/accessControl', SEEDED.admin)).json());
    expect(list.users.find((u) => u.userId === target.id)!.permissions).toHaveLength(1);
    expect(list.paymentTypes.map((p) => p.label)).toEqual(['Cash', 'Check', 'Money order', 'Card', 'ACH', 'Wire']);
  });

  it('no escalation: an office’s cash-flow manager manages only its users and grants only what they hold', async () => {
    const manager = await userIn('Phoenix', [
      grant('CASH_FLOW_MANAGEMENT', ['READ', 'UPDATE'], [office.Phoenix!]),
      grant('CASH_FLOW', ['READ'], [office.Phoenix!]),
    ]);
    const phoenixClerk = await userIn('Phoenix', []);
    const dallasClerk = await userIn('Dallas', []);
    const list = cashFlowAccessSchema.parse((await send('GET', '/api/v1/cashFlow/accessControl', manager.mail)).json());
    expect(list.users.every((u) => u.officeId === office.Phoenix)).toBe(true);
    expect(list.users.some((u) => u.userId === dallasClerk.id)).toBe(false);

    const put = (userId: string, permissions: Permission[]) =>
      send('PUT', `/api/v1/cashFlow/updateAccessControl?userId=${userId}`, manager.mail, {
        permissions,
        reason: 'Office change',
      });
    expect((await put(dallasClerk.id, [grant('CASH_FLOW', ['READ'], [office.Phoenix!])])).statusCode).toBe(404);
    const everywhere = await put(phoenixClerk.id, [grant('CASH_FLOW', ['READ'])]);
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().message).toMatch(/^You can only grant access you hold yourself: CASH_FLOW READ/);
    const create = await put(phoenixClerk.id, [grant('CASH_FLOW', ['CREATE'], [office.Phoenix!])]);
    expect(create.statusCode).toBe(403);
    expect((await put(phoenixClerk.id, [grant('CASH_FLOW', ['READ'], [office.Phoenix!])])).statusCode).toBe(200);
    expect((await put(manager.id, [])).statusCode).toBe(403);
    expect(await findPermissionsOfUser(t.db(), dallasClerk.id)).toEqual([]);
  });
});
