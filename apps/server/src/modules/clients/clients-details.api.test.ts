import { clientDetailsResponseSchema } from '@casedesk/contract/clients/client-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeScopedClients } from '../../../test/support/office-scoped-clients.ts';
import { createOfficeScopedClients, findUserByEmail, SCOPED } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';

let t: TestApp;
let officeB: string;
let insertClient: OfficeScopedClients['insertClient'];
let inject: OfficeScopedClients['inject'];

beforeAll(async () => {
  ({ t, officeB, insertClient, inject } = await createOfficeScopedClients());
});
afterAll(async () => t?.close());

async function detailsAs(as: string, clientId: string) {
  const res = await inject('GET', `/api/v1/client/details?clientId=${clientId}`, as);
  expect(res.statusCode).toBe(200);
  const body = res.json<Record<string, unknown>>();
  return { body, details: clientDetailsResponseSchema.parse(body) };
}

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

  it('returns the profile and the lists newest first; no payments without CASH_FLOW READ', async () => {
    const client = await insertClient({ streetAddress: '1 Main St' });
    const operator = await findUserByEmail(t.db(), SEEDED.operator);
    const officeId = client.officeId!;
    const [older] = await t
      .db()
      .insert(inquiries)
      .values({ clientId: client.id, officeId, caseDescription: 'Rear-ended', createdAt: new Date('2026-01-01') })
      .returning();
    const [newer] = await t
      .db()
      .insert(inquiries)
      .values({ clientId: client.id, officeId, caseDescription: 'Slip', leadOwnerId: operator!.id })
      .returning();
    await t
      .db()
      .insert(calls)
      .values({ direction: 'INBOUND', clientId: client.id, officeId, durationInSeconds: 42, operatorId: operator!.id });
    await t.db().insert(smsMessages).values({
      direction: 'OUTBOUND',
      fromNumber: '2135550100',
      toNumber: client.primaryNumber!,
      body: 'Hello',
      clientId: client.id,
      officeId,
    });
    const { details } = await detailsAs(SEEDED.operator, client.id);
    expect(details.profile.id).toBe(client.id);
    expect(details.address.streetAddress).toBe('1 Main St');
    expect(details.calls).toHaveLength(1);
    expect(details.calls![0]).toMatchObject({
      direction: 'INBOUND',
      durationInSeconds: 42,
      operatorName: 'Olivia Operator',
    });
    expect(details.sms![0]).toMatchObject({ body: 'Hello', direction: 'OUTBOUND' });
    expect(details.inquiries!.map((i) => i.id)).toEqual([newer!.id, older!.id]);
    expect(details.appointments).toEqual([]);
    expect(details.payments).toBeUndefined();

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

describe('each list of the client detail follows the caller’s own permission for it (SPEC §6)', () => {
  // One client in Los Angeles with records in Los Angeles (the seeded manager's and attorney's office) and
  // in Las Vegas or Dallas (neither's), and texts in each SMS category type.
  let clientId: string;
  const ids: Record<string, string> = {};
  const keysOf = (rows: { id: string }[] | undefined) =>
    rows?.map((r) => Object.keys(ids).find((key) => ids[key] === r.id)).sort();

  beforeAll(async () => {
    const db = t.db();
    const officeRows = await db.select().from(offices);
    const office = (name: string) => officeRows.find((o) => o.name === name)!.id;
    const [la, lv, dallas] = [office('Los Angeles'), office('Las Vegas'), office('Dallas')];
    const options = await db.select().from(dropdownOptions);
    const category = (value: string) => options.find((o) => o.dropdownType === 'SMS_CATEGORY' && o.value === value)!;
    const attorneyRows = await db.select().from(attorneys);
    const attorneyIn = (officeId: string) => attorneyRows.find((a) => a.officeId === officeId)!.id;
    clientId = (await insertClient({ officeId: la })).id;
    const keep = (key: string) => (rows: { id: string }[]) => (ids[key] = rows[0]!.id);

    // The Las Vegas inquiry is the newer: "open lead" is the newest one the caller may read.
    await db
      .insert(inquiries)
      .values({ clientId, officeId: la, caseDescription: 'LA', createdAt: new Date('2026-01-01') })
      .returning()
      .then(keep('inquiry LA'));
    await db
      .insert(inquiries)
      .values({ clientId, officeId: lv, caseDescription: 'LV', createdAt: new Date('2026-02-01') })
      .returning()
      .then(keep('inquiry LV'));
    await db.insert(calls).values({ direction: 'INBOUND', clientId, officeId: la }).returning().then(keep('call LA'));
    await db.insert(calls).values({ direction: 'INBOUND', clientId, officeId: lv }).returning().then(keep('call LV'));
    const payment = (key: string, officeId: string, receiptNumber: number) =>
      db
        .insert(payments)
        .values({
          officeId,
          clientId,
          paymentType: 'CASH',
          feesCents: 5_000,
          costCents: 0,
          receiptNumber,
          paymentDate: '2026-01-05',
        })
        .returning()
        .then(keep(key));
    await payment('payment LA', la, 880_001);
    await payment('payment Dallas', dallas, 880_002);
    const text = (key: string, officeId: string, categoryId: string | null) =>
      db
        .insert(smsMessages)
        .values({
          direction: 'INBOUND',
          fromNumber: '2135550199',
          toNumber: '2135550100',
          body: key,
          clientId,
          officeId,
          categoryId,
        })
        .returning()
        .then(keep(key));
    await text('text LA office', la, category('Office').id);
    await text('text LA collections', la, category('Collections').id);
    await text('text LA uncategorized', la, null);
    await text('text LV call center', lv, category('Call Center').id);
    const appointment = (key: string, officeId: string) =>
      db
        .insert(appointments)
        .values({
          clientId,
          attorneyId: attorneyIn(officeId),
          officeId,
          appointmentDateTime: new Date('2026-03-03T17:00:00Z'),
        })
        .returning()
        .then(keep(key));
    await appointment('appointment LA', la);
    await appointment('appointment Dallas', dallas);
  });

  it('an attorney without SMS, CALLS or LEADS gets no texts, calls or inquiries, and their office’s appointments', async () => {
    const { body, details } = await detailsAs(SEEDED.attorney, clientId);
    expect(body).not.toHaveProperty('sms');
    expect(body).not.toHaveProperty('calls');
    expect(body).not.toHaveProperty('inquiries');
    expect(JSON.stringify(body)).not.toContain('text LA');
    expect(keysOf(details.appointments)).toEqual(['appointment LA']);
    expect(details.profile.id).toBe(clientId);

    const lead = await inject('GET', `/api/v1/client/lead?clientId=${clientId}`, SEEDED.attorney);
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toEqual({});
  });

  it('an operator reads every office, and only texts of the Call Center and Office category types', async () => {
    const { details } = await detailsAs(SEEDED.operator, clientId);
    expect(keysOf(details.calls)).toEqual(['call LA', 'call LV']);
    expect(keysOf(details.inquiries)).toEqual(['inquiry LA', 'inquiry LV']);
    // An uncategorized text is left to the office condition: routing it is what a category change does.
    expect(keysOf(details.sms)).toEqual(['text LA office', 'text LA uncategorized', 'text LV call center']);
    expect(keysOf(details.appointments)).toEqual(['appointment Dallas', 'appointment LA']);
    const lead = await inject('GET', `/api/v1/client/lead?clientId=${clientId}`, SEEDED.operator);
    expect(lead.json()).toMatchObject({ inquiryId: ids['inquiry LV'] });
  });

  it('a manager reads each list in their offices only', async () => {
    const { details } = await detailsAs(SEEDED.manager, clientId);
    expect(keysOf(details.calls)).toEqual(['call LA']);
    expect(keysOf(details.inquiries)).toEqual(['inquiry LA']);
    expect(keysOf(details.sms)).toEqual(['text LA collections', 'text LA office', 'text LA uncategorized']);
    expect(keysOf(details.appointments)).toEqual(['appointment LA']);
    expect(keysOf(details.payments)).toEqual(['payment LA']);
    const lead = await inject('GET', `/api/v1/client/lead?clientId=${clientId}`, SEEDED.manager);
    expect(lead.json()).toMatchObject({ inquiryId: ids['inquiry LA'], inquiry: { caseDescription: 'LA' } });
  });

  it('a user with the client profile alone gets none of the lists', async () => {
    // SCOPED holds SEARCH_CLIENT and CLIENT_PROFILE in Los Angeles, nothing else.
    const { body } = await detailsAs(SCOPED, clientId);
    for (const list of ['sms', 'calls', 'inquiries', 'appointments', 'payments'] as const) {
      expect(body).not.toHaveProperty(list);
    }
    expect((await inject('GET', `/api/v1/client/lead?clientId=${clientId}`, SCOPED)).json()).toEqual({});
  });

  it('a list whose permission carries a role condition the caller does not meet is left out', async () => {
    const manager = (await findUserByEmail(t.db(), SEEDED.manager))!;
    const saved = await findPermissionsOfUser(t.db(), manager.id);
    const adminsOnly = [{ conditionType: 'USER_ROLE' as const, relationType: 'EQUALS' as const, values: ['ADMIN'] }];
    await setPermissions(
      t.db(),
      manager.id,
      saved.map((p) =>
        p.permissionType === 'SMS'
          ? { ...p, accessLevelDTO: p.accessLevelDTO.map((l) => ({ ...l, conditionDTO: adminsOnly })) }
          : p,
      ),
    );
    try {
      const { body } = await detailsAs(SEEDED.manager, clientId);
      expect(body).not.toHaveProperty('sms');
      expect(body).toHaveProperty('calls');
    } finally {
      await setPermissions(t.db(), manager.id, saved);
    }
  });
});
