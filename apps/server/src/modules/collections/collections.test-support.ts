import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { setPermissions } from '../access/access.service.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

export { SEEDED };

/** The seeded offices by name (the seeded manager's ALL_ACCOUNTS READ reaches Los Angeles and San Diego). */
export async function officeIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db().select({ id: offices.id, name: offices.name }).from(offices);
  return Object.fromEntries(rows.map((o) => [o.name, o.id]));
}

let serial = 0;

/** A fresh client with a matter in the office (through the API, as the admin): a test owns its accounts. */
export async function clientWithMatter(t: TestApp, officeId: string, lastName = 'Debtor') {
  serial += 1;
  const client = newClient({
    firstName: 'Colette',
    lastName: `${lastName}${process.pid}x${serial}`.replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d))),
    primaryNumber: `2135559${String(serial % 1000).padStart(3, '0')}`,
  });
  const inquiry = await createInquiryIn(t, officeId, { client });
  return { clientId: inquiry.clientId, inquiryId: inquiry.id, name: `${client.firstName} ${client.lastName}` };
}

const level = (accessType: 'READ' | 'CREATE' | 'UPDATE', officeIds: string[] = []) => ({
  accessType,
  conditionDTO: officeIds.length
    ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }]
    : [],
});

/** ALL_ACCOUNTS at these levels, limited to these offices (none: every office). */
export function allAccounts(levels: ('READ' | 'CREATE' | 'UPDATE')[], officeIds: string[] = []): Permission {
  return { permissionType: 'ALL_ACCOUNTS', accessLevelDTO: levels.map((l) => level(l, officeIds)) };
}

/** Reading clients and matters everywhere (opening an account and entering a payment name them). */
export const READS_CLIENTS: Permission[] = [
  { permissionType: 'CLIENT_PROFILE', accessLevelDTO: [level('READ')] },
  { permissionType: 'LEADS', accessLevelDTO: [level('READ')] },
];

/** A user who signs in with the demo password and holds exactly these permissions. */
export async function userWith(
  t: TestApp,
  permissions: Permission[],
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: string; mail: string; displayName: string }> {
  const n = randomUUID().slice(0, 8);
  const [row] = await t
    .db()
    .insert(users)
    .values({
      displayName: `Collections Tester ${n}`,
      mail: `collections-${n}@casedesk.local`,
      role: 'COLLECTOR',
      ...fields,
    })
    .returning({ id: users.id, mail: users.mail, displayName: users.displayName });
  await setLocalPassword(t.db(), row!.id, DEMO_PASSWORD);
  await setPermissions(t.db(), row!.id, permissions);
  return row!;
}

export async function seededUserId(t: TestApp, mail: string): Promise<string> {
  const [row] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, mail));
  return row!.id;
}

/** Any method (PATCH included) as a user (null: without a token), with a JSON body. */
export function requester(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
