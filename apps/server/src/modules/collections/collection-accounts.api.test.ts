import { collectionAccountDetailSchema } from '@casedesk/contract/collections/account';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { collectionAccountEvents, collectionAccounts, collectionTerms } from './collections.tables.ts';
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
 * The accounts part of collections through HTTP on a real database (docs/collections.md). Each test opens its own
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

describe('who may reach the collections routes', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const routes: ['GET' | 'POST' | 'PATCH', string, unknown][] = [
    ['POST', '/api/v1/collectionAccount/all', {}],
    ['POST', '/api/v1/collectionAccount/allTotals', {}],
    ['GET', '/api/v1/collectionAccount/status', undefined],
    ['GET', '/api/v1/collectionAccount/roles', undefined],
    ['POST', '/api/v1/collectionAccount/export?offsetHours=0', { format: 'csv' }],
    ['GET', `/api/v1/collectionAccount?id=${id}`, undefined],
    ['PATCH', '/api/v1/collectionAccount', { id, followUpDate: '2031-01-07' }],
    ['POST', '/api/v1/collectionAccount', { officeId: id, clientId: id, originalCents: 100 }],
    ['POST', '/api/v1/collectionAccount/assign', { accountIds: [id], collectorId: null }],
    ['POST', '/api/v1/collectionAccount/note', { accountId: id, note: 'x' }],
    ['POST', '/api/v1/collectionAccount/adjustment', { accountId: id, amountCents: 100, reason: 'x' }],
    ['POST', '/api/v1/collectionAccount/timeline', { accountId: id }],
  ];

  it('401 without a token and 403 without ALL_ACCOUNTS, on every route', async () => {
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, SEEDED.operator, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // The manager reads accounts but neither opens nor changes them.
    for (const [method, url, body] of routes.slice(6, 11)) {
      expect((await send(method, url, SEEDED.manager, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('400 with the field’s message', async () => {
    const cases: ['POST' | 'PATCH', string, unknown, string, string][] = [
      ['POST', '/api/v1/collectionAccount/all', { sortBy: 'nope' }, 'sortBy', 'Sort By must be an accounts column.'],
      [
        'POST',
        '/api/v1/collectionAccount/allTotals',
        { filter: { balanceFromCents: 500, balanceToCents: 100 } },
        'filter.balanceToCents',
        'Balance To cannot be less than Balance From.',
      ],
      [
        'POST',
        '/api/v1/collectionAccount',
        { officeId: office['Los Angeles'], clientId: office['Los Angeles'], originalCents: 0 },
        'originalCents',
        'Original Balance must be an amount in dollars and cents, more than 0.',
      ],
      [
        'PATCH',
        '/api/v1/collectionAccount',
        { id: office['Los Angeles'] },
        'status',
        'Change at least one of status, term, collector or follow-up date.',
      ],
      [
        'PATCH',
        '/api/v1/collectionAccount',
        { id: office['Los Angeles'], status: 'REVIEW' },
        'note',
        'Give a reason for the status change.',
      ],
      [
        'POST',
        '/api/v1/collectionAccount/assign',
        { accountIds: [], collectorId: null },
        'accountIds',
        'Choose from 1 to 1000 accounts.',
      ],
      [
        'POST',
        '/api/v1/collectionAccount/note',
        { accountId: office['Los Angeles'], note: ' ' },
        'note',
        'Note is a required field.',
      ],
      [
        'POST',
        '/api/v1/collectionAccount/adjustment',
        { accountId: office['Los Angeles'], amountCents: 0, reason: 'x' },
        'amountCents',
        'Amount must be an amount in dollars and cents, not 0.',
      ],
      [
        'POST',
        '/api/v1/collectionAccount/export?offsetHours=0',
        { format: 'doc' },
        'format',
        'Format must be one of csv, xlsx, pdf.',
      ],
    ];
    for (const [method, url, body, field, message] of cases) {
      const res = await send(method, url, SEEDED.admin, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json().fieldErrors?.[field], `${url} ${field}: ${res.body}`).toBe(message);
    }
  });
});

describe('opening an account', () => {
  it('opens it Active with its history, audited, and tells the collector', async () => {
    const { clientId, detail } = await open('Los Angeles', {
      termId: term('Pay in Full'),
      collectorId,
      followUpDate: '2031-02-03',
      note: 'Fees unpaid after the settlement',
    });
    expect(detail).toMatchObject({
      clientId,
      officeId: office['Los Angeles'],
      office: 'Los Angeles',
      status: 'ACTIVE',
      term: 'Pay in Full',
      collector: 'Casey Collector',
      followUpDate: '2031-02-03',
      originalCents: 250_000,
      paidCents: 0,
      balanceCents: 250_000,
      officeTimeZone: 'America/Los_Angeles',
    });
    expect(detail.accountNumber).toBeGreaterThan(100_000);
    expect(detail.matter).toMatch(/\d{2}-\d{2}-\d{4}$/);
    expect(detail.statusHistory).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'ACTIVE',
        note: 'Fees unpaid after the settlement',
        by: 'Alex Admin',
      }),
    ]);
    const audit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'collectionAccount.open'), eq(auditEvents.entityId, detail.id)));
    expect(audit).toHaveLength(1);
    const told = await t.db().select().from(notifications).where(eq(notifications.notificationId, detail.id));
    expect(told).toEqual([expect.objectContaining({ userId: collectorId, notificationType: 'ACCOUNT', read: false })]);
  });

  it('404 for an office, client or matter outside the caller’s reach; 400 for a wrong matter, term or collector', async () => {
    const vegas = await clientWithMatter(t, office['Las Vegas']!);
    const body = { officeId: office['Las Vegas'], clientId: vegas.clientId, originalCents: 100 };
    const outside = await send('POST', '/api/v1/collectionAccount', worker.mail, body);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Office not found');

    const la = await clientWithMatter(t, office['Los Angeles']!);
    const base = { officeId: office['Los Angeles'], clientId: la.clientId, originalCents: 100 };
    const otherMatter = await send('POST', '/api/v1/collectionAccount', worker.mail, {
      ...base,
      inquiryId: vegas.inquiryId,
    });
    expect(otherMatter.statusCode).toBe(400);
    expect(otherMatter.json().fieldErrors).toEqual({ inquiryId: 'The matter belongs to another client.' });

    await t
      .db()
      .update(collectionTerms)
      .set({ active: false })
      .where(eq(collectionTerms.id, term('Settlement')));
    const retired = await send('POST', '/api/v1/collectionAccount', worker.mail, {
      ...base,
      termId: term('Settlement'),
    });
    await t
      .db()
      .update(collectionTerms)
      .set({ active: true })
      .where(eq(collectionTerms.id, term('Settlement')));
    expect(retired.statusCode).toBe(400);
    expect(retired.json().fieldErrors).toEqual({ termId: 'Term must be one of the terms.' });

    // The operator holds no ALL_ACCOUNTS, so may not be given accounts.
    const notCollector = await send('POST', '/api/v1/collectionAccount', worker.mail, {
      ...base,
      collectorId: await seededUserId(t, SEEDED.operator),
    });
    expect(notCollector.statusCode).toBe(400);
    expect(notCollector.json().fieldErrors).toEqual({
      collectorId: 'Collector must be a user who may work collection accounts in the account’s office.',
    });
    expect(await t.db().select().from(collectionAccounts).where(eq(collectionAccounts.clientId, la.clientId))).toEqual(
      [],
    );
  });
});

