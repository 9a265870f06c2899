import {
  smsHistoryResponseSchema,
  smsListResponseSchema,
  SMS_MESSAGES,
  smsMessageSchema,
} from '@casedesk/contract/sms/sms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { smsMessages } from './sms.tables.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { freshNumber, injector, SEEDED, smsRefs } from './sms.test-support.ts';

let t: TestApp;
let refs: SmsRefs;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await smsRefs(t);
  call = injector(t);
});
afterAll(async () => t?.close());

/** Texts written straight to the table, one minute apart, oldest first. */
async function insertTexts(
  count: number,
  values: Partial<typeof smsMessages.$inferInsert> & { participant: string },
): Promise<string[]> {
  const start = Date.UTC(2026, 0, 10, 12);
  const rows = Array.from({ length: count }, (_, i) => ({
    direction: 'OUTBOUND' as const,
    fromNumber: refs.la.smsNumber,
    toNumber: values.participant,
    body: `Text ${i + 1}`,
    officeId: refs.la.id,
    categoryId: refs.officeCategory.id,
    reasonId: refs.reason.id,
    status: 'delivered' as const,
    createdDate: new Date(start + i * 60_000),
    ...values,
  }));
  const inserted = await t.db().insert(smsMessages).values(rows).returning({ id: smsMessages.id });
  return inserted.map((r) => r.id);
}

const list = (as: string | null, body: unknown, query = '') => call('POST', `/api/v1/sms/all${query}`, as, body);
const history = (as: string | null, phone: string, body: unknown = {}) =>
  call('POST', `/api/v1/sms/byPhoneNumber?phoneNumber=${phone}`, as, body);
const byId = (as: string | null, id: string) => call('POST', `/api/v1/sms/byId?id=${id}`, as);
const update = (as: string | null, body: unknown) => call('PUT', '/api/v1/sms', as, body);

