import { leadListResponseSchema, LEAD_COLUMNS, LEAD_SORTS } from '@casedesk/contract/inquiries/lead-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { createInquiryIn, newClient, seededRefs } from './inquiries.test-support.ts';
import type { PermissionType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { setPermissions } from '../access/access.service.ts';
import { findUserByEmail } from '../../../test/support/office-scoped-clients.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof seededRefs>>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await seededRefs(t);
});
afterAll(async () => t?.close());

/** The audit rows one request wrote, found by the request id the response names. */
async function auditOf(res: { headers: Record<string, unknown> }) {
  const requestId = String(res.headers['x-request-id']);
  return t.db().select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
}

/** A seeded user's id (tests read the table; the users module's repository is its own). */
async function userIdOf(mail: string) {
  const [row] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, mail));
  return row!.id;
}

/** Personal data of the client behind the audited inquiries, which an audit row must never hold. */
const PERSONAL = ['Auditee', 'Privata', '555-0199', '5550199', '07-04-1979', '1979'];

const list = async (email: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/inquiry/all',
    headers: email ? await t.authFor(email) : {},
    payload: payload as object,
  });

describe('POST /api/v1/inquiry/all', () => {
  it('401, 403 and 400', async () => {
    expect((await list(null, {})).statusCode).toBe(401);
    expect((await list(SEEDED.attorney, {})).statusCode).toBe(403);
    const bad = await list(SEEDED.operator, { sortBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.sortBy).toBe('Sort By must be a leads column.');
    expect((await list(SEEDED.operator, { filter: { dateFrom: 'monday' } })).statusCode).toBe(400);
  });

  it('counts calls and texts in and out in SQL, with the last text, on real rows', async () => {
    const { id, clientId } = await createInquiryIn(t, refs.inScopeOffice, {
      client: newClient({ firstName: 'Zebulon', lastName: 'Quackenbush' }),
      notes: 'prefers texts',
      source: 'Radio',
    });
    const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    const call = (direction: 'INBOUND' | 'OUTBOUND', minutes: number) => ({
      direction,
      inquiryId: id,
      clientId,
      callStartTime: at(minutes),
      durationInSeconds: 60,
    });
    await t
      .db()
      .insert(calls)
      .values([call('INBOUND', 1), call('INBOUND', 2), call('INBOUND', 3), call('OUTBOUND', 4)]);
    const text = (direction: 'INBOUND' | 'OUTBOUND', minutes: number, body: string) => ({
      direction,
      inquiryId: id,
      clientId,
      fromNumber: '2135550142',
      toNumber: '8885550210',
      body,
      createdDate: at(minutes),
    });
    await t
      .db()
      .insert(smsMessages)
      .values([
        text('OUTBOUND', 1, 'first'),
        text('INBOUND', 2, 'second'),
        text('OUTBOUND', 9, 'the latest one'),
        text('OUTBOUND', 5, 'third'),
      ]);
    const res = await list(SEEDED.operator, { filter: { searchKeyword: 'quackenbush' } });
    expect(res.statusCode, res.body).toBe(200);
    const page = leadListResponseSchema.parse(res.json());
    expect(page.totalCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      id,
      name: 'Zebulon Quackenbush',
      phone: '2135550142',
      email: 'maria.gonzalez@example.com',
      callsIn: 3,
      callsOut: 1,
      textsIn: 1,
      textsOut: 3,
      notes: 'prefers texts',
      lawType: null,
      leadOwner: 'Alex Admin',
      source: 'Radio',
      text: 'the latest one',
    });
    // The seeded leads have counts too, and they match a count of the rows.
    const all = leadListResponseSchema.parse((await list(SEEDED.operator, { pageSize: 50 })).json());
    expect(all.totalCount).toBeGreaterThanOrEqual(300);
    for (const lead of all.items) {
      const callRows = await t.db().select().from(calls).where(eq(calls.inquiryId, lead.id));
      const textRows = await t.db().select().from(smsMessages).where(eq(smsMessages.inquiryId, lead.id));
      const by = <T extends { direction: string }>(rows: T[], d: string) =>
        rows.filter((r) => r.direction === d).length;
      expect([lead.callsIn, lead.callsOut, lead.textsIn, lead.textsOut]).toEqual([
        by(callRows, 'INBOUND'),
        by(callRows, 'OUTBOUND'),
        by(textRows, 'INBOUND'),
        by(textRows, 'OUTBOUND'),
      ]);
    }
    expect(all.items.some((lead) => lead.callsIn + lead.callsOut + lead.textsIn + lead.textsOut > 0)).toBe(true);
  });

  it("shows a lead's calls and texts only as far as the caller's CALLS and SMS READ reach", async () => {
    const { id, clientId } = await createInquiryIn(t, refs.inScopeOffice, {
      client: newClient({ firstName: 'Ottoline', lastName: 'Vanderpump' }),
    });
    await t.db().insert(calls).values({ direction: 'INBOUND', inquiryId: id, clientId, durationInSeconds: 60 });
    await t.db().insert(smsMessages).values({
      direction: 'INBOUND',
      inquiryId: id,
      clientId,
      officeId: refs.inScopeOffice,
      fromNumber: '2135550142',
      toNumber: '8885550210',
      body: 'my case is confidential',
    });
    const collector = await findUserByEmail(t.db(), SEEDED.collector);
    const read = (permissionType: PermissionType): Permission => ({
      permissionType,
      accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }],
    });
    const row = async () => {
      const res = await list(SEEDED.collector, { filter: { searchKeyword: 'vanderpump' } });
      expect(res.statusCode, res.body).toBe(200);
      return leadListResponseSchema.parse(res.json()).items[0];
    };
    await setPermissions(t.db(), collector!.id, [read('LEADS')]);
    expect(await row()).toMatchObject({ id, callsIn: 0, textsIn: 0, text: null });
    await setPermissions(t.db(), collector!.id, [read('LEADS'), read('CALLS'), read('SMS')]);
    expect(await row()).toMatchObject({ id, callsIn: 1, textsIn: 1, text: 'my case is confidential' });
  });

  it('sorts on the server by every column, both ways', async () => {
    for (const sortBy of LEAD_SORTS) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const res = await list(SEEDED.operator, { sortBy, sortOrder, pageSize: 25 });
        expect(res.statusCode, `${sortBy} ${sortOrder}`).toBe(200);
        expect(res.json().items).toHaveLength(25);
      }
    }
    const byCalls = leadListResponseSchema.parse(
      (await list(SEEDED.operator, { sortBy: 'callsInOut', sortOrder: 'DESC', pageSize: 100 })).json(),
    );
    const counts = byCalls.items.map((r) => r.callsIn);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byName = leadListResponseSchema.parse(
      (await list(SEEDED.operator, { sortBy: 'dateTime', sortOrder: 'ASC', pageSize: 100 })).json(),
    );
    const times = byName.items.map((r) => r.dateTime);
    expect(times).toEqual([...times].sort());
  });

  it('filters by law type, lead owner and date range, and pages', async () => {
    const byLaw = leadListResponseSchema.parse(
      (await list(SEEDED.operator, { filter: { lawTypeId: refs.lawType.id }, pageSize: 1000 })).json(),
    );
    expect(byLaw.items.length).toBeGreaterThan(0);
    expect(byLaw.items.every((r) => r.lawType === refs.lawType.value)).toBe(true);
    const now = new Date();
    const recent = leadListResponseSchema.parse(
      (
        await list(SEEDED.operator, {
          filter: { dateFrom: new Date(now.getTime() - 7 * 86_400_000).toISOString(), dateTo: now.toISOString() },
          pageSize: 1000,
        })
      ).json(),
    );
    expect(recent.items.every((r) => Date.parse(r.dateTime) >= now.getTime() - 7 * 86_400_000)).toBe(true);
    const page2 = leadListResponseSchema.parse((await list(SEEDED.operator, { pageNumber: 2, pageSize: 10 })).json());
    expect(page2).toMatchObject({ pageNumber: 2, pageSize: 10 });
    expect(page2.items).toHaveLength(10);
  });

  it('out of scope: a manager sees only leads of their offices', async () => {
    const outside = await createInquiryIn(t, refs.outOfScopeOffice, {
      client: newClient({ firstName: 'Outsider', lastName: 'Vegas' }),
    });
    const mine = leadListResponseSchema.parse((await list(SEEDED.manager, { pageSize: 2147483647 })).json());
    const everyone = leadListResponseSchema.parse((await list(SEEDED.admin, { pageSize: 2147483647 })).json());
    expect(mine.totalCount).toBeLessThan(everyone.totalCount);
    expect(mine.items.map((r) => r.id)).not.toContain(outside.id);
    expect(everyone.items.map((r) => r.id)).toContain(outside.id);
  });
});

