import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { appointments } from './appointments.tables.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

/*
 * PATCH /appointment makes an appointment the inquiry's current one: a change of the lead, so besides
 * APPOINTMENT_SET UPDATE it needs LEADS UPDATE reaching the inquiry's office. The user below books and
 * reads leads everywhere; their LEADS UPDATE is set per test.
 */
const BOOKER = SEEDED.collector;
let t: TestApp;
let send: ReturnType<typeof sender>;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let inquiry: { id: string; clientId: string };
let appointmentId: string;

const level = (accessType: 'READ' | 'CREATE' | 'UPDATE', officeIds?: string[]) => ({
  accessType,
  conditionDTO: officeIds
    ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }]
    : [],
});

async function grantBooker(leadsUpdate: string[] | 'none') {
  const user = await findUserByEmail(t.db(), BOOKER);
  const leads: Permission = {
    permissionType: 'LEADS',
    accessLevelDTO: [level('READ'), ...(leadsUpdate === 'none' ? [] : [level('UPDATE', leadsUpdate)])],
  };
  const booking: Permission = {
    permissionType: 'APPOINTMENT_SET',
    accessLevelDTO: [level('READ'), level('CREATE'), level('UPDATE')],
  };
  await setPermissions(t.db(), user!.id, [leads, booking]);
}

const attach = () => send('PATCH', '/api/v1/appointment', BOOKER, { appointmentId, inquiryId: inquiry.id });
const current = async () =>
  (await t.db().select().from(appointments).where(eq(appointments.id, appointmentId)))[0]!.inquiryId;

beforeAll(async () => {
  t = await createTestApp();
  send = sender(t);
  refs = await appointmentRefs(t);
  // An appointment of the client's first lead, and a second lead of the same client to attach it to.
  const first = await createInquiryIn(t, refs.avery.officeId);
  const booked = await send('PUT', '/api/v1/appointment', SEEDED.admin, {
    inquiryId: first.id,
    attorneyId: refs.avery.id,
    appointmentDateTime: la(futureTuesday(20), '10:00'),
  });
  if (booked.statusCode !== 200) throw new Error(booked.body);
  appointmentId = booked.json().id;
  inquiry = await createInquiryIn(t, refs.avery.officeId, { clientId: first.clientId });
});
afterAll(async () => t?.close());

describe('PATCH /api/v1/appointment', () => {
  it('403 without LEADS UPDATE; the appointment stays with its lead', async () => {
    await grantBooker('none');
    const before = await current();
    const res = await attach();
    expect(res.statusCode).toBe(403);
    expect(await current()).toBe(before);
  });

  it('404 when LEADS UPDATE does not reach the inquiry’s office', async () => {
    await grantBooker([refs.dallas.officeId]);
    const before = await current();
    expect((await attach()).statusCode).toBe(404);
    expect(await current()).toBe(before);
  });

  it('attaches with LEADS UPDATE in the inquiry’s office', async () => {
    await grantBooker([refs.avery.officeId]);
    const res = await attach();
    expect(res.statusCode, res.body).toBe(200);
    expect(await current()).toBe(inquiry.id);
  });
});
