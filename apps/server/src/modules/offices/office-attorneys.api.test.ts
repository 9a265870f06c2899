import { APPOINTMENT_MESSAGES } from '@casedesk/contract/appointments/appointment';
import { OFFICE_MESSAGES } from '@casedesk/contract/offices/office';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { users } from '../users/users.tables.ts';
import { offices } from './offices.tables.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof attorneyRefs>>;
let tucson: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  refs = await attorneyRefs();
  const created = await send('POST', '/api/v1/office', SEEDED.admin, {
    name: 'Tucson',
    officeType: 'OFFICE',
    phone: '5205550101',
    smsNumber: '5205550102',
    outboundCallerId: '5205550103',
    timeZone: 'America/Phoenix',
  });
  tucson = created.json();
});
afterAll(async () => t?.close());

/** Seeded attorneys: Avery and another in Los Angeles (the manager's), one in Dallas (outside them). */
async function attorneyRefs() {
  const rows = await t
    .db()
    .select({ id: attorneys.id, mail: users.mail, office: offices.name, officeId: offices.id })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  return {
    avery: rows.find((r) => r.mail === SEEDED.attorney)!,
    dallas: rows.find((r) => r.office === 'Dallas')!,
    laOther: rows.find((r) => r.office === 'Los Angeles' && r.mail !== SEEDED.attorney)!,
  };
}

const send = async (method: 'GET' | 'POST' | 'PUT', url: string, as: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: as ? await t.authFor(as) : {},
    ...(payload ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;

const move = (officeId: string, attorneyId: string, as: string | null = SEEDED.admin) =>
  send('PUT', `/api/v1/office/${officeId}/attorney`, as, { attorneyId });

describe('PUT /api/v1/office/{officeId}/attorney', () => {
  it('401 without a token, 403 without OFFICE UPDATE, 400 for a malformed id', async () => {
    expect((await move(tucson.id, refs.laOther.id, null)).statusCode).toBe(401);
    expect((await move(tucson.id, refs.laOther.id, SEEDED.operator)).statusCode).toBe(403);
    const bad = await move(tucson.id, 'x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['attorneyId']);
  });

  it('404 for an attorney or an office outside the caller’s reach (the manager reaches LA and San Diego)', async () => {
    const sanDiego = (await send('POST', '/api/v1/office/all', SEEDED.manager, {}))
      .json()
      .items.find((o: { name: string }) => o.name === 'San Diego');
    expect((await move(sanDiego.id, refs.dallas.id, SEEDED.manager)).json().message).toBe('Attorney not found');
    expect((await move(refs.dallas.officeId, refs.laOther.id, SEEDED.manager)).statusCode).toBe(404);
  });

  it('moves the attorney in: the office page lists them, audited with the office they left', async () => {
    const res = await move(tucson.id, refs.laOther.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(refs.laOther.id);
    const staff = (await send('GET', `/api/v1/office/${tucson.id}/staff`, SEEDED.admin)).json();
    expect(staff.attorneys.map((a: { id: string }) => a.id)).toEqual([refs.laOther.id]);
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, tucson.id), eq(auditEvents.action, 'office.attorney_join')));
    expect(audit?.before).toEqual({ attorneyId: refs.laOther.id, officeId: refs.laOther.officeId });
  });
});

describe('a deactivated office takes no new work', () => {
  it('its attorneys leave availability, a booking with them is refused (422), and it takes no new attorneys', async () => {
    const inquiry = await createInquiryIn(t, tucson.id);
    expect(
      (await send('PUT', `/api/v1/office/${tucson.id}/status`, SEEDED.admin, { status: 'INACTIVE' })).statusCode,
    ).toBe(200);
    const week = 'startDate=2026-12-07&endDate=2026-12-11';
    const open = (await send('GET', `/api/v1/attorney/availability?${week}`, SEEDED.operator)).json();
    const offered = open.map((a: { attorneyId: string }) => a.attorneyId);
    expect(offered).toContain(refs.avery.id);
    expect(offered).not.toContain(refs.laOther.id);
    const booking = await send('PUT', '/api/v1/appointment', SEEDED.operator, {
      inquiryId: inquiry.id,
      attorneyId: refs.laOther.id,
      // Any time will do: the office is judged before the attorney's hours.
      appointmentDateTime: '2031-03-04T18:00:00.000Z',
      appointmentLength: 30,
      appointmentStageId: 117,
      title: 'Consultation',
      offset: -8,
    });
    expect(booking.statusCode).toBe(422);
    expect(booking.json().message).toBe(APPOINTMENT_MESSAGES.officeInactive);
    const joining = await move(tucson.id, refs.avery.id);
    expect(joining.statusCode).toBe(422);
    expect(joining.json().message).toBe(OFFICE_MESSAGES.inactiveTakesNoAttorneys);
  });
});
