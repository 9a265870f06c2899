import { MESSAGES } from '@casedesk/contract/common/errors';
import { errorBodySchema } from '@casedesk/contract/common/error-body';
import {
  notificationListSchema,
  notificationSchema,
  notificationTextMessagesResponseSchema,
} from '@casedesk/contract/notifications/notification';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { notifyUsers } from './notifications.service.ts';
import { notifications } from './notifications.tables.ts';

let t: TestApp;
let operatorId: string;
let managerId: string;
beforeAll(async () => {
  t = await createTestApp();
  operatorId = await userIdOf(SEEDED.operator);
  managerId = await userIdOf(SEEDED.manager);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db().delete(notifications);
});

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, email));
  return row!.id;
}

async function notify(userIds: string[], notificationType: 'SMS' | 'DIRECT' | 'CALL' | 'ACCOUNT', about: string) {
  await notifyUsers(t.db(), t.app.realtime, {
    userIds,
    notificationType,
    notificationId: about,
    description: `${notificationType} about ${about.slice(0, 8)}`,
  });
}

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, email?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: email ? await t.authFor(email) : {}, ...(payload ? { payload } : {}) });

const list = async (email: string) =>
  notificationListSchema.parse((await call('GET', '/api/v1/notification/all', email)).json());

const ROUTES: [method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/v1/notification/all'],
  ['PUT', `/api/v1/notification/markRead?id=${crypto.randomUUID()}`],
  ['PUT', '/api/v1/notification/clearAll'],
  ['POST', `/api/v1/notification/textMessages?notificationId=${crypto.randomUUID()}`, {}],
];

describe('access', () => {
  it.each(ROUTES)('%s %s: 401 without a token', async (method, url, body) => {
    const res = await call(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it.each(ROUTES)('%s %s: 403 for a disabled account', async (method, url, body) => {
    const res = await call(method, url, SEEDED.disabled, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'ACCOUNT_INACTIVE', message: MESSAGES.accountInactive });
  });
});

describe('GET /api/v1/notification/all', () => {
  it("lists only the caller's own, newest first, with the unread count", async () => {
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await notify([operatorId, managerId], 'SMS', first);
    // A minute older: PGlite's clock has whole milliseconds, so two notifications in a row can share their instant,
    // and the list's tie-break (the random id) would then decide which is "newest".
    await t
      .db()
      .update(notifications)
      .set({ createdAt: sql`${notifications.createdAt} - interval '1 minute'` })
      .where(eq(notifications.notificationId, first));
    await notify([operatorId], 'DIRECT', second);
    const own = await list(SEEDED.operator);
    expect(own.unreadCount).toBe(2);
    expect(own.items.map((n) => [n.notificationType, n.notificationId, n.read])).toEqual([
      ['DIRECT', second, false],
      ['SMS', first, false],
    ]);
    const managers = await list(SEEDED.manager);
    expect(managers.items.map((n) => n.notificationId)).toEqual([first]);
  });

  it('is empty for a user with none', async () => {
    expect(await list(SEEDED.attorney)).toEqual({ items: [], unreadCount: 0 });
  });
});

describe('PUT /api/v1/notification/markRead', () => {
  it('marks one read, lowers the unread count and audits it once', async () => {
    await notify([operatorId], 'CALL', crypto.randomUUID());
    await notify([operatorId], 'ACCOUNT', crypto.randomUUID());
    const [newest] = (await list(SEEDED.operator)).items;
    const res = await call('PUT', `/api/v1/notification/markRead?id=${newest!.id}`, SEEDED.operator);
    expect(res.statusCode).toBe(200);
    expect(notificationSchema.parse(res.json())).toMatchObject({ id: newest!.id, read: true });
    expect((await list(SEEDED.operator)).unreadCount).toBe(1);
    // Marking it again changes nothing and writes no second audit row.
    expect((await call('PUT', `/api/v1/notification/markRead?id=${newest!.id}`, SEEDED.operator)).statusCode).toBe(200);
    const audits = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'notification.mark_read'), eq(auditEvents.entityId, newest!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: operatorId, before: { read: false }, after: { read: true } });
  });

  it("404 for another user's notification, which stays unread", async () => {
    await notify([managerId], 'SMS', crypto.randomUUID());
    const [theirs] = (await list(SEEDED.manager)).items;
    const res = await call('PUT', `/api/v1/notification/markRead?id=${theirs!.id}`, SEEDED.operator);
    expect(res.statusCode).toBe(404);
    expect((await list(SEEDED.manager)).items[0]!.read).toBe(false);
  });

  it('400 for a malformed or missing id', async () => {
    for (const url of ['/api/v1/notification/markRead?id=nope', '/api/v1/notification/markRead']) {
      const res = await call('PUT', url, SEEDED.operator);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { id: expect.any(String) } });
    }
  });
});

