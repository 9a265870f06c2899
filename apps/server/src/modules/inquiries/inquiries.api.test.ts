import { inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import { and, count, eq } from 'drizzle-orm';
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

const post = async (email: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/inquiry',
    headers: email ? await t.authFor(email) : {},
    payload: payload as object,
  });

const clientCount = async () => (await t.db().select({ n: count() }).from(clients))[0]!.n;

describe('POST /api/v1/inquiry', () => {
  it('401 without a token, 403 without LEADS CREATE', async () => {
    expect((await post(null, { client: newClient() })).statusCode).toBe(401);
    const res = await post(SEEDED.attorney, { client: newClient() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_PERMISSION' });
  });

  it('creates the client, the inquiry and its opposing party in one go, and audits them', async () => {
    const question = refs.questions.find((q) => q.answerType === 'YES_NO')!;
    const res = await post(SEEDED.operator, {
      client: newClient({ middleName: 'Elena', mobileNumber: '310.555.0199' }),
      lawTypeId: refs.lawType.id,
      caseDescription: 'Rear-ended at a red light on Sunset Blvd.',
      clientIntake: {
        mvaResponse: { incidentDateTime: '2026-01-15T18:30:00.000Z' },
        answers: { [question.id]: 'Yes' },
      },
      intakeOpposingParty: {
        firstName: 'John',
        lastName: 'Doe',
        dateOfBirth: '02-29-1980',
        phoneNumber: '(702) 555-0101',
      },
      source: 'Google Ads',
    });
    expect(res.statusCode, res.body).toBe(200);
    const inquiry = inquiryDetailSchema.parse(res.json());
    expect(inquiry).toMatchObject({
      caseDescription: 'Rear-ended at a red light on Sunset Blvd.',
      lawType: refs.lawType,
      clientIntake: {
        mvaResponse: { incidentDateTime: '2026-01-15T18:30:00.000Z' },
        answers: { [question.id]: 'Yes' },
      },
      intakeOpposingParty: { firstName: 'John', lastName: 'Doe', dateOfBirth: '1980-02-29', phoneNumber: '7025550101' },
      client: { firstName: 'Maria', middleName: 'Elena', dateOfBirth: '1985-04-12', mobileNumber: '3105550199' },
      leadOwner: { displayName: 'Olivia Operator' },
      calls: [],
      emails: [],
      smsMessages: [],
      appointments: [],
      source: 'Google Ads',
    });
    const audits = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, inquiry.id));
    expect(audits.map((a) => a.action)).toEqual(['inquiry.create']);
    const clientAudit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, inquiry.clientId!), eq(auditEvents.action, 'client.create')));
    expect(clientAudit).toHaveLength(1);
  });

  it('takes the lead for an existing client when clientId is given', async () => {
    const first = await createInquiryIn(t, refs.inScopeOffice);
    const before = await clientCount();
    const res = await post(SEEDED.operator, { clientId: first.clientId, officeId: refs.inScopeOffice });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientId).toBe(first.clientId);
    expect(await clientCount()).toBe(before);
  });

  it('400 with every SPEC §5 client message word for word, keyed by the form path', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const res = await post(SEEDED.operator, {
      client: {
        firstName: long(31),
        middleName: long(31),
        lastName: long(31),
        maidenName: long(31),
        lmsClientNumber: long(31),
        email: `${long(70)}@example.com`,
        placeOfBirth: long(51),
        driverLicenseNumber: long(51),
        driverLicenseState: long(51),
        city: long(51),
        state: long(51),
        county: long(51),
        country: long(51),
        streetAddress: long(101),
        zipCode: long(16),
        needlesClientNumber: long(16),
        dateOfBirth: '02-29-2021',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'client.firstName': 'First Name must be 30 characters or less.',
      'client.middleName': 'Middle Name must be 30 characters or less.',
      'client.lastName': 'Last Name must be 30 characters or less.',
      'client.maidenName': 'Maiden Name must be 30 characters or less.',
      'client.lmsClientNumber': 'Lms Client Number must be 30 characters or less.',
      'client.email': 'Email must be 75 characters or less.',
      'client.placeOfBirth': 'Place Of Birth must be 50 characters or less.',
      'client.driverLicenseNumber': 'Driver License Number must be 50 characters or less.',
      'client.driverLicenseState': 'Driver License State must be 50 characters or less.',
      'client.city': 'City must be 50 characters or less.',
      'client.state': 'State must be 50 characters or less.',
      'client.county': 'County must be 50 characters or less.',
      'client.country': 'Country must be 50 characters or less.',
      'client.streetAddress': 'Street Address must be 100 characters or less.',
      'client.zipCode': 'Zip Code must be 15 characters or less.',
      'client.needlesClientNumber': 'Needles Client Number must be 15 characters or less.',
      'client.dateOfBirth': 'Date Of Birth must be a valid date.',
    });
  });

  it.each([
    ['email', 'maria@', 'client.email', 'Email must be a valid email.'],
    ['dateOfBirth', '13-01-1990', 'client.dateOfBirth', 'Date Of Birth must be a valid date.'],
    ['dateOfBirth', '01-01-2999', 'client.dateOfBirth', 'Date Of Birth must be a valid date.'],
    ['dateOfBirth', '01-01-1850', 'client.dateOfBirth', 'Date Of Birth must be a valid date.'],
    ['dateOfBirth', '1990-01-01x', 'client.dateOfBirth', 'Date Of Birth must be a valid date.'],
  ])('400 for client %s %j', async (field, value, key, message) => {
    const res = await post(SEEDED.operator, { client: newClient({ [field]: value }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[key]).toBe(message);
  });

  it('does not count whitespace, and honours leap years', async () => {
    const res = await post(SEEDED.operator, {
      client: newClient({ firstName: `${'a '.repeat(30)}`, dateOfBirth: '02-29-2000' }),
      officeId: refs.inScopeOffice,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('400 for the opposing party (names ≤ 30, date of birth) and a future incident date', async () => {
    const res = await post(SEEDED.operator, {
      client: newClient(),
      intakeOpposingParty: {
        firstName: 'y'.repeat(31),
        middleName: 'y'.repeat(31),
        lastName: 'y'.repeat(31),
        dateOfBirth: '02-30-1990',
        lmsClientNumber: 'y'.repeat(31),
      },
      clientIntake: { mvaResponse: { incidentDateTime: new Date(Date.now() + 86_400_000).toISOString() } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'intakeOpposingParty.firstName': 'First Name must be 30 characters or less.',
      'intakeOpposingParty.middleName': 'Middle Name must be 30 characters or less.',
      'intakeOpposingParty.lastName': 'Last Name must be 30 characters or less.',
      'intakeOpposingParty.dateOfBirth': 'Date Of Birth must be a valid date.',
      'intakeOpposingParty.lmsClientNumber': 'Lms Client Number must be 30 characters or less.',
      'clientIntake.mvaResponse.incidentDateTime': 'Incident Date Time cannot be future date.',
    });
  });

  it('400 for required names, a long case description and answers that do not fit their question', async () => {
    expect((await post(SEEDED.operator, { client: newClient({ firstName: ' ' }) })).json().fieldErrors).toEqual({
      'client.firstName': 'First Name is a required field.',
    });
    expect((await post(SEEDED.operator, { caseDescription: 'x' })).json().fieldErrors).toMatchObject({
      'client.firstName': 'First Name is a required field.',
    });
    const long = await post(SEEDED.operator, { client: newClient(), caseDescription: 'x'.repeat(501) });
    expect(long.json().fieldErrors).toEqual({ caseDescription: 'Case Description must be 500 characters or less.' });

    const yesNo = refs.questions.find((q) => q.answerType === 'YES_NO')!;
    const choice = refs.questions.find((q) => q.answerType === 'CHOICE')!;
    const date = refs.questions.find((q) => q.answerType === 'DATE')!;
    const before = await clientCount();
    const res = await post(SEEDED.operator, {
      client: newClient(),
      lawTypeId: refs.lawType.id,
      clientIntake: {
        answers: {
          [yesNo.id]: 'Maybe',
          [choice.id]: 'Spaceship',
          [date.id]: '02-30-2020',
          '00000000-0000-4000-8000-000000000000': 'x',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      [`clientIntake.answers.${yesNo.id}`]: 'Answer must be Yes or No.',
      [`clientIntake.answers.${choice.id}`]: 'Answer must be one of the choices.',
      [`clientIntake.answers.${date.id}`]: 'Answer must be a valid date.',
      'clientIntake.answers.00000000-0000-4000-8000-000000000000': 'Answer is not a question of this law type.',
    });
    // Nothing half-written.
    expect(await clientCount()).toBe(before);
  });

  it('403 for a manager taking a lead for an office outside their OFFICE condition, and writes nothing', async () => {
    const before = await clientCount();
    const res = await post(SEEDED.manager, { client: newClient(), officeId: refs.outOfScopeOffice });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Office is not one of the offices you may take leads for.');
    expect(await clientCount()).toBe(before);
    expect((await post(SEEDED.manager, { client: newClient(), officeId: refs.inScopeOffice })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/inquiry', () => {
  const get = async (email: string | null, inquiryId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/inquiry?inquiryId=${inquiryId}`,
      headers: email ? await t.authFor(email) : {},
    });

  it('401, 403, 400 and 404', async () => {
    const { id } = await createInquiryIn(t, refs.inScopeOffice);
    expect((await get(null, id)).statusCode).toBe(401);
    expect((await get(SEEDED.attorney, id)).statusCode).toBe(403);
    const bad = await get(SEEDED.operator, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('inquiryId');
    expect((await get(SEEDED.operator, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('returns the SPEC §3 inquiry; a manager reads only inquiries of their offices', async () => {
    const inside = await createInquiryIn(t, refs.inScopeOffice);
    const outside = await createInquiryIn(t, refs.outOfScopeOffice);
    const res = await get(SEEDED.manager, inside.id);
    expect(res.statusCode).toBe(200);
    expect(inquiryDetailSchema.parse(res.json()).client?.dateOfBirth).toBe('1985-04-12');
    expect((await get(SEEDED.manager, outside.id)).statusCode).toBe(404);
    expect((await get(SEEDED.operator, outside.id)).statusCode).toBe(200);
  });
});