describe('POST /api/v1/sms/byPhoneNumber', () => {
  it('401, 403 and 400', async () => {
    expect((await history(null, '3105550100')).statusCode).toBe(401);
    expect((await history(SEEDED.attorney, '3105550100')).statusCode).toBe(403);
    const bad = await history(SEEDED.operator, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SMS_MESSAGES.toNumberInvalid);
  });

  it('pages 5 at a time, newest first, with the total', async () => {
    const phone = freshNumber();
    const ids = await insertTexts(12, { participant: phone });
    await insertTexts(2, { participant: freshNumber() });
    const first = smsHistoryResponseSchema.parse((await history(SEEDED.operator, phone)).json());
    expect(first).toMatchObject({ totalCount: 12, pageNumber: 1, pageSize: 5, optedOut: false });
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(7).reverse());
    const last = smsHistoryResponseSchema.parse(
      (
        await history(SEEDED.operator, `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, {
          pageNumber: 3,
        })
      ).json(),
    );
    expect(last.items.map((m) => m.body)).toEqual(['Text 2', 'Text 1']);
    // Another page size and a page past the prepared ones read the same rows.
    const wide = smsHistoryResponseSchema.parse((await history(SEEDED.operator, phone, { pageSize: 10 })).json());
    expect(wide.items.map((m) => m.id)).toEqual(ids.slice(2).reverse());
    const deep = (await history(SEEDED.operator, phone, { pageSize: 2, pageNumber: 6 })).json();
    expect(deep).toMatchObject({ totalCount: 12, pageNumber: 6, pageSize: 2 });
    expect(deep.items.map((m: { body: string }) => m.body)).toEqual(['Text 2', 'Text 1']);
    // Inbound texts are found by their from-number.
    const [inboundId] = await insertTexts(1, {
      participant: phone,
      direction: 'INBOUND',
      fromNumber: phone,
      toNumber: refs.la.smsNumber,
      createdDate: new Date(Date.UTC(2026, 1, 1)),
    });
    const newest = smsHistoryResponseSchema.parse((await history(SEEDED.operator, phone)).json());
    expect(newest.items[0]).toMatchObject({ id: inboundId, direction: 'INBOUND', participantNumber: phone });
  });

  it('leaves out texts outside the caller’s office and category-type conditions', async () => {
    const phone = freshNumber();
    await insertTexts(2, { participant: phone });
    await insertTexts(1, { participant: phone, officeId: refs.lv.id, fromNumber: refs.lv.smsNumber });
    await insertTexts(1, { participant: phone, categoryId: refs.collectionsCategory.id });
    await insertTexts(1, {
      participant: phone,
      categoryId: null,
      direction: 'INBOUND',
      fromNumber: phone,
      toNumber: refs.la.smsNumber,
    });
    const total = async (as: string) => smsHistoryResponseSchema.parse((await history(as, phone)).json()).totalCount;
    expect(await total(SEEDED.admin)).toBe(5);
    expect(await total(SEEDED.manager)).toBe(4); // not Las Vegas
    expect(await total(SEEDED.operator)).toBe(4); // not Collections
    expect(await total(SEEDED.collector)).toBe(2); // Collections and the uncategorized reply
  });
});

describe('POST /api/v1/sms/byId', () => {
  it('401, 403, 404 for another office’s text (no IDOR), 200 in scope', async () => {
    const [lv] = await insertTexts(1, {
      participant: freshNumber(),
      officeId: refs.lv.id,
      fromNumber: refs.lv.smsNumber,
    });
    expect((await byId(null, lv!)).statusCode).toBe(401);
    expect((await byId(SEEDED.attorney, lv!)).statusCode).toBe(403);
    const hidden = await byId(SEEDED.manager, lv!);
    expect(hidden.statusCode).toBe(404);
    const seen = await byId(SEEDED.operator, lv!);
    expect(seen.statusCode).toBe(200);
    expect(smsMessageSchema.parse(seen.json())).toMatchObject({ id: lv, officeName: 'Las Vegas', status: 'delivered' });
  });
});

describe('POST /api/v1/sms/all', () => {
  it('401, 403, 400 for an unknown sort column', async () => {
    expect((await list(null, {})).statusCode).toBe(401);
    expect((await list(SEEDED.attorney, {})).statusCode).toBe(403);
    expect((await list(SEEDED.operator, { sortBy: 'body' })).statusCode).toBe(400);
  });

  it('filters by office, direction and days in the caller’s zone, sorted on the server, within scope', async () => {
    const phone = freshNumber();
    await insertTexts(3, { participant: phone, body: 'zeta filter text' });
    await insertTexts(1, {
      participant: phone,
      officeId: refs.lv.id,
      fromNumber: refs.lv.smsNumber,
      body: 'zeta filter text',
    });
    const filter = { searchKeyword: 'zeta filter' };
    const admin = smsListResponseSchema.parse((await list(SEEDED.admin, { filter })).json());
    expect(admin.totalCount).toBe(4);
    const manager = smsListResponseSchema.parse((await list(SEEDED.manager, { filter })).json());
    expect(manager.totalCount).toBe(3);
    expect(manager.items.every((m) => m.officeId === refs.la.id)).toBe(true);
    const byOffice = smsListResponseSchema.parse(
      (await list(SEEDED.admin, { filter: { ...filter, officeId: refs.lv.id } })).json(),
    );
    expect(byOffice.totalCount).toBe(1);
    const byNumber = smsListResponseSchema.parse(
      (await list(SEEDED.admin, { filter: { searchKeyword: phone } })).json(),
    );
    expect(byNumber.totalCount).toBe(4);

    // 2026-01-10 12:00–12:03 UTC is still 10 January at UTC−7, but already 11 January at UTC+13.
    const day = { ...filter, dateFrom: '2026-01-10', dateTo: '2026-01-10' };
    expect(
      smsListResponseSchema.parse((await list(SEEDED.admin, { filter: day }, '?offsetHours=-7')).json()).totalCount,
    ).toBe(4);
    expect(
      smsListResponseSchema.parse((await list(SEEDED.admin, { filter: day }, '?offsetHours=13')).json()).totalCount,
    ).toBe(0);

    const sorted = smsListResponseSchema.parse(
      (await list(SEEDED.admin, { filter, sortBy: 'officeName', sortOrder: 'DESC', pageSize: 2 })).json(),
    );
    expect(sorted.items.map((m) => m.officeName)).toEqual(['Los Angeles', 'Los Angeles']);
    expect(sorted).toMatchObject({ totalCount: 4, pageSize: 2, pageNumber: 1 });
    const asc = smsListResponseSchema.parse(
      (await list(SEEDED.admin, { filter, sortBy: 'officeName', sortOrder: 'ASC' })).json(),
    );
    expect(asc.items[0]!.officeName).toBe('Las Vegas');
  });

  it('lists the seeded texts with realistic statuses', async () => {
    const all = smsListResponseSchema.parse((await list(SEEDED.admin, { pageSize: 1000 })).json());
    const statuses = new Set(all.items.map((m) => m.status));
    expect(statuses).toEqual(new Set(['delivered', 'received', 'failed', 'undelivered']));
    expect(all.items.every((m) => m.officeId)).toBe(true);
  });
});

describe('PUT /api/v1/sms', () => {
  it('401, 403, 400 for an unknown category, 404 outside the scope', async () => {
    const [id] = await insertTexts(1, { participant: freshNumber() });
    expect((await update(null, { id })).statusCode).toBe(401);
    expect((await update(SEEDED.attorney, { id })).statusCode).toBe(403);
    const bad = await update(SEEDED.operator, { id, category: refs.reason.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ category: SMS_MESSAGES.categoryUnknown });
    const [lv] = await insertTexts(1, { participant: freshNumber(), officeId: refs.lv.id });
    expect((await update(SEEDED.manager, { id: lv, reason: refs.otherReason.id })).statusCode).toBe(404);
  });

  it('a category other than Call Center with an assignee updates the text and notifies the assignee (DIRECT)', async () => {
    const [id] = await insertTexts(1, {
      participant: freshNumber(),
      direction: 'INBOUND',
      categoryId: refs.callCenterCategory.id,
    });
    const managerId = refs.userId(SEEDED.manager);
    const res = await update(SEEDED.operator, { id, category: refs.officeCategory.id, operatorId: managerId });
    expect(res.statusCode).toBe(200);
    expect(smsMessageSchema.parse(res.json())).toMatchObject({
      category: { id: refs.officeCategory.id },
      operatorId: managerId,
      operatorName: 'Morgan Manager',
    });
    const rows = await t.db().select().from(notifications).where(eq(notifications.notificationId, id!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: managerId, notificationType: 'DIRECT', read: false });
  });

  it('Call Center needs no assignee and notifies nobody; a reason change alone updates the reason', async () => {
    const [id] = await insertTexts(1, { participant: freshNumber() });
    const res = await update(SEEDED.operator, {
      id,
      category: refs.callCenterCategory.id,
      operatorId: refs.userId(SEEDED.admin),
    });
    expect(res.json().category.id).toBe(refs.callCenterCategory.id);
    expect(await t.db().select().from(notifications).where(eq(notifications.notificationId, id!))).toEqual([]);
    const reason = await update(SEEDED.operator, { id, reason: refs.otherReason.id });
    expect(reason.json()).toMatchObject({
      reason: { id: refs.otherReason.id },
      category: { id: refs.callCenterCategory.id },
    });
  });

  it('403 for a category type outside the caller’s SMS UPDATE condition', async () => {
    const [id] = await insertTexts(1, { participant: freshNumber() });
    const res = await update(SEEDED.operator, { id, category: refs.collectionsCategory.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SMS_MESSAGES.categoryOutOfScope);
    const [row] = await t
      .db()
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.id, id!)));
    expect(row!.categoryId).toBe(refs.officeCategory.id);
  });
});