describe('PUT /api/v1/notification/clearAll', () => {
  it("clears the caller's list only, keeps the records and audits it", async () => {
    await notify([operatorId, managerId], 'SMS', crypto.randomUUID());
    await notify([operatorId], 'CALL', crypto.randomUUID());
    const res = await call('PUT', '/api/v1/notification/clearAll', SEEDED.operator);
    expect(res.json()).toEqual({ cleared: 2 });
    expect(await list(SEEDED.operator)).toEqual({ items: [], unreadCount: 0 });
    expect((await list(SEEDED.manager)).items).toHaveLength(1);
    const kept = await t.db().select().from(notifications).where(eq(notifications.userId, operatorId));
    expect(kept.map((n) => n.cleared)).toEqual([true, true]);
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notification.clear_all'))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(1);
    expect(audit).toMatchObject({ actorId: operatorId, detail: { count: 2 } });
    // Nothing left: a second clear clears nothing.
    expect((await call('PUT', '/api/v1/notification/clearAll', SEEDED.operator)).json()).toEqual({ cleared: 0 });
  });

  it('a cleared notification can no longer be marked read', async () => {
    await notify([operatorId], 'SMS', crypto.randomUUID());
    const [one] = (await list(SEEDED.operator)).items;
    await call('PUT', '/api/v1/notification/clearAll', SEEDED.operator);
    expect((await call('PUT', `/api/v1/notification/markRead?id=${one!.id}`, SEEDED.operator)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/notification/textMessages', () => {
  const participant = '5550001111';
  const office = '3105550100';
  let categoryOf: Record<string, string>;
  let ids: { callCenter: string; office: string; collections: string; otherNumber: string };

  beforeAll(async () => {
    const categories = await t
      .db()
      .select()
      .from(dropdownOptions)
      .where(eq(dropdownOptions.dropdownType, 'SMS_CATEGORY'));
    categoryOf = Object.fromEntries(categories.map((c) => [c.value, c.id]));
    const text = (minutesAgo: number, category: string, fields: Partial<typeof smsMessages.$inferInsert> = {}) => ({
      direction: 'INBOUND' as const,
      fromNumber: participant,
      toNumber: office,
      body: `${category} text`,
      status: 'received' as const,
      categoryId: categoryOf[category]!,
      createdDate: new Date(Date.now() - minutesAgo * 60_000),
      ...fields,
    });
    const rows = await t
      .db()
      .insert(smsMessages)
      .values([
        text(30, 'Call Center'),
        text(20, 'Office', { direction: 'OUTBOUND', fromNumber: office, toNumber: participant, status: 'delivered' }),
        text(10, 'Collections'),
        text(5, 'Call Center', { fromNumber: '5559998888' }),
      ])
      .returning({ id: smsMessages.id });
    ids = { callCenter: rows[0]!.id, office: rows[1]!.id, collections: rows[2]!.id, otherNumber: rows[3]!.id };
  });

  const lookup = async (email: string, notificationId: string, body: unknown = {}) =>
    call('POST', `/api/v1/notification/textMessages?notificationId=${notificationId}`, email, body);

  it("returns the participant's thread newest first, within the caller's SMS category conditions", async () => {
    await notify([operatorId], 'SMS', ids.callCenter);
    const res = await lookup(SEEDED.operator, ids.callCenter, { pageNumber: 1, pageSize: 100, sortOrder: 'DESC' });
    expect(res.statusCode).toBe(200);
    const page = notificationTextMessagesResponseSchema.parse(res.json());
    // The collections text is outside the operator's CALL_CENTER/OFFICE categories; the other number is another thread.
    expect(page.items.map((m) => m.id)).toEqual([ids.office, ids.callCenter]);
    expect(page).toMatchObject({ totalCount: 2, pageNumber: 1, pageSize: 100 });
    expect(page.items[0]).toMatchObject({ direction: 'OUTBOUND', participantNumber: participant });
  });

  it('defaults to page 1 of 100, newest first, and sorts ascending on request', async () => {
    await notify([operatorId], 'DIRECT', ids.callCenter);
    const defaults = notificationTextMessagesResponseSchema.parse(
      (await lookup(SEEDED.operator, ids.callCenter)).json(),
    );
    expect(defaults).toMatchObject({ pageNumber: 1, pageSize: 100 });
    expect(defaults.items.map((m) => m.id)).toEqual([ids.office, ids.callCenter]);
    const ascending = (await lookup(SEEDED.operator, ids.callCenter, { sortOrder: 'ASC' })).json();
    expect(ascending.items.map((m: { id: string }) => m.id)).toEqual([ids.callCenter, ids.office]);
  });

  it('always includes the notified text itself, even outside the conditions', async () => {
    await notify([operatorId], 'SMS', ids.collections);
    const page = (await lookup(SEEDED.operator, ids.collections)).json();
    expect(page.items.map((m: { id: string }) => m.id)).toEqual([ids.collections, ids.office, ids.callCenter]);
  });

  it('404 without a notification of the caller about it, or for a notification that is not about a text', async () => {
    await notify([managerId], 'SMS', ids.callCenter);
    expect((await lookup(SEEDED.operator, ids.callCenter)).statusCode).toBe(404);
    await notify([operatorId], 'CALL', ids.office);
    expect((await lookup(SEEDED.operator, ids.office)).statusCode).toBe(404);
    const missing = crypto.randomUUID();
    await notify([operatorId], 'SMS', missing);
    expect((await lookup(SEEDED.operator, missing)).statusCode).toBe(404);
  });

  it('400 for a malformed id or paging', async () => {
    expect((await lookup(SEEDED.operator, 'nope')).statusCode).toBe(400);
    for (const body of [{ pageSize: 101 }, { pageNumber: 0 }, { sortOrder: 'UP' }, { extra: true }]) {
      const res = await lookup(SEEDED.operator, ids.callCenter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});
