import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/support/test-app.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { setPermissions } from '../access/access.service.ts';
import { calls } from '../calls/calls.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

let serial = 0;
/** A number no other test row has: 10 digits in a 555 exchange that reaches nobody. */
export function uniqueDnis(): string {
  serial += 1;
  return `97155${String(process.pid % 100).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
}

export async function officeIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db().select({ id: offices.id, name: offices.name }).from(offices);
  return Object.fromEntries(rows.map((o) => [o.name, o.id]));
}

/** A user whose TRACKING_LINE (every access) reaches only the office(s) given, signed in with the demo password. */
export async function trackingLineUserIn(t: TestApp, officeId: string | string[]): Promise<string> {
  const officeIds = typeof officeId === 'string' ? [officeId] : officeId;
  serial += 1;
  const mail = `marketing-${process.pid}-${serial}@casedesk.local`;
  const [row] = await t
    .db()
    .insert(users)
    .values({ displayName: `Marketing ${serial}`, mail, role: 'MANAGER', officeId: officeIds[0] })
    .returning({ id: users.id });
  await setLocalPassword(t.db(), row!.id, DEMO_PASSWORD);
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }];
  const permission: Permission = {
    permissionType: 'TRACKING_LINE',
    accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
      accessType,
      conditionDTO: inOffice,
    })),
  };
  await setPermissions(t.db(), row!.id, [permission]);
  return mail;
}

export function sender(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    as: string | null,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload }),
    });
}

/** An inbound call stored as intake stores it (line and office given by the test). */
export async function insertInboundCall(
  t: TestApp,
  values: {
    at: string;
    dnis: string;
    trackingLineId?: string | null;
    officeId?: string | null;
    callerId?: string;
    inquiryId?: string | null;
    clientId?: string | null;
  },
): Promise<string> {
  const [row] = await t
    .db()
    .insert(calls)
    .values({
      direction: 'INBOUND',
      callStartTime: new Date(values.at),
      durationInSeconds: 60,
      numberDialed: values.dnis,
      trackingLineId: values.trackingLineId ?? null,
      officeId: values.officeId ?? null,
      callerId: values.callerId ?? '2135550999',
      inquiryId: values.inquiryId ?? null,
      clientId: values.clientId ?? null,
      title: 'Attribution test',
      status: 'completed',
    })
    .returning({ id: calls.id });
  return row!.id;
}
