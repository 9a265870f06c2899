import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { CLIENT_SEARCH_COUNT_LIMIT, clientSearchResponseSchema } from '@casedesk/contract/clients/client-search';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories/clients.factory.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { setPermissions } from '../access/access.service.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { clients } from './clients.tables.ts';

/** A seeded user's row (tests read the table; the users module's repository is its own). */
async function findUserByEmail(db: ReturnType<TestApp['db']>, mail: string) {
  const [row] = await db.select().from(users).where(eq(users.mail, mail));
  return row;
}

const faker = new Faker({ locale: [en_US, en, base] });
faker.seed(6);

let t: TestApp;
let officeA: string;
let officeB: string;
const SCOPED = SEEDED.collector;
const ids: Record<string, string> = {};

async function add(key: string, values: Partial<typeof clients.$inferInsert>) {
  const [row] = await t
    .db()
    .insert(clients)
    .values(buildClient(faker, { officeId: officeA, lmsClientNumber: null, needlesClientNumber: null, ...values }))
    .returning({ id: clients.id });
  ids[key] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const scoped = await findUserByEmail(t.db(), SCOPED);
  officeA = scoped!.officeId!;
  officeB = (await t.db().select({ id: offices.id }).from(offices)).find((o) => o.id !== officeA)!.id;
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeA] }];
  const limited: Permission[] = [
    { permissionType: 'SEARCH_CLIENT', accessLevelDTO: [{ accessType: 'READ', conditionDTO: inOffice }] },
  ];
  await setPermissions(t.db(), scoped!.id, limited);
  await add('exact', {
    firstName: 'Zebulon',
    lastName: 'Quax',
    primaryNumber: '7029876543',
    mobileNumber: null,
    homeNumber: null,
    secondaryNumber: null,
    email: 'zeb.quax@example.org',
    lmsClientNumber: 'LMS-9990001',
    needlesClientNumber: '99900011',
  });
  await add('prefix', { firstName: 'Zebulonia', lastName: 'Quaxworthy', email: null });
  await add('otherOffice', { firstName: 'Zebulon', lastName: 'Quaxton', officeId: officeB, email: null });
  await add('tombstone', { firstName: 'Zebulon', lastName: 'Quax', mergedIntoId: ids.exact!, mergedAt: new Date() });
});
afterAll(async () => t?.close());