describe('POST /api/v1/inquiry/export', () => {
  const exportCsv = async (email: string | null, query = '', payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/inquiry/export${query}`,
      headers: email ? await t.authFor(email) : {},
      payload,
    });

  it('401, 403, 400, and a CSV with the SPEC §2 headers of the caller’s leads', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
    expect((await exportCsv(SEEDED.attorney)).statusCode).toBe(403);
    const bad = await exportCsv(SEEDED.operator, '?offsetHours=99');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.offsetHours).toBe('Offset Hours must be between -14 and 14.');
    const outside = await createInquiryIn(t, refs.outOfScopeOffice, {
      client: newClient({ firstName: 'Csv', lastName: 'Outsider' }),
      notes: '=HYPERLINK("evil")',
    });
    const res = await exportCsv(SEEDED.operator, '?offsetHours=-5', { filter: { searchKeyword: 'Outsider' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(LEAD_COLUMNS.map((c) => c.header).join(','));
    expect(lines[1]).toContain('Csv Outsider');
    expect(lines[1]).toContain('(213) 555-0142');
    expect(lines[1]).toContain(`"'=HYPERLINK(""evil"")"`);
    expect(lines[1]).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)/);
    const scoped = await exportCsv(SEEDED.manager, '', { filter: { searchKeyword: 'Outsider' } });
    expect(scoped.body.trim().split('\r\n')).toHaveLength(1);
    expect(outside.id).toBeTruthy();
  });
});

describe('audit of lead exports', () => {
  it('a CSV export is audited: who, from where, the filter (as sent); nothing of the rows', async () => {
    await createInquiryIn(t, refs.inScopeOffice, {
      lawTypeId: refs.lawType.id,
      client: newClient({
        firstName: 'Auditee',
        lastName: 'Privata',
        primaryNumber: '(213) 555-0199',
        dateOfBirth: '07-04-1979',
      }),
    });
    const filter = { lawTypeId: refs.lawType.id, dateFrom: '2020-01-01T08:00:00.000Z' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/export?offsetHours=-8',
      headers: await t.authFor(SEEDED.operator),
      payload: { filter, sortBy: 'name', sortOrder: 'ASC' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Auditee Privata');
    const rows = await auditOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'inquiry.export',
      entity: 'inquiry',
      entityId: null,
      actorId: await userIdOf(SEEDED.operator),
      ip: '127.0.0.1',
      requestId: res.headers['x-request-id'],
    });
    expect(rows[0]!.detail).toEqual({ format: 'csv', filter });
    for (const value of PERSONAL) expect(JSON.stringify(rows[0]), value).not.toContain(value);
  });

  it('a search keyword in the filter is recorded as typed, as the call and client exports do', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/export',
      headers: await t.authFor(SEEDED.operator),
      payload: { filter: { searchKeyword: 'gonz' } },
    });
    expect(res.statusCode).toBe(200);
    expect((await auditOf(res))[0]?.detail).toEqual({ format: 'csv', filter: { searchKeyword: 'gonz' } });
  });

  it('a PDF is audited with the inquiry id only; a refused or out-of-scope one is no export', async () => {
    const inside = await createInquiryIn(t, refs.inScopeOffice, {
      client: newClient({
        firstName: 'Auditee',
        lastName: 'Privata',
        primaryNumber: '(213) 555-0199',
        dateOfBirth: '07-04-1979',
      }),
    });
    const outside = await createInquiryIn(t, refs.outOfScopeOffice);
    const pdf = async (email: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/inquiry/exportToPdf?inquiryId=${id}`,
        headers: await t.authFor(email),
      });
    const res = await pdf(SEEDED.manager, inside.id);
    expect(res.statusCode).toBe(200);
    const rows = await auditOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'inquiry.export',
      entity: 'inquiry',
      entityId: inside.id,
      actorId: await userIdOf(SEEDED.manager),
      ip: '127.0.0.1',
      requestId: res.headers['x-request-id'],
      detail: { format: 'pdf' },
    });
    for (const value of PERSONAL) expect(JSON.stringify(rows[0]), value).not.toContain(value);
    const outOfScope = await pdf(SEEDED.manager, outside.id);
    expect(outOfScope.statusCode).toBe(404);
    expect((await auditOf(outOfScope)).map((row) => row.action)).not.toContain('inquiry.export');
    const forbidden = await pdf(SEEDED.attorney, inside.id);
    expect(forbidden.statusCode).toBe(403);
    // A refusal has its own row (auth.denied), not an export's.
    expect((await auditOf(forbidden)).map((row) => row.action)).toEqual(['auth.denied']);
  });
});

describe('POST /api/v1/inquiry/exportToPdf', () => {
  const pdf = async (email: string | null, query: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/inquiry/exportToPdf${query}`,
      headers: email ? await t.authFor(email) : {},
    });

  it('401, 403, 400, out of scope, and a real PDF', async () => {
    const inside = await createInquiryIn(t, refs.inScopeOffice, {
      lawTypeId: refs.lawType.id,
      caseDescription: 'Slipped on a wet floor at a grocery store.',
    });
    const outside = await createInquiryIn(t, refs.outOfScopeOffice);
    expect((await pdf(null, `?inquiryId=${inside.id}`)).statusCode).toBe(401);
    expect((await pdf(SEEDED.attorney, `?inquiryId=${inside.id}`)).statusCode).toBe(403);
    expect((await pdf(SEEDED.manager, '?inquiryId=abc')).statusCode).toBe(400);
    expect((await pdf(SEEDED.manager, `?inquiryId=${outside.id}`)).statusCode).toBe(404);
    const res = await pdf(SEEDED.manager, `?inquiryId=${inside.id}&offsetHours=-8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
  });
});
