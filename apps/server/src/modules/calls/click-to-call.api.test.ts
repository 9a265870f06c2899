import { callRowSchema } from '@casedesk/contract/calls/call';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowCollectionContactsAllDay,
  insertCollectionAccount,
} from '../../../test/factories/collection-accounts.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { calls } from './calls.tables.ts';
import {
  callRefs,
  createInquiryIn,
  injector,
  newClient,
  SEEDED,
  setClickToCall,
  userId,
} from './calls.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof callRefs>>;
let send: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  // These tests are about scope, not the contact rules' calling hours (contact-guard.api.test.ts).
  await allowCollectionContactsAllDay(t.db());
  refs = await callRefs(t);
  send = injector(t);
});
afterAll(async () => t?.close());

const client = newClient({
  firstName: 'Dialla',
  lastName: 'Numbers',
  primaryNumber: '(213) 555-0171',
  mobileNumber: '2135550172',
  homeNumber: '2135550171', // the primary again: offered once
});

describe('GET /api/v1/dropdown/smartDial', () => {
  it('401, 403 and 400 with the message', async () => {
    expect((await send('GET', '/api/v1/dropdown/smartDial', null)).statusCode).toBe(401);
    expect(
      (await send('GET', '/api/v1/dropdown/smartDial?clientId=' + refs.inScope.id, SEEDED.attorney)).statusCode,
    ).toBe(403);
    const bad = await send('GET', '/api/v1/dropdown/smartDial', SEEDED.operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ clientId: 'Client Id or Inquiry Id is required.' });
    expect((await send('GET', '/api/v1/dropdown/smartDial?inquiryId=nope', SEEDED.operator)).json().message).toBe(
      'Inquiry Id must be a valid id.',
    );
  });

  it("offers the client's full numbers, labelled and each once, for an inquiry or the client", async () => {
    const { id, clientId } = await createInquiryIn(t, refs.inScope.id, { client });
    // Older records may hold partial numbers; those are never offered.
    await t.db().update(clients).set({ secondaryNumber: '55501' }).where(eq(clients.id, clientId));
    const expected = [
      { phoneNumber: '2135550171', label: 'Primary Number', clientId, clientName: 'Dialla Numbers' },
      { phoneNumber: '2135550172', label: 'Mobile Number', clientId, clientName: 'Dialla Numbers' },
    ];
    const byInquiry = await send('GET', `/api/v1/dropdown/smartDial?inquiryId=${id}`, SEEDED.manager);
    expect(byInquiry.statusCode, byInquiry.body).toBe(200);
    expect(byInquiry.json()).toEqual(expected);
    const byClient = await send('GET', `/api/v1/dropdown/smartDial?clientId=${clientId}`, SEEDED.operator);
    expect(byClient.json()).toEqual(expected);
  });

  it('answers 404 for an inquiry or client of an office outside the CALLS CREATE scope', async () => {
    const { id, clientId } = await createInquiryIn(t, refs.outOfScope.id, { client });
    expect((await send('GET', `/api/v1/dropdown/smartDial?inquiryId=${id}`, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/dropdown/smartDial?clientId=${clientId}`, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/dropdown/smartDial?inquiryId=${id}`, SEEDED.operator)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/dropdown/outgoingCallNumbers', () => {
  it('401 and 403', async () => {
    expect((await send('GET', '/api/v1/dropdown/outgoingCallNumbers', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/dropdown/outgoingCallNumbers', SEEDED.attorney)).statusCode).toBe(403);
  });

  it("offers only exactly-10-digit caller ids of the offices in the caller's scope (SPEC §5)", async () => {
    await t
      .db()
      .insert(offices)
      .values([
        { name: 'Eleven Digits', phone: '2135550999', smsNumber: '2135550998', outboundCallerId: '12135550997' },
        { name: 'Punctuated', phone: '2135550996', smsNumber: '2135550995', outboundCallerId: '(213) 555-0994' },
      ]);
    const all = await send('GET', '/api/v1/dropdown/outgoingCallNumbers', SEEDED.operator);
    expect(all.statusCode).toBe(200);
    const names = all.json().map((o: { name: string }) => o.name);
    expect(names).toContain('Call Center');
    expect(names).not.toContain('Eleven Digits');
    expect(names).not.toContain('Punctuated');
    for (const o of all.json()) expect(o.outboundCallerId).toMatch(/^\d{10}$/);
    const scoped = await send('GET', '/api/v1/dropdown/outgoingCallNumbers', SEEDED.manager);
    expect(scoped.json()).toEqual([
      { id: refs.inScope.id, outboundCallerId: refs.inScope.outboundCallerId, name: 'Los Angeles' },
      { id: expect.any(String), outboundCallerId: expect.stringMatching(/^619/), name: 'San Diego' },
    ]);
  });
});

describe('POST /api/v1/call/click2Call', () => {
  const call = (as: string | null, body: unknown) => send('POST', '/api/v1/call/click2Call', as, body);

  it('401, 403 and 400 with the SPEC §5 messages', async () => {
    expect((await call(null, {})).statusCode).toBe(401);
    expect((await call(SEEDED.attorney, {})).statusCode).toBe(403);
    const empty = await call(SEEDED.operator, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Phone number is required');
    expect(empty.json().fieldErrors).toEqual({
      participantNumber: 'Phone number is required',
      outboundCallerId: 'Outgoing number is required',
    });
    const blank = await call(SEEDED.operator, {
      participantNumber: '',
      outboundCallerId: refs.inScope.outboundCallerId,
    });
    expect(blank.json().fieldErrors).toEqual({ participantNumber: 'Phone number is required' });
    const short = await call(SEEDED.operator, { participantNumber: '555', outboundCallerId: '' });
    expect(short.json().fieldErrors).toEqual({
      participantNumber: 'Phone number must be a valid phone number.',
      outboundCallerId: 'Outgoing number is required',
    });
  });

  it('refuses a caller id not offered to this user, and a missing own number', async () => {
    const notOffered = await call(SEEDED.manager, {
      participantNumber: '2135550142',
      outboundCallerId: refs.outOfScope.outboundCallerId,
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().fieldErrors).toEqual({
      outboundCallerId: 'Outgoing number is not one of the numbers you may call from.',
    });
    await setClickToCall(t, SEEDED.admin, null);
    const noOwnNumber = await call(SEEDED.admin, {
      participantNumber: '2135550142',
      outboundCallerId: refs.inScope.outboundCallerId,
    });
    expect(noOwnNumber.statusCode).toBe(400);
    expect(noOwnNumber.json().fieldErrors.operatorNumber).toMatch(/Change click to call/);
    // An explicit operator number serves when the user has none: one of their own, here their work number.
    const [admin] = await t.db().select().from(users).where(eq(users.mail, SEEDED.admin));
    const explicit = await call(SEEDED.admin, {
      participantNumber: '2135550142',
      outboundCallerId: refs.inScope.outboundCallerId,
      operatorNumber: admin!.workNumber,
    });
    expect(explicit.statusCode, explicit.body).toBe(200);
    await setClickToCall(t, SEEDED.admin, '2135550100');
  });

  it('rings only a number of the caller’s own (work, mobile or click-to-call): 400 for any other', async () => {
    await t.db().update(users).set({ mobileNumber: '2135550177' }).where(eq(users.mail, SEEDED.manager));
    await setClickToCall(t, SEEDED.manager, '2135550178');
    const before = (await t.db().select().from(calls)).length;
    const stranger = await call(SEEDED.manager, {
      participantNumber: '2135550142',
      outboundCallerId: refs.inScope.outboundCallerId,
      operatorNumber: '(702) 555-0100',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fieldErrors).toEqual({
      operatorNumber: 'Operator number must be your own work, mobile or click to call number.',
    });
    expect((await t.db().select().from(calls)).length).toBe(before);
    for (const own of ['(213) 555-0177', '2135550178']) {
      const res = await call(SEEDED.manager, {
        participantNumber: '2135550142',
        outboundCallerId: refs.inScope.outboundCallerId,
        operatorNumber: own,
      });
      expect(res.statusCode, own).toBe(200);
    }
  });

  it('starts the call through the provider and records the OUTBOUND call with an audit row', async () => {
    const { id: inquiryId, clientId } = await createInquiryIn(t, refs.inScope.id, { client });
    const res = await call(SEEDED.manager, {
      participantNumber: '(213) 555-0172',
      outboundCallerId: refs.inScope.outboundCallerId,
      inquiryId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = callRowSchema.parse(res.json());
    expect(row).toMatchObject({
      direction: 'OUTBOUND',
      title: 'Dialla Numbers',
      callerId: refs.inScope.outboundCallerId,
      numberDialed: '2135550172',
      opName: 'Morgan Manager',
      talkSeconds: null,
      clientId,
      inquiryId,
      status: 'queued',
      ongoing: false,
      lawType: null,
      duplicate: false,
    });
    const [stored] = await t.db().select().from(calls).where(eq(calls.id, row.id));
    expect(stored!.providerCallSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(stored!.officeId).toBe(refs.inScope.id);
    expect(stored!.operatorId).toBe(await userId(t, SEEDED.manager));
    expect(stored!.operatorNumber).toMatch(/^\d{10}$/);
    const audit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'call.click_to_call'), eq(auditEvents.entityId, row.id)));
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for an inquiry outside the scope and writes nothing', async () => {
    const { id: inquiryId } = await createInquiryIn(t, refs.outOfScope.id, { client });
    const before = (await t.db().select().from(calls)).length;
    const res = await call(SEEDED.manager, {
      participantNumber: '2135550172',
      outboundCallerId: refs.inScope.outboundCallerId,
      inquiryId,
    });
    expect(res.statusCode).toBe(404);
    expect((await t.db().select().from(calls)).length).toBe(before);
  });

  it('answers 404 for a collection account outside ALL_ACCOUNTS READ, as for none, and writes nothing', async () => {
    const { id: inquiryId, clientId } = await createInquiryIn(t, refs.outOfScope.id, { client });
    const outside = await insertCollectionAccount(t.db(), { officeId: refs.outOfScope.id, clientId, inquiryId });
    const before = (await t.db().select().from(calls)).length;
    for (const collectionAccountId of [outside.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await call(SEEDED.manager, {
        participantNumber: '2135550172',
        outboundCallerId: refs.inScope.outboundCallerId,
        collectionAccountId,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().fieldErrors).toEqual({ collectionAccountId: 'Collection account not found.' });
    }
    expect((await t.db().select().from(calls)).length).toBe(before);
  });

  it('records a collection call on the account and its client; 400 for an account of another client', async () => {
    const { id: inquiryId, clientId } = await createInquiryIn(t, refs.inScope.id, { client });
    const account = await insertCollectionAccount(t.db(), { officeId: refs.inScope.id, clientId, inquiryId });
    const res = await call(SEEDED.manager, {
      participantNumber: '2135550172',
      outboundCallerId: refs.inScope.outboundCallerId,
      collectionAccountId: account.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.db().select().from(calls).where(eq(calls.id, res.json().id));
    expect(stored).toMatchObject({ collectionAccountId: account.id, clientId, officeId: refs.inScope.id });

    const other = await createInquiryIn(t, refs.inScope.id, { client: newClient({ lastName: 'Elsewhere' }) });
    const mismatch = await call(SEEDED.manager, {
      participantNumber: '2135550172',
      outboundCallerId: refs.inScope.outboundCallerId,
      clientId: other.clientId,
      collectionAccountId: account.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({
      collectionAccountId: 'The collection account belongs to another client.',
    });
  });
});