describe('PATCH /api/v1/collectionAccount', () => {
  const patch = (as: string, body: object) => send('PATCH', '/api/v1/collectionAccount', as, body);

  it('keeps each change as an event; a status change with its reason makes the status history', async () => {
    const { detail } = await open();
    const res = await patch(worker.mail, {
      id: detail.id,
      status: 'REVIEW',
      note: 'Client disputes the fee',
      termId: term('Payment Plan'),
      collectorId,
      followUpDate: '2031-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = collectionAccountDetailSchema.parse(res.json());
    expect(after).toMatchObject({ status: 'REVIEW', term: 'Payment Plan', collectorId, followUpDate: '2031-03-01' });
    expect(after.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.note, h.by])).toEqual([
      ['ACTIVE', 'REVIEW', 'Client disputes the fee', worker.displayName],
      [null, 'ACTIVE', null, 'Alex Admin'],
    ]);
    const kinds = (
      await t.db().select().from(collectionAccountEvents).where(eq(collectionAccountEvents.accountId, detail.id))
    ).map((e) => [e.kind, e.title]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['STATUS', 'Status changed from Active to Review'],
        ['TERM', 'Term set to Payment Plan'],
        ['ASSIGNMENT', 'Assigned to Casey Collector'],
        ['FOLLOW_UP', 'Follow-up date set to 03-01-2031'],
      ]),
    );
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'collectionAccount.update'), eq(auditEvents.entityId, detail.id)));
    expect(audit!.before).toMatchObject({ status: 'ACTIVE', collectorId: null, followUpDate: null });
    expect(audit!.after).toMatchObject({ status: 'REVIEW', collectorId, followUpDate: '2031-03-01' });
  });

  it('Paid only at a zero balance (422); a closed account changes nothing but its status', async () => {
    const { detail } = await open();
    const paid = await patch(SEEDED.admin, { id: detail.id, status: 'PAID', note: 'Said they paid' });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe('An account can be set to Paid only when its balance is $0.00.');
    await ok('POST', '/api/v1/collectionAccount/adjustment', SEEDED.admin, {
      accountId: detail.id,
      amountCents: -250_000,
      reason: 'Written off by the partner',
    });
    expect((await patch(SEEDED.admin, { id: detail.id, status: 'PAID', note: 'Nothing left' })).statusCode).toBe(200);
    expect((await patch(SEEDED.admin, { id: detail.id, status: 'CLOSED', note: 'Done' })).statusCode).toBe(200);
    const closed = await patch(SEEDED.admin, { id: detail.id, followUpDate: '2031-01-01' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('This account is closed. Reopen it by setting another status first.');
    const reopened = await patch(SEEDED.admin, {
      id: detail.id,
      status: 'ACTIVE',
      note: 'Reopened',
      followUpDate: '2031-01-01',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it('404 for an account outside the caller’s ALL_ACCOUNTS UPDATE, as for none, changing nothing', async () => {
    const { detail } = await open('San Diego');
    for (const id of [detail.id, '00000000-0000-4000-8000-000000000009']) {
      const res = await patch(worker.mail, { id, followUpDate: '2031-01-01' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Collection account not found');
    }
    const [row] = await t.db().select().from(collectionAccounts).where(eq(collectionAccounts.id, detail.id));
    expect(row!.followUpDate).toBeNull();
  });
});

describe('POST /api/v1/collectionAccount/assign', () => {
  it('assigns all or none: one account out of reach fails the request and changes nothing', async () => {
    const [a, b] = [await open(), await open()];
    const outside = await open('San Diego');
    const ids = [a.detail.id, b.detail.id];
    const refused = await send('POST', '/api/v1/collectionAccount/assign', worker.mail, {
      accountIds: [...ids, outside.detail.id],
      collectorId,
    });
    expect(refused.statusCode).toBe(404);
    const collectors = async () =>
      (await t.db().select().from(collectionAccounts)).filter((r) => ids.includes(r.id)).map((r) => r.collectorId);
    expect(await collectors()).toEqual([null, null]);

    const done = await ok('POST', '/api/v1/collectionAccount/assign', worker.mail, { accountIds: ids, collectorId });
    expect(done).toEqual({ assigned: 2 });
    expect(await collectors()).toEqual([collectorId, collectorId]);
    for (const id of ids) {
      const told = await t.db().select().from(notifications).where(eq(notifications.notificationId, id));
      expect(told.map((n) => [n.userId, n.notificationType])).toEqual([[collectorId, 'ACCOUNT']]);
    }
    expect(await ok('POST', '/api/v1/collectionAccount/assign', worker.mail, { accountIds: ids, collectorId })).toEqual(
      {
        assigned: 0,
      },
    );
    // Someone who may not work Los Angeles accounts is no collector for them.
    const sanDiegoOnly = await userWith(t, [allAccounts(['READ', 'UPDATE'], [office['San Diego']!])]);
    const wrong = await send('POST', '/api/v1/collectionAccount/assign', worker.mail, {
      accountIds: ids,
      collectorId: sanDiegoOnly.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      await ok('POST', '/api/v1/collectionAccount/assign', worker.mail, { accountIds: ids, collectorId: null }),
    ).toEqual({
      assigned: 2,
    });
  });
});

describe('notes and adjustments', () => {
  it('a note joins the history; an adjustment moves the balance, never below zero', async () => {
    const { detail } = await open();
    const note = await ok('POST', '/api/v1/collectionAccount/note', worker.mail, {
      accountId: detail.id,
      note: 'Promised to call back Friday',
    });
    expect(note).toMatchObject({ kind: 'NOTE', detail: 'Promised to call back Friday', by: worker.displayName });
    const adjusted = collectionAccountDetailSchema.parse(
      await ok('POST', '/api/v1/collectionAccount/adjustment', worker.mail, {
        accountId: detail.id,
        amountCents: -50_000,
        reason: 'Courtesy discount',
      }),
    );
    expect(adjusted).toMatchObject({ adjustmentsCents: -50_000, balanceCents: 200_000 });
    const below = await send('POST', '/api/v1/collectionAccount/adjustment', worker.mail, {
      accountId: detail.id,
      amountCents: -200_001,
      reason: 'Too much',
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('An adjustment cannot take the balance below $0.00.');
  });
});