async function search(keyword: string | undefined, as: string = SEEDED.operator, extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/client/search',
    headers: await t.authFor(as),
    payload: {
      pageNumber: 1,
      pageSize: 100,
      filter: keyword === undefined ? {} : { searchKeyword: keyword },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return clientSearchResponseSchema.parse(res.json());
}
const idsOf = (r: { items: { id: string }[] }) => r.items.map((i) => i.id);

/** The audit rows one request wrote, found by the request id the response names. */
async function auditOf(res: { headers: Record<string, unknown> }) {
  const requestId = String(res.headers['x-request-id']);
  return t.db().select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
}

describe('POST /api/v1/client/search', () => {
  it('401 without a token; 400 for bad paging or an over-long keyword', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/client/search', payload: {} })).statusCode).toBe(401);
    const headers = await t.authFor(SEEDED.operator);
    for (const payload of [{ pageSize: 0 }, { filter: { searchKeyword: 'x'.repeat(101) } }, { sortBy: 'ssn' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/client/search', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('defaults to page 1 of 100', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/search',
      headers: await t.authFor(SEEDED.operator),
      payload: {},
    });
    expect(res.json()).toMatchObject({ pageNumber: 1, pageSize: 100 });
    expect(res.json().items).toHaveLength(100);
  });

  it('finds full and partial names in any order, exact before prefix, never tombstones', async () => {
    for (const keyword of ['zebulon quax', 'quax zebulon', 'Quax, Zebulon']) {
      const found = idsOf(await search(keyword));
      expect(found[0], keyword).toBe(ids.exact);
      expect(found).toContain(ids.prefix);
      expect(found).not.toContain(ids.tombstone);
    }
    expect(idsOf(await search('zeb qua'))).toEqual(expect.arrayContaining([ids.exact, ids.prefix]));
    // 'zebuloni' is a prefix of Zebulonia and one typo from Zebulon: the prefix match ranks first.
    expect(idsOf(await search('qua zebuloni'))[0]).toBe(ids.prefix);
  });

  it('tolerates a typo in a name', async () => {
    expect(idsOf(await search('zebulun quax'))).toContain(ids.exact);
    expect(idsOf(await search('quaxwroth zebulonia'))).toContain(ids.prefix);
    // Beyond a sound-alike: the trigram fallback still finds it.
    expect(idsOf(await search('zxbulon quaxworthy'))).toContain(ids.prefix);
  });

  it('finds by phone in any format or its last 4+ digits', async () => {
    for (const keyword of ['(702) 987-6543', '702.987.6543', '+1 702 987 6543', '876543', '6543']) {
      expect(idsOf(await search(keyword)), keyword).toContain(ids.exact);
    }
    const exactFirst = await search('7029876543');
    expect(exactFirst.items[0]!.id).toBe(ids.exact);
  });

  it('finds by email, LMS and Needles client numbers', async () => {
    expect(idsOf(await search('ZEB.QUAX@example.org'))[0]).toBe(ids.exact);
    expect(idsOf(await search('zeb.quax@'))).toContain(ids.exact);
    expect(idsOf(await search('quax@example'))).toContain(ids.exact);
    expect(idsOf(await search('lms-9990001'))).toEqual([ids.exact]);
    expect(idsOf(await search('99900011'))).toEqual([ids.exact]);
  });

  it('sorts by a column when asked', async () => {
    const sorted = await search('zebulon', SEEDED.operator, { sortBy: 'lastName', sortOrder: 'DESC' });
    const names = sorted.items.map((i) => i.lastName);
    expect(names).toEqual([...names].sort().reverse());
  });

  it("an OFFICE-limited user never sees another office's clients", async () => {
    expect(idsOf(await search('zebulon quax'))).toContain(ids.otherOffice);
    const scoped = await search('zebulon quax', SCOPED);
    expect(idsOf(scoped)).toContain(ids.exact);
    expect(idsOf(scoped)).not.toContain(ids.otherOffice);
    const all = await search(undefined, SCOPED, { pageSize: 2147483647 });
    const [rows] = [await t.db().select({ officeId: clients.officeId, id: clients.id }).from(clients)];
    const officeOf = new Map(rows.map((r) => [r.id, r.officeId]));
    expect(all.items.every((i) => officeOf.get(i.id) === officeA)).toBe(true);
  });
});

describe('POST /api/v1/client/search: counting stops past the page asked for', () => {
  const MANY = CLIENT_SEARCH_COUNT_LIMIT + 50;
  const PHONE_ENDING = '991731';
  /** The i-th of these clients' last names: 'Xqv' and three letters, in the order of i. */
  const nameOf = (i: number) =>
    `Xqv${[676, 26, 1].map((place) => String.fromCharCode(97 + (Math.floor(i / place) % 26))).join('')}`;
  // Last names of their own: no seeded name starts with 'xq'.
  beforeAll(async () => {
    const many = Array.from({ length: MANY }, (_, i) =>
      buildClient(faker, {
        officeId: officeA,
        lastName: nameOf(i),
        lmsClientNumber: null,
        needlesClientNumber: null,
        // One number ending of their own too, for a search read by rank rather than by name.
        mobileNumber: `${String(i).padStart(4, '0')}${PHONE_ENDING}`,
        primaryNumber: null,
        secondaryNumber: null,
        homeNumber: null,
      }),
    );
    await t.db().insert(clients).values(many);
  });

  it('a short name matching more than the limit: page 1 says "at least", the page past the limit counts on', async () => {
    const first = await search('xq');
    expect(first.items).toHaveLength(100);
    expect(first).toMatchObject({ totalCount: CLIENT_SEARCH_COUNT_LIMIT, totalCountIsLowerBound: true });

    const past = await search('xq', SEEDED.operator, { pageNumber: CLIENT_SEARCH_COUNT_LIMIT / 100 + 1 });
    expect(past).toMatchObject({ totalCount: MANY, totalCountIsLowerBound: false });
    expect(past.items.map((i) => i.lastName)).toEqual(
      Array.from({ length: 50 }, (_, i) => nameOf(CLIENT_SEARCH_COUNT_LIMIT + i)),
    );
  });

  it('a longer name word and "All" are counted the same way', async () => {
    expect(await search('xqv')).toMatchObject({ totalCount: CLIENT_SEARCH_COUNT_LIMIT, totalCountIsLowerBound: true });
    const all = await search('xqv', SEEDED.operator, { pageSize: 2147483647 });
    expect(all.items).toHaveLength(MANY);
    expect(all).toMatchObject({ totalCount: MANY, totalCountIsLowerBound: false });
  });

  it('a list past 1,000 rows (streamed from a cursor) holds the rows the pages hold, in their order', async () => {
    const pages = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(MANY / 100); pageNumber++) {
      pages.push(...(await search('xqv', SEEDED.operator, { pageNumber, sortBy: 'lastName' })).items);
    }
    const all = await search('xqv', SEEDED.operator, { pageSize: 2147483647, sortBy: 'lastName' });
    expect(clientSearchResponseSchema.parse(all)).toEqual({
      items: pages,
      totalCount: MANY,
      totalCountIsLowerBound: false,
      pageNumber: 1,
      pageSize: 2147483647,
    });
    const [first, second] = [1, 2].map((pageNumber) => ({ pageNumber, pageSize: 1001, sortBy: 'lastName' }));
    expect(await search('xqv', SEEDED.operator, first)).toMatchObject({ items: pages.slice(0, 1001) });
    expect(await search('xqv', SEEDED.operator, second)).toMatchObject({
      items: pages.slice(1001),
      totalCount: MANY,
      totalCountIsLowerBound: false,
    });
  });

  it('a ranked search (last digits) counts its first page in the same way, and its later pages on', async () => {
    const first = await search(PHONE_ENDING);
    expect(first.items).toHaveLength(100);
    expect(first.items.every((i) => i.mobileNumber?.endsWith(PHONE_ENDING))).toBe(true);
    expect(first).toMatchObject({ totalCount: CLIENT_SEARCH_COUNT_LIMIT, totalCountIsLowerBound: true });
    const past = await search(PHONE_ENDING, SEEDED.operator, { pageNumber: CLIENT_SEARCH_COUNT_LIMIT / 100 + 1 });
    expect(past.items).toHaveLength(50);
    expect(past).toMatchObject({ totalCount: MANY, totalCountIsLowerBound: false });
    // Fewer than a page: the exact total.
    expect(await search(`0999${PHONE_ENDING}`)).toMatchObject({ totalCount: 1, totalCountIsLowerBound: false });
    // More than a page, fewer than the limit (every tenth): the exact total, from the page's own statement.
    const some = await search(`0${PHONE_ENDING}`);
    expect(some.items).toHaveLength(100);
    expect(some).toMatchObject({ totalCount: MANY / 10, totalCountIsLowerBound: false });
  });

  it('a search that finds fewer than the limit gives the exact total', async () => {
    expect(await search(nameOf(999))).toMatchObject({ totalCount: 1, totalCountIsLowerBound: false });
    // 'Xqvbm…': the 26 names from 988 to 1,013.
    expect(await search('xqvbm')).toMatchObject({ totalCount: 26, totalCountIsLowerBound: false });
  });
});

