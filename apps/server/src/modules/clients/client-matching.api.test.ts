import { MESSAGES } from '@casedesk/contract/common/errors';
import { duplicateMatchListSchema, inquiryDuplicateMatchListSchema } from '@casedesk/contract/matching/duplicate-check';
import { potentialConflictListSchema } from '@casedesk/contract/matching/potential-conflict';
import { Faker, base, en, en_US } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { attorneyPermissions, operatorPermissions } from '../../seed/permission-profiles.ts';
import { setPermissions } from '../access/access.service.ts';
import { inquiries, inquiryOpposingParties } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { resolveUserByEmail } from '../users/users.service.ts';
import { clients } from './clients.tables.ts';

const faker = new Faker({ locale: [en_US, en, base] });
faker.seed(4004);

let t: TestApp;
let officeIds: string[];
let robert: string;
let tombstone: string;
let dallasClient: string;
let opposedInquiry: string;
let otherOfficeInquiry: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db();
  officeIds = (await db.select({ id: offices.id, name: offices.name }).from(offices).orderBy(offices.createdAt)).map(
    (o) => o.id,
  );
  const insert = async (overrides: Parameters<typeof buildClient>[1]) => {
    const [row] = await db
      .insert(clients)
      .values(buildClient(faker, { secondaryNumber: null, mobileNumber: null, homeNumber: null, ...overrides }))
      .returning({ id: clients.id });
    return row!.id;
  };
  robert = await insert({
    firstName: 'Robert',
    lastName: 'Smith',
    dateOfBirth: '1980-04-12',
    primaryNumber: '2135550101',
    email: 'robert.smith@example.com',
    lmsClientNumber: 'LMS-0000001',
    officeId: officeIds[0],
  });
  const survivor = await insert({ firstName: 'Wilhelmina', lastName: 'Quartermaine', officeId: officeIds[0] });
  tombstone = await insert({
    firstName: 'Wilhelmina',
    lastName: 'Quartermaine',
    primaryNumber: '2135550199',
    mergedIntoId: survivor,
    mergedAt: new Date(),
  });
  // Dallas (office 4) is outside the seeded manager's offices (0 and 1).
  dallasClient = await insert({
    firstName: 'Xavier',
    lastName: 'Oyelaran',
    primaryNumber: '2145550177',
    officeId: officeIds[4],
  });
  const [inLa] = await db
    .insert(inquiries)
    .values({ clientId: dallasClient, officeId: officeIds[0] })
    .returning({ id: inquiries.id });
  opposedInquiry = inLa!.id;
  await db.insert(inquiryOpposingParties).values({
    inquiryId: opposedInquiry,
    firstName: 'Theodora',
    lastName: 'Vanterpool',
    dateOfBirth: '1975-09-30',
    phoneNumber: '3055550123',
    lmsClientNumber: 'LMS-7654321',
  });
  const [inDallas] = await db
    .insert(inquiries)
    .values({ clientId: dallasClient, officeId: officeIds[4] })
    .returning({ id: inquiries.id });
  otherOfficeInquiry = inDallas!.id;
  await db.insert(inquiryOpposingParties).values({
    inquiryId: otherOfficeInquiry,
    firstName: 'Bartholomew',
    lastName: 'Kowalczyk',
    phoneNumber: '7025550188',
  });
});
afterAll(async () => t?.close());

const post = async (url: string, payload: Record<string, unknown>, email?: string) =>
  t.app.inject({ method: 'POST', url, headers: email ? await t.authFor(email) : {}, payload });

const duplicates = async (payload: Record<string, unknown>, email: string = SEEDED.operator) => {
  const res = await post('/api/v1/client/duplicate', payload, email);
  expect(res.statusCode, res.body).toBe(200);
  return duplicateMatchListSchema.parse(res.json());
};

