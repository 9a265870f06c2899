import {
  collectionAccountDetailSchema,
  collectionAccountListSchema,
  collectionAccountTotalsSchema,
  COLLECTION_STATUS_OPTIONS,
} from '@casedesk/contract/collections/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { collectionTerms } from './collections.tables.ts';
import type { requester } from './collections.test-support.ts';
import {
  allAccounts,
  clientWithMatter,
  officeIds,
  READS_CLIENTS,
  requester as makeRequester,
  SEEDED,
  seededUserId,
  userWith,
} from './collections.test-support.ts';

/*
 * The all-accounts page through HTTP on a real database: the list, its totals, its lookups and its exports
 * (docs/collections.md). Each test opens its own
 * clients' accounts and reads them back by client, so the seeded accounts never enter its figures. `worker` works
 * (reads, opens, changes) accounts of Los Angeles only; the seeded manager reads those of Los Angeles and San Diego
 * and changes none; the operator has no ALL_ACCOUNTS at all.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;
let office: Record<string, string>;
let worker: { id: string; mail: string; displayName: string };
let collectorId: string;
let terms: { id: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  send = makeRequester(t);
  office = await officeIds(t);
  worker = await userWith(t, [allAccounts(['READ', 'CREATE', 'UPDATE'], [office['Los Angeles']!]), ...READS_CLIENTS]);
  collectorId = await seededUserId(t, SEEDED.collector);
  terms = await t.db().select({ id: collectionTerms.id, name: collectionTerms.name }).from(collectionTerms);
});
afterAll(async () => t?.close());

const term = (name: string) => terms.find((x) => x.name === name)!.id;

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, as: string, body?: unknown) {
  const res = await send(method, url, as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function open(officeName = 'Los Angeles', extra: Record<string, unknown> = {}, as = SEEDED.admin) {
  const client = await clientWithMatter(t, office[officeName]!);
  const detail = collectionAccountDetailSchema.parse(
    await ok('POST', '/api/v1/collectionAccount', as, {
      officeId: office[officeName],
      clientId: client.clientId,
      inquiryId: client.inquiryId,
      originalCents: 250_000,
      ...extra,
    }),
  );
  return { ...client, detail };
}

const list = async (as: string, filter: object, extra: object = {}) =>
  collectionAccountListSchema.parse(
    await ok('POST', '/api/v1/collectionAccount/all', as, { filter, pageSize: 100, ...extra }),
  );
const totals = async (as: string, filter: object) =>
  collectionAccountTotalsSchema.parse(await ok('POST', '/api/v1/collectionAccount/allTotals', as, { filter }));

describe('the list, its totals and its lookups', () => {
  it('filters within the caller’s offices, and the totals are of exactly those rows', async () => {
    const la = await open('Los Angeles', { collectorId, followUpDate: '2020-01-01' });
    const sd = await open('San Diego', { termId: term('Settlement') });
    const lv = await open('Las Vegas');
    const clientIds = [la.clientId, sd.clientId, lv.clientId];
    const visible = async (as: string, filter: object = {}) => {
      const rows: string[] = [];
      for (const clientId of clientIds) {
        rows.push(...(await list(as, { ...filter, clientId })).items.map((r) => r.client));
      }
      return rows;
    };
    expect(await visible(SEEDED.admin)).toEqual([la.name, sd.name, lv.name]);
    expect(await visible(SEEDED.manager)).toEqual([la.name, sd.name]);
    expect(await visible(worker.mail)).toEqual([la.name]);
    expect(await visible(SEEDED.admin, { collectorId })).toEqual([la.name]);
    expect(await visible(SEEDED.admin, { unassigned: true })).toEqual([sd.name, lv.name]);
    expect(await visible(SEEDED.admin, { termId: term('Settlement') })).toEqual([sd.name]);
    expect(await visible(SEEDED.admin, { officeId: office['Las Vegas'] })).toEqual([lv.name]);
    expect(await visible(SEEDED.admin, { followUpDue: 'PAST', today: '2026-01-01' })).toEqual([la.name]);
    expect(await visible(SEEDED.admin, { statuses: ['REVIEW'] })).toEqual([]);
    expect(await visible(SEEDED.admin, { balanceFromCents: 250_000, balanceToCents: 250_000 })).toHaveLength(3);
    expect((await list(SEEDED.admin, { search: la.name.split(' ')[1]!.toLowerCase() })).items.map((r) => r.id)).toEqual(
      [la.detail.id],
    );
    expect((await list(SEEDED.admin, { search: String(lv.detail.accountNumber) })).items.map((r) => r.id)).toEqual([
      lv.detail.id,
    ]);
    const row = (await list(SEEDED.manager, { clientId: la.clientId })).items[0]!;
    expect(row).toMatchObject({ status: 'ACTIVE', collector: 'Casey Collector', balanceCents: 250_000, paidCents: 0 });
    expect(await totals(SEEDED.manager, { clientId: la.clientId })).toEqual({
      count: 1,
      originalCents: 250_000,
      paidCents: 0,
      outstandingCents: 250_000,
    });
    expect(await totals(worker.mail, { clientId: sd.clientId })).toEqual({
      count: 0,
      originalCents: 0,
      paidCents: 0,
      outstandingCents: 0,
    });
  });

  it('the running totals agree with the accounts summed from scratch, per office', async () => {
    for (const name of ['Los Angeles', 'San Diego', 'Las Vegas']) {
      const [scratch] = await t.database.query<Record<string, string>>(
        `select count(*)::text as count, coalesce(sum(original_cents), 0)::text as original,
                coalesce(sum(paid_cents), 0)::text as paid,
                coalesce(sum(original_cents + adjustments_cents - paid_cents), 0)::text as outstanding
         from collection_accounts where office_id = $1`,
        [office[name]],
      );
      expect(await totals(SEEDED.admin, { officeId: office[name] })).toEqual({
        count: Number(scratch!.count),
        originalCents: Number(scratch!.original),
        paidCents: Number(scratch!.paid),
        outstandingCents: Number(scratch!.outstanding),
      });
    }
  });

  it('pages in follow-up order by default, sorts by a column, and streams "All"', async () => {
    const page = await list(SEEDED.admin, {}, { pageSize: 10 });
    const dates = page.items.map((r) => r.followUpDate ?? '9999');
    expect(dates).toEqual([...dates].sort());
    expect(page.totalCount).toBe((await totals(SEEDED.admin, {})).count);
    const byBalance = await list(SEEDED.admin, {}, { sortBy: 'balance', sortOrder: 'DESC', pageSize: 20 });
    const balances = byBalance.items.map((r) => r.balanceCents);
    expect(balances).toEqual([...balances].sort((x, y) => y - x));
    const all = await list(SEEDED.admin, {}, { pageSize: 2147483647 });
    expect(all.items.length).toBe(all.totalCount);
  });

  it('GET status lists the statuses with their badges; GET roles the collectors of the caller’s offices', async () => {
    expect(await ok('GET', '/api/v1/collectionAccount/status', SEEDED.manager)).toEqual(COLLECTION_STATUS_OPTIONS);
    expect(COLLECTION_STATUS_OPTIONS.filter((s) => s.badge)).toEqual([
      expect.objectContaining({ value: 'REVIEW', badge: 'REV' }),
      expect.objectContaining({ value: 'ESCALATION', badge: 'ESC' }),
    ]);
    const names = (rows: { displayName: string }[]) => rows.map((r) => r.displayName);
    const forManager = await ok('GET', '/api/v1/collectionAccount/roles', SEEDED.manager);
    expect(names(forManager)).toEqual(expect.arrayContaining(['Casey Collector', 'Alex Admin', worker.displayName]));
    expect(names(forManager)).not.toContain('Morgan Manager'); // reads, changes nothing
    const sanDiego = await ok('GET', `/api/v1/collectionAccount/roles?officeId=${office['San Diego']}`, SEEDED.manager);
    expect(names(sanDiego)).not.toContain(worker.displayName);
    const vegas = await send('GET', `/api/v1/collectionAccount/roles?officeId=${office['Las Vegas']}`, SEEDED.manager);
    expect(vegas.statusCode).toBe(404);
  });

  it('GET detail answers 404 outside the caller’s offices, as for none', async () => {
    const { detail } = await open('Las Vegas');
    for (const id of [detail.id, '00000000-0000-4000-8000-00000000000a']) {
      expect((await send('GET', `/api/v1/collectionAccount?id=${id}`, SEEDED.manager)).statusCode).toBe(404);
    }
    expect((await ok('GET', `/api/v1/collectionAccount?id=${detail.id}`, SEEDED.admin)).id).toBe(detail.id);
  });
});

describe('POST /api/v1/collectionAccount/export', () => {
  it('CSV, XLSX and PDF of the filter, audited; the PDF refuses more than 5,000 rows', async () => {
    const { clientId, detail } = await open('Los Angeles', { collectorId, followUpDate: '2031-04-05' });
    const csv = await send('POST', '/api/v1/collectionAccount/export?offsetHours=-7', SEEDED.manager, {
      format: 'csv',
      filter: { clientId },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="collection-accounts-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'account,client,matter,office,status,term,collector,follow-up date,original,paid,balance,last payment',
    );
    expect(lines[1]).toContain(`${detail.accountNumber},${detail.client},`);
    expect(lines[1]).toContain(',Los Angeles,Active,,Casey Collector,04-05-2031,2500.00,0.00,2500.00,');
    const xlsx = await send('POST', '/api/v1/collectionAccount/export?offsetHours=0', SEEDED.manager, {
      format: 'xlsx',
      filter: { clientId },
    });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const pdf = await send('POST', '/api/v1/collectionAccount/export?offsetHours=0', SEEDED.manager, {
      format: 'pdf',
      filter: { clientId },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audits = await t.db().select().from(auditEvents).where(eq(auditEvents.action, 'collection_accounts.export'));
    expect(audits.map((a) => (a.detail as { format: string }).format)).toEqual(
      expect.arrayContaining(['csv', 'xlsx', 'pdf']),
    );

    const many = await clientWithMatter(t, office['Los Angeles']!);
    await t.database.query(
      `insert into collection_accounts (office_id, client_id, original_cents)
       select $1, $2, 100 from generate_series(1, 5001)`,
      [office['Los Angeles'], many.clientId],
    );
    const tooMany = await send('POST', '/api/v1/collectionAccount/export?offsetHours=0', SEEDED.admin, {
      format: 'pdf',
      filter: { clientId: many.clientId },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(
      'The PDF holds at most 5,000 accounts. Narrow the filters, or export CSV or XLSX.',
    );
  });
});
