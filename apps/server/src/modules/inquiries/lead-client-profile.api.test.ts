import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from './inquiries.tables.ts';
import { createInquiryIn, newClient, seededRefs } from './inquiries.test-support.ts';

/*
 * A lead's client section may change an existing client's profile only with CLIENT_PROFILE UPDATE in that
 * client's office: LEADS access to take a lead is no licence to rewrite the client. The user below takes
 * leads anywhere and reads every client, but updates profiles in Los Angeles only. A client section sent
 * back as read changes nothing, so it needs nothing more.
 */
const LEAD_TAKER = SEEDED.collector;
let t: TestApp;
let refs: Awaited<ReturnType<typeof seededRefs>>;

const all = (permissionType: Permission['permissionType']): Permission => ({
  permissionType,
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: [] })),
});

beforeAll(async () => {
  t = await createTestApp();
  refs = await seededRefs(t);
  const user = await findUserByEmail(t.db(), LEAD_TAKER);
  await setPermissions(t.db(), user!.id, [
    all('LEADS'),
    {
      permissionType: 'CLIENT_PROFILE',
      accessLevelDTO: [
        { accessType: 'READ', conditionDTO: [] },
        {
          accessType: 'UPDATE',
          conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [refs.inScopeOffice] }],
        },
      ],
    },
  ]);
});
afterAll(async () => t?.close());

async function send(method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: await t.authFor(LEAD_TAKER), payload });
}
const storedClient = async (id: string) => (await t.db().select().from(clients).where(eq(clients.id, id)))[0]!;
const leadsOf = async (clientId: string) =>
  (await t.db().select().from(inquiries).where(eq(inquiries.clientId, clientId))).length;

describe('POST /api/v1/inquiry with an existing client', () => {
  it('403 when the client section changes a client outside CLIENT_PROFILE UPDATE; nothing is written', async () => {
    const { clientId } = await createInquiryIn(t, refs.outOfScopeOffice);
    const before = await storedClient(clientId);
    const res = await send('POST', '/api/v1/inquiry', {
      clientId,
      officeId: refs.outOfScopeOffice,
      client: newClient({ email: 'someone.else@example.com' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may not change the details of this client.');
    expect(await storedClient(clientId)).toEqual(before);
    expect(await leadsOf(clientId)).toBe(1);
  });

  it('takes the lead when the client section comes back unchanged', async () => {
    const { clientId } = await createInquiryIn(t, refs.outOfScopeOffice);
    const before = await storedClient(clientId);
    const res = await send('POST', '/api/v1/inquiry', {
      clientId,
      officeId: refs.outOfScopeOffice,
      client: newClient(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedClient(clientId)).toEqual(before);
    expect(await leadsOf(clientId)).toBe(2);
  });

  it('changes a client of an office the caller’s CLIENT_PROFILE UPDATE reaches', async () => {
    const { clientId } = await createInquiryIn(t, refs.inScopeOffice);
    const res = await send('POST', '/api/v1/inquiry', {
      clientId,
      officeId: refs.inScopeOffice,
      client: newClient({ email: 'new.address@example.com' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedClient(clientId)).email).toBe('new.address@example.com');
  });
});

describe('PATCH /api/v1/inquiry', () => {
  it('403 when the client section changes a client outside CLIENT_PROFILE UPDATE; nothing is written', async () => {
    const { id, clientId } = await createInquiryIn(t, refs.outOfScopeOffice);
    const before = await storedClient(clientId);
    const res = await send('PATCH', `/api/v1/inquiry?inquiryId=${id}`, {
      notes: 'Called back',
      client: { mobileNumber: '(702) 555-0199' },
    });
    expect(res.statusCode).toBe(403);
    expect(await storedClient(clientId)).toEqual(before);
    const [lead] = await t.db().select().from(inquiries).where(eq(inquiries.id, id));
    expect(lead!.notes).toBeNull();
  });

  it('saves the lead when the client section comes back unchanged', async () => {
    const { id, clientId } = await createInquiryIn(t, refs.outOfScopeOffice);
    const before = await storedClient(clientId);
    const res = await send('PATCH', `/api/v1/inquiry?inquiryId=${id}`, { notes: 'Called back', client: newClient() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notes).toBe('Called back');
    expect(await storedClient(clientId)).toEqual(before);
  });
});
