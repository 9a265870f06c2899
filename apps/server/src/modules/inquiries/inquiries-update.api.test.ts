import { inquiryDetailSchema, inquirySummaryListSchema } from '@casedesk/contract/inquiries/inquiry';
import { intakeQuestionListSchema } from '@casedesk/contract/inquiries/intake-question';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { createInquiryIn, newClient, seededRefs } from './inquiries.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof seededRefs>>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await seededRefs(t);
});
afterAll(async () => t?.close());

const patch = async (email: string | null, inquiryId: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/inquiry?inquiryId=${inquiryId}`,
    headers: email ? await t.authFor(email) : {},
    payload: payload as object,
  });

const get = async (email: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: email ? await t.authFor(email) : {} });

describe('PATCH /api/v1/inquiry', () => {
  it('401, 403 and 404', async () => {
    const { id } = await createInquiryIn(t, refs.inScopeOffice);
    expect((await patch(null, id, { notes: 'x' })).statusCode).toBe(401);
    expect((await patch(SEEDED.attorney, id, { notes: 'x' })).statusCode).toBe(403);
    expect((await patch(SEEDED.operator, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
  });

  it('400 with the SPEC §5 messages for the client, opposing party and incident date', async () => {
    const { id } = await createInquiryIn(t, refs.inScopeOffice);
    const res = await patch(SEEDED.operator, id, {
      client: { lastName: 'z'.repeat(31), email: 'not-an-email', zipCode: '1'.repeat(16) },
      intakeOpposingParty: { dateOfBirth: '00-10-1990' },
      clientIntake: { mvaResponse: { incidentDateTime: 'yesterday' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'client.lastName': 'Last Name must be 30 characters or less.',
      'client.email': 'Email must be a valid email.',
      'client.zipCode': 'Zip Code must be 15 characters or less.',
      'intakeOpposingParty.dateOfBirth': 'Date Of Birth must be a valid date.',
      'clientIntake.mvaResponse.incidentDateTime': 'Incident Date Time must be a valid date.',
    });
  });

  it('updates the inquiry, its client and opposing party, and audits before and after', async () => {
    const { id, clientId } = await createInquiryIn(t, refs.inScopeOffice, {
      intakeOpposingParty: { firstName: 'Old' },
    });
    const choice = refs.questions.find((q) => q.answerType === 'CHOICE')!;
    const res = await patch(SEEDED.operator, id, {
      client: { city: 'Pasadena', homeNumber: '(626) 555-0100' },
      lawTypeId: refs.lawType.id,
      clientIntake: { answers: { [choice.id]: choice.choices![0]! } },
      intakeOpposingParty: { firstName: 'New', lastName: 'Party' },
      notes: 'Called back, wants a Tuesday appointment.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(inquiryDetailSchema.parse(res.json())).toMatchObject({
      clientId,
      client: { city: 'Pasadena', homeNumber: '6265550100', firstName: 'Maria' },
      intakeOpposingParty: { firstName: 'New', lastName: 'Party' },
      clientIntake: { answers: { [choice.id]: choice.choices![0] } },
      notes: 'Called back, wants a Tuesday appointment.',
    });
    const [row] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'inquiry.update')))
      .orderBy(desc(auditEvents.id));
    expect(row?.before).toMatchObject({ notes: null, intakeOpposingParty: { firstName: 'Old' } });
    expect(row?.after).toMatchObject({ notes: 'Called back, wants a Tuesday appointment.' });
  });

  it('re-attaches to another client, or to a new one made from the client fields (clientId null)', async () => {
    const a = await createInquiryIn(t, refs.inScopeOffice);
    const b = await createInquiryIn(t, refs.inScopeOffice, { client: newClient({ firstName: 'Bea' }) });
    const moved = await patch(SEEDED.operator, a.id, { clientId: b.clientId });
    expect(moved.json().client.firstName).toBe('Bea');
    const fresh = await patch(SEEDED.operator, a.id, {
      clientId: null,
      client: { firstName: 'Carl', lastName: 'Newman', dateOfBirth: '' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().client).toMatchObject({ firstName: 'Carl', lastName: 'Newman' });
    expect(fresh.json().clientId).not.toBe(b.clientId);
    // The client it left is unchanged.
    const [bea] = await t.db().select().from(clients).where(eq(clients.id, b.clientId));
    expect(bea?.firstName).toBe('Bea');
    const incomplete = await patch(SEEDED.operator, a.id, { clientId: null, client: { firstName: 'Only' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors['client.lastName']).toBe('Last Name is a required field.');
  });

  it('out of scope: a manager cannot change another office’s inquiry, nor move one out of their offices', async () => {
    const outside = await createInquiryIn(t, refs.outOfScopeOffice);
    expect((await patch(SEEDED.manager, outside.id, { notes: 'mine now' })).statusCode).toBe(404);
    const inside = await createInquiryIn(t, refs.inScopeOffice);
    expect((await patch(SEEDED.manager, inside.id, { officeId: refs.outOfScopeOffice })).statusCode).toBe(403);
    expect((await patch(SEEDED.manager, inside.id, { notes: 'ok' })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/inquiry/resetClient', () => {
  it('401, 403, 400, out of scope, and a blank client section without storing anything', async () => {
    const inside = await createInquiryIn(t, refs.inScopeOffice);
    const outside = await createInquiryIn(t, refs.outOfScopeOffice);
    const url = (id: string) => `/api/v1/inquiry/resetClient?inquiryId=${id}`;
    expect((await get(null, url(inside.id))).statusCode).toBe(401);
    expect((await get(SEEDED.attorney, url(inside.id))).statusCode).toBe(403);
    expect((await get(SEEDED.operator, url('x'))).statusCode).toBe(400);
    expect((await get(SEEDED.manager, url(outside.id))).statusCode).toBe(404);
    const res = await get(SEEDED.manager, url(inside.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: inside.id, clientId: null, client: null });
    const again = await get(SEEDED.manager, `/api/v1/inquiry?inquiryId=${inside.id}`);
    expect(again.json().clientId).toBe(inside.clientId);
  });
});

describe('GET /api/v1/inquiry/inquiryByClientId', () => {
  it('401, 403, 400 and the client’s inquiries within the caller’s offices, newest first', async () => {
    const first = await createInquiryIn(t, refs.inScopeOffice);
    const second = await createInquiryIn(t, refs.inScopeOffice, { clientId: first.clientId, client: undefined });
    const outside = await createInquiryIn(t, refs.outOfScopeOffice, { clientId: first.clientId, client: undefined });
    const url = `/api/v1/inquiry/inquiryByClientId?clientId=${first.clientId}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(SEEDED.attorney, url)).statusCode).toBe(403);
    expect((await get(SEEDED.operator, '/api/v1/inquiry/inquiryByClientId?clientId=1')).statusCode).toBe(400);
    const all = inquirySummaryListSchema.parse((await get(SEEDED.operator, url)).json());
    expect(all.map((i) => i.id)).toEqual([outside.id, second.id, first.id]);
    const scoped = inquirySummaryListSchema.parse((await get(SEEDED.manager, url)).json());
    expect(scoped.map((i) => i.id)).toEqual([second.id, first.id]);
  });
});

describe('GET /api/v1/intake/questions', () => {
  it('401, 403, 400, and the seeded questions of a law type by id or value', async () => {
    const url = (lawType: string) => `/api/v1/intake/questions?lawType=${encodeURIComponent(lawType)}`;
    expect((await get(null, url(refs.lawType.id))).statusCode).toBe(401);
    expect((await get(SEEDED.attorney, url(refs.lawType.id))).statusCode).toBe(403);
    const missing = await get(SEEDED.operator, '/api/v1/intake/questions');
    expect(missing.statusCode).toBe(400);
    const byId = intakeQuestionListSchema.parse((await get(SEEDED.operator, url(refs.lawType.id))).json());
    expect(byId.length).toBeGreaterThanOrEqual(5);
    expect(byId.length).toBeLessThanOrEqual(10);
    expect(byId.map((q) => q.sortOrder)).toEqual([...byId.map((q) => q.sortOrder)].sort((x, y) => x - y));
    const byValue = intakeQuestionListSchema.parse((await get(SEEDED.operator, url('Personal Injury'))).json());
    expect(byValue).toEqual(byId);
    expect((await get(SEEDED.operator, url('Maritime Law'))).json()).toEqual([]);
  });
});
