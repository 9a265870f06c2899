import { duplicateMatchListSchema } from '@casedesk/contract/matching/duplicate-check';
import { LIKELY_DUPLICATE_SCORE } from '@casedesk/contract/matching/match-score';
import { potentialConflictListSchema } from '@casedesk/contract/matching/potential-conflict';
import { Faker, base, en, en_US } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { inquiries, inquiryOpposingParties } from '../inquiries/inquiries.tables.ts';
import { clients } from './clients.tables.ts';

/**
 * People typed the way callers give their details: a name left out, a slip in each name, a short form, a letter
 * that changes the sound code. The date of birth, which people rarely get wrong, brings them in.
 */

const faker = new Faker({ locale: [en_US, en, base] });
faker.seed(2222);

let t: TestApp;
const ids: Record<string, string> = {};

const STORED = {
  whitbourne: { firstName: 'Mitchell', lastName: 'Whitbourne', dateOfBirth: '1962-02-16' },
  feleppa: { firstName: 'Jarod', lastName: 'Feleppa', dateOfBirth: '1961-04-21' },
  lodge: { firstName: 'Joel', lastName: 'Lodge', dateOfBirth: '1971-08-30' },
  donaldson: { firstName: 'Macy', lastName: 'Donaldson', dateOfBirth: '1984-11-03' },
  smith: { firstName: 'Ottoline', lastName: 'Smith', dateOfBirth: '1970-01-01' },
} as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, person] of Object.entries(STORED)) {
    const [row] = await t
      .db()
      .insert(clients)
      .values(buildClient(faker, { ...person, secondaryNumber: null, mobileNumber: null, homeNumber: null }))
      .returning({ id: clients.id });
    ids[key] = row!.id;
  }
});
afterAll(async () => t?.close());

const duplicates = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/client/duplicate',
    headers: await t.authFor(SEEDED.operator),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return duplicateMatchListSchema.parse(res.json());
};

describe('POST /api/v1/client/duplicate finds the person as callers give their details', () => {
  it.each([
    ['last name and date of birth, no first name', { lastName: 'Whitbourne', dateOfBirth: '02-16-1962' }, 'whitbourne'],
    ['first name and date of birth, no last name', { firstName: 'Mitchell', dateOfBirth: '02-16-1962' }, 'whitbourne'],
    ['a slip in each name', { firstName: 'Jarld', lastName: 'Felegpa', dateOfBirth: '04-21-1961' }, 'feleppa'],
    ['a short form and a slip', { firstName: 'Joe', lastName: 'Lodgw', dateOfBirth: '08-30-1971' }, 'lodge'],
    ['a letter that changes the sound code', { firstName: 'Macy', lastName: 'Donalwson' }, 'donaldson'],
  ])('%s', async (_, typed, key) => {
    const [top] = await duplicates(typed);
    expect(top?.clientId).toBe(ids[key]);
  });

  it('with the birthday, a slip in each name is a likely duplicate; the reasons say why', async () => {
    const [top] = await duplicates({ firstName: 'Jarld', lastName: 'Felegpa', dateOfBirth: '04-21-1961' });
    expect(top?.score).toBeGreaterThanOrEqual(LIKELY_DUPLICATE_SCORE);
    expect(top?.reasons).toEqual(['SAME_DOB', 'SIMILAR_NAME']);
  });

  it('a birthday one slip off (year digit, day and month swapped) still finds the person', async () => {
    const [yearOff] = await duplicates({ firstName: 'Jarod', lastName: 'Feleppa', dateOfBirth: '04-21-1971' });
    expect(yearOff?.clientId).toBe(ids.feleppa);
    expect(yearOff?.reasons).toContain('SIMILAR_DOB');
    const [swapped] = await duplicates({ firstName: 'Mitchel', lastName: 'Whitborne', dateOfBirth: '02-16-1926' });
    expect(swapped?.clientId).toBe(ids.whitbourne);
  });

  it('a stranger who shares a common last name and not the birthday is not a likely duplicate', async () => {
    const list = await duplicates({ firstName: 'Bartholomew', lastName: 'Smith', dateOfBirth: '06-15-1985' });
    expect(list.filter((m) => m.score >= LIKELY_DUPLICATE_SCORE)).toEqual([]);
    expect(list.map((m) => m.clientId)).not.toContain(ids.smith);
  });

  it('an LMS client number is a way in of its own', async () => {
    const [row] = await t.db().select({ lms: clients.lmsClientNumber }).from(clients).limit(1);
    const list = await duplicates({ lmsClientNumber: 'LMS-NOT-THERE' });
    expect(list).toEqual([]);
    if (row?.lms)
      expect((await duplicates({ lmsClientNumber: row.lms }))[0]?.reasons).toContain('SAME_LMS_CLIENT_NUMBER');
  });
});

describe('POST /api/v1/inquiry/potentialConflicts uses the same candidates and scores', () => {
  it('an opposing party typed with a slip in each name and the birthday is the client, first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/potentialConflicts',
      headers: await t.authFor(SEEDED.operator),
      payload: { opposingParty: { firstName: 'Jarld', lastName: 'Felegpa', dateOfBirth: '04-21-1961' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [top] = potentialConflictListSchema.parse(res.json());
    expect(top).toMatchObject({ side: 'OPPOSING_PARTY_IS_CLIENT', clientId: ids.feleppa });
  });

  it('a new client with only a last name and birthday is found among opposing parties', async () => {
    const [inquiry] = await t.db().insert(inquiries).values({ clientId: ids.lodge! }).returning({ id: inquiries.id });
    await t.db().insert(inquiryOpposingParties).values({
      inquiryId: inquiry!.id,
      firstName: 'Perpetua',
      lastName: 'Grimsditch',
      dateOfBirth: '1958-07-09',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/potentialConflicts',
      headers: await t.authFor(SEEDED.operator),
      payload: { client: { lastName: 'Grimsdich', dateOfBirth: '07-09-1958' } },
    });
    const [top] = potentialConflictListSchema.parse(res.json());
    expect(top).toMatchObject({ side: 'CLIENT_IS_OPPOSING_PARTY', inquiryId: inquiry!.id });
  });
});
