import { clientDetailSchema } from '@casedesk/contract/clients/client';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { errorBodySchema } from '@casedesk/contract/common/error-body';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeScopedClients } from '../../../test/support/office-scoped-clients.ts';
import { createOfficeScopedClients, findUserByEmail, SCOPED } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { clients } from './clients.tables.ts';

let t: TestApp;
let officeA: string;
let officeB: string;
let insertClient: OfficeScopedClients['insertClient'];
let inject: OfficeScopedClients['inject'];

beforeAll(async () => {
  ({ t, officeA, officeB, insertClient, inject } = await createOfficeScopedClients());
});
afterAll(async () => t?.close());

describe('POST /api/v1/client', () => {
  const valid = {
    firstName: ' Marisol ',
    lastName: 'Quintero',
    email: 'marisol.q@example.com',
    primaryNumber: '(213) 555-0142',
    mobileNumber: '310.555.0199',
    dateOfBirth: '02-29-1984',
    autoText: false,
  };

  it('401 without a token', async () => {
    const res = await inject('POST', '/api/v1/client', null, valid);
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it('403 without CLIENT_PROFILE CREATE', async () => {
    const res = await inject('POST', '/api/v1/client', SEEDED.attorney, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.missingPermission);
  });

  it('creates the client with phones as digits and the date of birth as a date, and audits it', async () => {
    const res = await inject('POST', '/api/v1/client', SEEDED.operator, valid);
    expect(res.statusCode).toBe(200);
    const client = clientDetailSchema.parse(res.json());
    expect(client).toMatchObject({
      firstName: 'Marisol',
      primaryNumber: '2135550142',
      mobileNumber: '3105550199',
      dateOfBirth: '1984-02-29',
      autoText: false,
      mergedIntoId: null,
    });
    const [audit] = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, client.id));
    expect(audit).toMatchObject({ action: 'client.create', entity: 'client' });
  });

  it('400 with every SPEC §5 message word for word, and nothing written', async () => {
    const before = await t.db().$count(clients);
    const res = await inject('POST', '/api/v1/client', SEEDED.operator, {
      firstName: 'A'.repeat(31),
      middleName: 'B'.repeat(31),
      lastName: ' ',
      maidenName: 'C'.repeat(31),
      lmsClientNumber: 'L'.repeat(31),
      email: 'not-an-email',
      placeOfBirth: 'P'.repeat(51),
      driverLicenseNumber: 'D'.repeat(51),
      driverLicenseState: 'S'.repeat(51),
      city: 'C'.repeat(51),
      state: 'S'.repeat(51),
      county: 'C'.repeat(51),
      country: 'C'.repeat(51),
      streetAddress: 'S'.repeat(101),
      zipCode: '9'.repeat(16),
      needlesClientNumber: '1'.repeat(16),
      dateOfBirth: '02-29-2001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      firstName: 'First Name must be 30 characters or less.',
      middleName: 'Middle Name must be 30 characters or less.',
      lastName: 'Last Name is a required field.',
      maidenName: 'Maiden Name must be 30 characters or less.',
      lmsClientNumber: 'Lms Client Number must be 30 characters or less.',
      email: 'Email must be a valid email.',
      placeOfBirth: 'Place Of Birth must be 50 characters or less.',
      driverLicenseNumber: 'Driver License Number must be 50 characters or less.',
      driverLicenseState: 'Driver License State must be 50 characters or less.',
      city: 'City must be 50 characters or less.',
      state: 'State must be 50 characters or less.',
      county: 'County must be 50 characters or less.',
      country: 'Country must be 50 characters or less.',
      streetAddress: 'Street Address must be 100 characters or less.',
      zipCode: 'Zip Code must be 15 characters or less.',
      needlesClientNumber: 'Needles Client Number must be 15 characters or less.',
      dateOfBirth: 'Date Of Birth must be a valid date.',
    });
    expect(await t.db().$count(clients)).toBe(before);
  });

  it.each([
    ['email', 'x'.repeat(70) + '@example.com', 'Email must be 75 characters or less.'],
    ['dateOfBirth', '13-01-1990', 'Date Of Birth must be a valid date.'],
    ['dateOfBirth', '01-01-2999', 'Date Of Birth must be a valid date.'],
    ['dateOfBirth', '01-01-1800', 'Date Of Birth must be a valid date.'],
    ['mobileNumber', '555-0199', 'Mobile Number must be a valid phone number.'],
  ])('400 for %s %s', async (field, value, message) => {
    const res = await inject('POST', '/api/v1/client', SEEDED.operator, { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it("puts the client in the caller's office by default; an office outside the caller's scope is refused", async () => {
    const ok = await inject('POST', '/api/v1/client', SCOPED, { firstName: 'Scoped', lastName: 'Create' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().officeId).toBe((await findUserByEmail(t.db(), SCOPED))!.officeId);
    const refused = await inject('POST', '/api/v1/client', SCOPED, { ...valid, officeId: officeB });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.officeId).toBe('Office is not one of the offices you may manage clients of.');
    const unknown = await inject('POST', '/api/v1/client', SEEDED.admin, {
      ...valid,
      officeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.officeId).toBe('Office must be an existing office.');
  });
});

describe('GET and PUT /api/v1/client', () => {
  it('401 / 403 / 400', async () => {
    const client = await insertClient();
    expect((await inject('GET', `/api/v1/client?id=${client.id}`, null)).statusCode).toBe(401);
    expect(
      (await inject('PUT', `/api/v1/client?id=${client.id}`, SEEDED.attorney, { firstName: 'X', lastName: 'Y' }))
        .statusCode,
    ).toBe(403);
    const bad = await inject('GET', '/api/v1/client?id=nope', SEEDED.operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('id');
  });

  it('reads a client and updates only the fields sent, auditing before and after', async () => {
    const client = await insertClient({ city: 'Fresno', county: 'Fresno' });
    const got = await inject('GET', `/api/v1/client?id=${client.id}`, SEEDED.attorney);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: client.id, city: 'Fresno' });
    const res = await inject('PUT', `/api/v1/client?id=${client.id}`, SEEDED.operator, {
      firstName: client.firstName,
      lastName: client.lastName,
      city: 'Bakersfield',
      homeNumber: '(661) 555 0100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Bakersfield', county: 'Fresno', homeNumber: '6615550100' });
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, client.id), eq(auditEvents.action, 'client.update')))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ before: { city: 'Fresno' }, after: { city: 'Bakersfield' } });
  });

  it('400 on update with the spec message, nothing changed', async () => {
    const client = await insertClient();
    const res = await inject('PUT', `/api/v1/client?id=${client.id}`, SEEDED.operator, {
      firstName: client.firstName,
      lastName: client.lastName,
      zipCode: '1234567890123456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.zipCode).toBe('Zip Code must be 15 characters or less.');
    const [after] = await t.db().select().from(clients).where(eq(clients.id, client.id));
    expect(after!.zipCode).toBe(client.zipCode);
  });

  it("an OFFICE-limited user can neither read nor change another office's client", async () => {
    const other = await insertClient({ officeId: officeB });
    const own = await insertClient({ officeId: officeA });
    expect((await inject('GET', `/api/v1/client?id=${own.id}`, SCOPED)).statusCode).toBe(200);
    expect((await inject('GET', `/api/v1/client?id=${other.id}`, SCOPED)).statusCode).toBe(404);
    const put = await inject('PUT', `/api/v1/client?id=${other.id}`, SCOPED, { firstName: 'Hacked', lastName: 'X' });
    expect(put.statusCode).toBe(404);
    const [after] = await t.db().select().from(clients).where(eq(clients.id, other.id));
    expect(after!.firstName).toBe(other.firstName);
  });

  it('a tombstone reads with mergedIntoId and refuses edits', async () => {
    const survivor = await insertClient();
    const tomb = await insertClient({ mergedIntoId: survivor.id, mergedAt: new Date() });
    const got = await inject('GET', `/api/v1/client?id=${tomb.id}`, SEEDED.operator);
    expect(got.json().mergedIntoId).toBe(survivor.id);
    const put = await inject('PUT', `/api/v1/client?id=${tomb.id}`, SEEDED.operator, {
      city: 'X',
      firstName: 'A',
      lastName: 'B',
    });
    expect(put.statusCode).toBe(409);
  });
});
