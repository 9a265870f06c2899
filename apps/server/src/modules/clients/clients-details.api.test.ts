import { clientDetailsResponseSchema } from '@casedesk/contract/clients/client-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeScopedClients } from '../../../test/support/office-scoped-clients.ts';
import { createOfficeScopedClients, findUserByEmail, SCOPED } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { calls } from '../calls/calls.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';

let t: TestApp;
let officeA: string;
let officeB: string;
let insertClient: OfficeScopedClients['insertClient'];
let inject: OfficeScopedClients['inject'];

beforeAll(async () => {
  ({ t, officeA, officeB, insertClient, inject } = await createOfficeScopedClients());
});
afterAll(async () => t?.close());

describe('GET /api/v1/client/details and /client/lead', () => {
  it('401 / 403 / 400 / out of scope', async () => {
    const other = await insertClient({ officeId: officeB });
    expect((await inject('GET', `/api/v1/client/details?clientId=${other.id}`, null)).statusCode).toBe(401);
    expect((await inject('GET', `/api/v1/client/lead?clientId=${other.id}`, null)).statusCode).toBe(401);
    expect((await inject('GET', '/api/v1/client/details?clientId=1', SEEDED.operator)).statusCode).toBe(400);
    expect((await inject('GET', '/api/v1/client/lead?clientId=1', SEEDED.operator)).statusCode).toBe(400);
    expect((await inject('GET', `/api/v1/client/details?clientId=${other.id}`, SCOPED)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/client/lead?clientId=${other.id}`, SCOPED)).statusCode).toBe(404);
  });

  it('403 without CLIENT_PROFILE READ', async () => {
    const client = await insertClient();
    const manager = (await findUserByEmail(t.db(), SEEDED.manager))!;
    const saved = await findPermissionsOfUser(t.db(), manager.id);
    await setPermissions(t.db(), manager.id, [
      { permissionType: 'USER_PROFILE', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] },
    ]);
    try {
      expect((await inject('GET', `/api/v1/client/details?clientId=${client.id}`, SEEDED.manager)).statusCode).toBe(
        403,
      );
      expect((await inject('GET', `/api/v1/client/lead?clientId=${client.id}`, SEEDED.manager)).statusCode).toBe(403);
      expect((await inject('POST', '/api/v1/client/search', SEEDED.manager, {})).statusCode).toBe(403);
      expect((await inject('POST', '/api/v1/client/export', SEEDED.manager, { format: 'csv' })).statusCode).toBe(403);
    } finally {
      await setPermissions(t.db(), manager.id, saved);
    }
  });

  it('returns the profile, calls, SMS and inquiries of the client, newest first; empty appointments and payments', async () => {
    const client = await insertClient({ streetAddress: '1 Main St' });
    const operator = await findUserByEmail(t.db(), SEEDED.operator);
    const [older] = await t
      .db()
      .insert(inquiries)
      .values({
        clientId: client.id,
        officeId: officeA,
        caseDescription: 'Rear-ended',
        createdAt: new Date('2026-01-01'),
      })
      .returning();
    const [newer] = await t
      .db()
      .insert(inquiries)
      .values({ clientId: client.id, officeId: officeA, caseDescription: 'Slip', leadOwnerId: operator!.id })
      .returning();
    await t
      .db()
      .insert(calls)
      .values({ direction: 'INBOUND', clientId: client.id, durationInSeconds: 42, operatorId: operator!.id });
    await t.db().insert(smsMessages).values({
      direction: 'OUTBOUND',
      fromNumber: '2135550100',
      toNumber: client.primaryNumber!,
      body: 'Hello',
      clientId: client.id,
    });
    const res = await inject('GET', `/api/v1/client/details?clientId=${client.id}`, SEEDED.attorney);
    expect(res.statusCode).toBe(200);
    const details = clientDetailsResponseSchema.parse(res.json());
    expect(details.profile.id).toBe(client.id);
    expect(details.address.streetAddress).toBe('1 Main St');
    expect(details.calls).toHaveLength(1);
    expect(details.calls[0]).toMatchObject({
      direction: 'INBOUND',
      durationInSeconds: 42,
      operatorName: 'Olivia Operator',
    });
    expect(details.sms[0]).toMatchObject({ body: 'Hello', direction: 'OUTBOUND' });
    expect(details.inquiries.map((i) => i.id)).toEqual([newer!.id, older!.id]);
    expect(details.appointments).toEqual([]);
    expect(details.payments).toEqual([]);

    const lead = await inject('GET', `/api/v1/client/lead?clientId=${client.id}`, SEEDED.operator);
    expect(lead.json()).toMatchObject({
      inquiryId: newer!.id,
      inquiry: { caseDescription: 'Slip', leadOwnerName: 'Olivia Operator' },
    });
    const none = await insertClient();
    expect((await inject('GET', `/api/v1/client/lead?clientId=${none.id}`, SEEDED.operator)).json()).toEqual({
      inquiryId: null,
      inquiry: null,
    });
  });
});
