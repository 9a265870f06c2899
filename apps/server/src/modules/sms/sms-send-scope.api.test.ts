import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowCollectionContactsAllDay,
  insertCollectionAccount,
} from '../../../test/factories/collection-accounts.factory.ts';
import { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { smsMessages } from './sms.tables.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { freshNumber, injector, SEEDED, sendBody, smsRefs } from './sms.test-support.ts';

/*
 * The records a text is tied to must be ones the sender may reach: a client by CLIENT_PROFILE READ, an
 * inquiry by LEADS READ, a collection account by ALL_ACCOUNTS READ, each with its office condition; anything
 * else reads as not found. A client
 * found by the phone number is still linked, but the answer names them only to a sender who may read them.
 * The sender below texts from any office, and reads clients and leads of Los Angeles only.
 */
const SENDER = SEEDED.collector;
let t: TestApp;
let refs: SmsRefs;
let call: ReturnType<typeof injector>;
let inLa: { id: string; clientId: string; phone: string };
let inLv: { id: string; clientId: string; phone: string };

const level = (accessType: 'READ' | 'CREATE' | 'UPDATE', officeId?: string) => ({
  accessType,
  conditionDTO: officeId
    ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeId] }]
    : [],
});

async function leadWithPhone(officeId: string) {
  const phone = freshNumber();
  return { ...(await createInquiryIn(t, officeId, { client: newClient({ primaryNumber: phone }) })), phone };
}

beforeAll(async () => {
  t = await createTestApp();
  // These tests are about scope, not the contact rules' calling hours (contact-guard.api.test.ts).
  await allowCollectionContactsAllDay(t.db());
  refs = await smsRefs(t);
  call = injector(t);
  const sender = await findUserByEmail(t.db(), SENDER);
  const permissions: Permission[] = [
    { permissionType: 'SMS', accessLevelDTO: [level('READ'), level('CREATE'), level('UPDATE')] },
    { permissionType: 'CLIENT_PROFILE', accessLevelDTO: [level('READ', refs.la.id)] },
    { permissionType: 'LEADS', accessLevelDTO: [level('READ', refs.la.id)] },
    { permissionType: 'ALL_ACCOUNTS', accessLevelDTO: [level('READ', refs.la.id)] },
  ];
  await setPermissions(t.db(), sender!.id, permissions);
  inLa = await leadWithPhone(refs.la.id);
  inLv = await leadWithPhone(refs.lv.id);
});
afterAll(async () => t?.close());

const send = (overrides: Record<string, unknown>) =>
  call('POST', '/api/v1/sms/send?offsetHours=-7', SENDER, sendBody(refs, overrides));
const textsOf = async (clientId: string) => t.db().select().from(smsMessages).where(eq(smsMessages.clientId, clientId));

describe('POST /api/v1/sms/send: the records named', () => {
  it('404 for a client outside the sender’s CLIENT_PROFILE READ, as for one that does not exist', async () => {
    const outside = await send({ clientId: inLv.clientId });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().fieldErrors).toEqual({ clientId: 'Client not found.' });
    expect(outside.body).not.toContain('Gonzalez');
    const missing = await send({ clientId: '00000000-0000-4000-8000-000000000000' });
    expect({ status: missing.statusCode, body: missing.json().fieldErrors }).toEqual({
      status: 404,
      body: outside.json().fieldErrors,
    });
    expect(await textsOf(inLv.clientId)).toEqual([]);
  });

  it('404 for an inquiry outside the sender’s LEADS READ', async () => {
    const res = await send({ inquiryId: inLv.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().fieldErrors).toEqual({ inquiryId: 'Inquiry not found.' });
    expect(await t.db().select().from(smsMessages).where(eq(smsMessages.inquiryId, inLv.id))).toEqual([]);
  });

  it('404 for a collection account outside the sender’s ALL_ACCOUNTS READ, as for one that does not exist', async () => {
    const account = await insertCollectionAccount(t.db(), { officeId: refs.lv.id, clientId: inLv.clientId });
    for (const collectionAccountId of [account.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await send({ collectionAccountId, toNumber: inLv.phone });
      expect(res.statusCode).toBe(404);
      expect(res.json().fieldErrors).toEqual({ collectionAccountId: 'Collection account not found.' });
    }
    expect(await textsOf(inLv.clientId)).toEqual([]);
  });

  it('ties a collection text to the account, its client and its collector; 400 for another client’s account', async () => {
    const sender = await findUserByEmail(t.db(), SENDER);
    const account = await insertCollectionAccount(t.db(), {
      officeId: refs.la.id,
      clientId: inLa.clientId,
      collectorId: sender!.id,
    });
    const res = await send({ collectionAccountId: account.id, toNumber: inLa.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      collectionAccountId: account.id,
      clientId: inLa.clientId,
      collectorId: sender!.id,
    });
    const other = await send({ collectionAccountId: account.id, clientId: (await leadWithPhone(refs.la.id)).clientId });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({
      collectionAccountId: 'The collection account belongs to another client.',
    });
  });

  it('stores and names a client and inquiry the sender reaches', async () => {
    const res = await send({ clientId: inLa.clientId, inquiryId: inLa.id, toNumber: inLa.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: inLa.clientId, inquiryId: inLa.id, clientName: 'Maria Gonzalez' });
  });
});

describe('POST /api/v1/sms/send: the client found by the phone number', () => {
  it('is named to a sender who may read them', async () => {
    const res = await send({ toNumber: inLa.phone });
    expect(res.json()).toMatchObject({ clientId: inLa.clientId, clientName: 'Maria Gonzalez' });
  });

  it('is linked but not named to a sender who may not', async () => {
    const res = await send({ toNumber: inLv.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: null, clientName: null });
    const [stored] = await t.db().select().from(smsMessages).where(eq(smsMessages.id, res.json().id));
    expect(stored!.clientId).toBe(inLv.clientId);
  });
});

describe('reading texts: a client is named only to a reader who may read them', () => {
  it('the SMS list and the number’s history name the client in reach and not the other; no search by that name', async () => {
    for (const lead of [inLa, inLv]) {
      expect((await send({ toNumber: lead.phone, body: 'a text to each lead' })).statusCode).toBe(200);
    }
    const history = async (phone: string) =>
      (await call('POST', `/api/v1/sms/byPhoneNumber?phoneNumber=${phone}`, SENDER, {})).json().items;
    expect((await history(inLa.phone))[0]).toMatchObject({ clientId: inLa.clientId, clientName: 'Maria Gonzalez' });
    expect((await history(inLv.phone))[0]).toMatchObject({ clientName: null });

    const list = async (filter: object, sortBy?: string) =>
      (await call('POST', '/api/v1/sms/all', SENDER, { filter, pageSize: 100, ...(sortBy ? { sortBy } : {}) })).json()
        .items as { clientId: string | null; clientName: string | null }[];
    const inLvList = await list({ clientId: inLv.clientId }, 'clientName');
    expect(inLvList.length).toBeGreaterThan(0);
    expect(inLvList.every((m) => m.clientName === null)).toBe(true);
    const byName = await list({ searchKeyword: 'Gonzalez' });
    expect(byName.some((m) => m.clientId === inLv.clientId)).toBe(false);
    expect(byName.some((m) => m.clientId === inLa.clientId)).toBe(true);
  });
});