describe('POST /api/v1/client/export', () => {
  const exportAs = async (as: string | null, payload: object, query = '?offsetHours=-7') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/client/export${query}`,
      headers: as ? await t.authFor(as) : {},
      payload,
    });

  it('401 without a token; 400 for an unknown format', async () => {
    expect((await exportAs(null, { format: 'csv' })).statusCode).toBe(401);
    const res = await exportAs(SEEDED.operator, { format: 'pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.format).toBe('Format must be one of csv, xlsx.');
  });

  it('CSV of the current filter, phones and dates as people read them', async () => {
    const res = await exportAs(SEEDED.operator, { format: 'csv', filter: { searchKeyword: 'zebulon quax' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="clients-.*\.csv"/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Middle Name,Last Name,Date Of Birth,Primary Number,Mobile Number,Home Number,Secondary Number,Email,LMS Client Number,Needles Client Number,City,State',
    );
    expect(lines[1]).toContain('Zebulon');
    expect(lines[1]).toContain('(702) 987-6543');
    expect(lines.some((l) => l.includes('Quaxton'))).toBe(true);
  });

  it('a real XLSX workbook, limited to the caller’s offices', async () => {
    const res = await exportAs(SCOPED, { format: 'xlsx', filter: { searchKeyword: 'zebulon' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clients')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('First Name');
    const lastNames = sheet.getColumn(3).values.slice(2);
    expect(lastNames).toContain('Quax');
    expect(lastNames).not.toContain('Quaxton');
  });
});

describe('audit of the client list', () => {
  const post = async (url: string, payload: object, as: string = SEEDED.operator) =>
    t.app.inject({ method: 'POST', url, headers: await t.authFor(as), payload });

  it('a search without a keyword (left out, empty or blank) is audited: who, which page and how many rows', async () => {
    const operator = await findUserByEmail(t.db(), SEEDED.operator);
    const payloads = [
      {},
      { filter: {} },
      { filter: { searchKeyword: '' } },
      { pageNumber: 2, pageSize: 10, sortBy: 'lastName', sortOrder: 'DESC', filter: { searchKeyword: '   ' } },
    ];
    for (const payload of payloads) {
      const res = await post('/api/v1/client/search', payload);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      const rows = await auditOf(res);
      expect(rows, JSON.stringify(payload)).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'client.list',
        entity: 'client',
        entityId: null,
        actorId: operator!.id,
        ip: '127.0.0.1',
        requestId: res.headers['x-request-id'],
      });
      // Paging and counts only: no name, phone or date of birth of the listed clients.
      expect(rows[0]!.detail).toEqual({
        pageNumber: answer.pageNumber,
        pageSize: answer.pageSize,
        sortBy: 'sortBy' in payload ? payload.sortBy : null,
        sortOrder: 'sortOrder' in payload ? payload.sortOrder : null,
        rows: answer.items.length,
      });
      expect(answer.items.length).toBeGreaterThan(0);
    }
  });

  it('a keyword search is an ordinary lookup and writes no audit row', async () => {
    for (const keyword of ['zebulon quax', '6543', 'a']) {
      const res = await post('/api/v1/client/search', { filter: { searchKeyword: keyword } });
      expect(res.statusCode).toBe(200);
      expect(await auditOf(res), keyword).toEqual([]);
    }
  });

  it('an export is audited with who, the format and the keyword it was asked for', async () => {
    const scoped = await findUserByEmail(t.db(), SCOPED);
    const res = await post('/api/v1/client/export?offsetHours=0', { format: 'csv', filter: {} }, SCOPED);
    expect(res.statusCode).toBe(200);
    const rows = await auditOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'client.export',
      entity: 'client',
      actorId: scoped!.id,
      ip: '127.0.0.1',
      detail: { format: 'csv', searchKeyword: null },
    });
  });
});