describe('POST /api/v1/client/duplicate', () => {
  it('401 without a token', async () => {
    expect((await post('/api/v1/client/duplicate', { firstName: 'Robert', lastName: 'Smith' })).statusCode).toBe(401);
  });

  it('400 with the SPEC §5 message for each bad field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'bob@' }, 'email', 'Email must be a valid email.'],
      [{ dateOfBirth: '02-30-1980' }, 'dateOfBirth', 'Date Of Birth must be a valid date.'],
      [{ firstName: 'x'.repeat(31) }, 'firstName', 'First Name must be 30 characters or less.'],
      [{ lastName: 'y'.repeat(31) }, 'lastName', 'Last Name must be 30 characters or less.'],
      [{ phones: ['555-01'] }, 'phones.0', 'Phone must be a valid phone number.'],
      [{ excludeClientId: 'nope' }, 'excludeClientId', 'Exclude Client Id must be a client id.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/v1/client/duplicate', body, SEEDED.operator);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
  });

  it('nothing to look for gives no matches', async () => {
    expect(await duplicates({ firstName: '', lastName: '', phones: [''] })).toEqual([]);
  });

  it('finds by phone in any format, with the reason', async () => {
    const [top] = await duplicates({ phones: ['(213) 555-0101'] });
    expect(top).toMatchObject({ clientId: robert, reasons: ['SAME_PHONE'] });
  });

  it('finds by email whatever its case', async () => {
    const [top] = await duplicates({ email: 'Robert.Smith@EXAMPLE.com' });
    expect(top?.clientId).toBe(robert);
    expect(top?.reasons).toContain('SAME_EMAIL');
  });

  it('nickname and sound-alike: "Bob Smyth" is Robert Smith', async () => {
    const [top] = await duplicates({ firstName: 'Bob', lastName: 'Smyth' });
    expect(top?.clientId).toBe(robert);
    expect(top?.reasons).toEqual(expect.arrayContaining(['NICKNAME', 'NAME_SOUNDS_ALIKE']));
    expect(top?.nicknameOf).toBe('Robert');
  });

  it('swapped first and last name, a typo, and DOB together rank first with every reason', async () => {
    const [top] = await duplicates({ firstName: 'Smith', lastName: 'Robert', dateOfBirth: '04-12-1980' });
    expect(top?.clientId).toBe(robert);
    expect(top?.reasons).toEqual(expect.arrayContaining(['SAME_DOB', 'SAME_NAME', 'SWAPPED_NAMES']));
    const [typo] = await duplicates({ firstName: 'Robret', lastName: 'Smith', phones: ['2135550101'] });
    expect(typo?.clientId).toBe(robert);
    expect(typo?.score).toBeGreaterThan(70);
  });

  it('a typo in both names alone still finds the client', async () => {
    const [top] = await duplicates({ firstName: 'Robret', lastName: 'Smiht' });
    expect(top?.clientId).toBe(robert);
    // Jaro–Winkler reads both as a slip of the finger (close), which outranks sounding alike.
    expect(top?.reasons).toEqual(['SIMILAR_NAME']);
    // A typo Metaphone hears differently (Robery) is still found through soundex and scored by Jaro–Winkler.
    const [other] = await duplicates({ firstName: 'Robery', lastName: 'Smith' });
    expect(other?.clientId).toBe(robert);
    expect(other?.reasons).toEqual(expect.arrayContaining(['SIMILAR_NAME']));
  });

  it('a shared birthday alone is not a likely match', async () => {
    const list = await duplicates({ dateOfBirth: '1980-04-12' });
    expect(list.map((m) => m.clientId)).not.toContain(robert);
  });

  it('best first, at most 10, never a tombstone, never the excluded client', async () => {
    const list = await duplicates({ firstName: 'Wilhelmina', lastName: 'Quartermaine', phones: ['2135550199'] });
    expect(list.map((m) => m.clientId)).not.toContain(tombstone);
    expect(list).toHaveLength(1);
    const many = await duplicates({ firstName: 'Robert', lastName: 'Smith', phones: ['2135550101'] });
    expect(many.length).toBeLessThanOrEqual(10);
    expect(many.map((m) => m.score)).toEqual([...many.map((m) => m.score)].sort((a, b) => b - a));
    const excluded = await duplicates({ phones: ['2135550101'], excludeClientId: robert });
    expect(excluded.map((m) => m.clientId)).not.toContain(robert);
  });

  it("403 without CLIENT_PROFILE READ; an office condition on it hides other offices' clients", async () => {
    const attorney = await resolveUserByEmail(t.db(), SEEDED.attorney);
    const without = attorneyPermissions(officeIds[0]!).filter((p) => p.permissionType !== 'CLIENT_PROFILE');
    await setPermissions(t.db(), attorney!.id, without);
    const denied = await post('/api/v1/client/duplicate', { phones: ['2135550101'] }, SEEDED.attorney);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.missingPermission);

    const limited = [
      ...without,
      {
        permissionType: 'CLIENT_PROFILE' as const,
        accessLevelDTO: [
          {
            accessType: 'READ' as const,
            conditionDTO: [
              { conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeIds[0]!] },
            ],
          },
        ],
      },
    ];
    await setPermissions(t.db(), attorney!.id, limited);
    expect((await duplicates({ phones: ['2135550101'] }, SEEDED.attorney))[0]?.clientId).toBe(robert);
    expect(await duplicates({ phones: ['2145550177'] }, SEEDED.attorney)).toEqual([]);
    expect((await duplicates({ phones: ['2145550177'] }))[0]?.clientId).toBe(dallasClient);
    await setPermissions(t.db(), attorney!.id, attorneyPermissions(officeIds[0]!));
  });
});

describe('POST /api/v1/inquiry/duplicate', () => {
  it('401 without a token, 403 without LEADS READ (the attorney), 400 with the message', async () => {
    expect((await post('/api/v1/inquiry/duplicate', {})).statusCode).toBe(401);
    const denied = await post('/api/v1/inquiry/duplicate', { phones: ['2145550177'] }, SEEDED.attorney);
    expect(denied.statusCode).toBe(403);
    const bad = await post('/api/v1/inquiry/duplicate', { email: 'nope' }, SEEDED.operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email must be a valid email.');
  });

  it("lists the matched client's inquiries, newest first", async () => {
    const res = await post('/api/v1/inquiry/duplicate', { firstName: 'Xavier', lastName: 'Oyelaran' }, SEEDED.operator);
    expect(res.statusCode).toBe(200);
    const [top] = inquiryDuplicateMatchListSchema.parse(res.json());
    expect(top?.clientId).toBe(dallasClient);
    expect(top?.inquiries.map((i) => i.id).sort()).toEqual([opposedInquiry, otherOfficeInquiry].sort());
  });

  it("out of scope: an office-limited LEADS READ sees the client but not the other office's inquiry", async () => {
    const res = await post('/api/v1/inquiry/duplicate', { phones: ['2145550177'] }, SEEDED.manager);
    expect(res.statusCode).toBe(200);
    const [top] = inquiryDuplicateMatchListSchema.parse(res.json());
    expect(top?.clientId).toBe(dallasClient);
    expect(top?.inquiries.map((i) => i.id)).toEqual([opposedInquiry]);
  });
});

describe('POST /api/v1/inquiry/potentialConflicts', () => {
  const conflicts = async (payload: Record<string, unknown>, email: string = SEEDED.operator) => {
    const res = await post('/api/v1/inquiry/potentialConflicts', payload, email);
    expect(res.statusCode, res.body).toBe(200);
    return potentialConflictListSchema.parse(res.json());
  };

  it('401 without a token, 403 without LEADS READ, 400 with the message', async () => {
    expect((await post('/api/v1/inquiry/potentialConflicts', {})).statusCode).toBe(401);
    expect((await post('/api/v1/inquiry/potentialConflicts', {}, SEEDED.attorney)).statusCode).toBe(403);
    const bad = await post(
      '/api/v1/inquiry/potentialConflicts',
      { opposingParty: { dateOfBirth: '1980-13-01' } },
      SEEDED.operator,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Date Of Birth must be a valid date.',
      fieldErrors: { 'opposingParty.dateOfBirth': 'Date Of Birth must be a valid date.' },
    });
    const long = await post(
      '/api/v1/inquiry/potentialConflicts',
      { client: { lmsClientNumber: 'L'.repeat(31) } },
      SEEDED.operator,
    );
    expect(long.json().message).toBe('Lms Client Number must be 30 characters or less.');
  });

  it('no input, no conflicts', async () => {
    expect(await conflicts({})).toEqual([]);
  });

  it('the opposing party is an existing client: by name (nickname, sound-alike), DOB and phone', async () => {
    const [row] = await conflicts({
      opposingParty: { firstName: 'Rob', lastName: 'Smyth', dateOfBirth: '04-12-1980' },
    });
    expect(row).toMatchObject({
      side: 'OPPOSING_PARTY_IS_CLIENT',
      names: expect.stringContaining('Robert'),
      dateOfBirth: '1980-04-12',
      numbers: ['2135550101'],
      lmsClientNumber: 'LMS-0000001',
      clientId: robert,
      restricted: false,
    });
    expect(row?.reasons).toEqual(expect.arrayContaining(['SAME_DOB', 'NICKNAME', 'NAME_SOUNDS_ALIKE']));
    const [byLms] = await conflicts({ opposingParty: { lmsClientNumber: 'lms-0000001' } });
    expect(byLms).toMatchObject({ clientId: robert, reasons: ['SAME_LMS_CLIENT_NUMBER'] });
  });

  it('the new client is the opposing party of another inquiry, even in swapped order', async () => {
    const [row] = await conflicts({ client: { firstName: 'Vanterpool', lastName: 'Theodora' } });
    expect(row).toMatchObject({
      side: 'CLIENT_IS_OPPOSING_PARTY',
      names: 'Theodora Vanterpool',
      dateOfBirth: '1975-09-30',
      numbers: ['3055550123'],
      lmsClientNumber: 'LMS-7654321',
      inquiryId: opposedInquiry,
      clientId: dallasClient,
    });
    expect(row?.reasons).toContain('SWAPPED_NAMES');
    // The inquiry being edited is not in conflict with its own opposing party.
    expect(await conflicts({ client: { phones: ['3055550123'] }, inquiryId: opposedInquiry })).toEqual([]);
  });

  it("the new opposing party is another inquiry's opposing party too", async () => {
    const rows = await conflicts({ opposingParty: { phones: ['(305) 555-0123'] } });
    expect(rows.map((r) => [r.side, r.inquiryId])).toEqual([['OPPOSING_PARTY_IS_OPPOSING_PARTY', opposedInquiry]]);
  });

  it("out of scope: another office's inquiry still warns, without its details", async () => {
    const rows = await conflicts({ client: { firstName: 'Bartholomew', lastName: 'Kowalczyk' } }, SEEDED.manager);
    expect(rows).toEqual([
      {
        side: 'CLIENT_IS_OPPOSING_PARTY',
        names: null,
        dateOfBirth: null,
        numbers: [],
        lmsClientNumber: null,
        clientId: null,
        inquiryId: null,
        score: expect.any(Number),
        reasons: ['SAME_NAME'],
        restricted: true,
      },
    ]);
    const [visible] = await conflicts({ client: { firstName: 'Bartholomew', lastName: 'Kowalczyk' } });
    expect(visible).toMatchObject({ inquiryId: otherOfficeInquiry, restricted: false });
  });

  it('out of scope: a client of an office outside CLIENT_PROFILE READ still warns, without details', async () => {
    const operator = await resolveUserByEmail(t.db(), SEEDED.operator);
    const limited = operatorPermissions().map((p) =>
      p.permissionType === 'CLIENT_PROFILE'
        ? {
            ...p,
            accessLevelDTO: p.accessLevelDTO.map((level) => ({
              ...level,
              conditionDTO: [
                { conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeIds[0]!] },
              ],
            })),
          }
        : p,
    );
    await setPermissions(t.db(), operator!.id, limited);
    const [row] = await conflicts({ opposingParty: { firstName: 'Xavier', lastName: 'Oyelaran' } });
    expect(row).toMatchObject({ side: 'OPPOSING_PARTY_IS_CLIENT', names: null, clientId: null, restricted: true });
    expect(row?.reasons).toEqual(['SAME_NAME']);
    const [own] = await conflicts({ opposingParty: { phones: ['2135550101'] } });
    expect(own).toMatchObject({ clientId: robert, restricted: false });
    await setPermissions(t.db(), operator!.id, operatorPermissions());
  });

  it('tombstoned clients are never conflicts', async () => {
    const rows = await conflicts({ opposingParty: { phones: ['2135550199'] } });
    expect(rows).toEqual([]);
    const [row] = await t.db().select().from(clients).where(eq(clients.id, tombstone));
    expect(row?.mergedIntoId).not.toBeNull();
  });
});
