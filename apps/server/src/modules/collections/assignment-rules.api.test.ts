import { assignmentRuleListSchema, assignmentRuleSchema } from '@casedesk/contract/collections/assignment-rules';
import { collectionAccountDetailSchema } from '@casedesk/contract/collections/account';
import { and, eq } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import type { requester } from './collections.test-support.ts';
import {
  allAccounts,
  clientWithMatter,
  requester as makeRequester,
  SEEDED,
  userWith,
} from './collections.test-support.ts';

/*
 * Assignment rules: an office's rotation of collectors, set in collection management (SPEC §6: COLLECTION_MANAGEMENT
 * with the ADMIN role condition), taken by an account opened there without a collector.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  send = makeRequester(t);
});
afterAll(async () => t?.close());

const URL = '/api/v1/collectionAssignmentRule';

/** An office of the test's own, so no other test's rule or account is read. */
async function newOffice(): Promise<string> {
  const digits = () => `555${String(randomInt(1_000_000, 9_999_999))}`;
  const [row] = await t
    .db()
    .insert(offices)
    .values({
      name: `Rotation Office ${randomUUID().slice(0, 8)}`,
      phone: digits(),
      smsNumber: digits(),
      outboundCallerId: digits(),
    })
    .returning({ id: offices.id });
  return row!.id;
}

const collectorOf = (officeId: string) => userWith(t, [allAccounts(['READ', 'UPDATE'], [officeId])]);

const management = (officeIds: string[] = []) => ({
  permissionType: 'COLLECTION_MANAGEMENT' as const,
  accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({
    accessType,
    conditionDTO: [
      { conditionType: 'USER_ROLE' as const, relationType: 'EQUALS' as const, values: ['ADMIN'] },
      ...(officeIds.length
        ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }]
        : []),
    ],
  })),
});

async function openUnassigned(officeId: string) {
  const client = await clientWithMatter(t, officeId);
  const res = await send('POST', '/api/v1/collectionAccount', SEEDED.admin, {
    officeId,
    clientId: client.clientId,
    inquiryId: client.inquiryId,
    originalCents: 120_000,
  });
  expect(res.statusCode, res.body).toBe(200);
  return collectionAccountDetailSchema.parse(res.json());
}

describe('collection assignment rules', () => {
  it('401 without a token; 403 without collection management or without the ADMIN role', async () => {
    const officeId = await newOffice();
    const body = { officeId, collectorIds: [] };
    expect((await send('GET', URL, null)).statusCode).toBe(401);
    expect((await send('PUT', URL, null, body)).statusCode).toBe(401);
    expect((await send('GET', URL, SEEDED.collector)).statusCode).toBe(403);
    expect((await send('PUT', URL, SEEDED.manager, body)).statusCode).toBe(403);
    const notAdmin = await userWith(t, [management()], { role: 'MANAGER' });
    expect((await send('GET', URL, notAdmin.mail)).statusCode).toBe(403);
    expect((await send('PUT', URL, notAdmin.mail, body)).statusCode).toBe(403);
  });

  it('400 with the contract’s message for a duplicate or a collector who cannot work the office', async () => {
    const officeId = await newOffice();
    const collector = await collectorOf(officeId);
    const twice = await send('PUT', URL, SEEDED.admin, { officeId, collectorIds: [collector.id, collector.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Each collector can be in the rotation only once.');
    const elsewhere = await collectorOf(await newOffice());
    const outOfReach = await send('PUT', URL, SEEDED.admin, { officeId, collectorIds: [elsewhere.id] });
    expect(outOfReach.statusCode).toBe(400);
    expect(outOfReach.json().fieldErrors.collectorIds).toBe(
      'Each collector must be able to work the office’s accounts (ALL_ACCOUNTS UPDATE reaching the office).',
    );
    const noOffice = await send('PUT', URL, SEEDED.admin, { collectorIds: [] });
    expect(noOffice.statusCode).toBe(400);
  });

  it('an office condition limits the offices listed and set; another office answers 404', async () => {
    const mine = await newOffice();
    const other = await newOffice();
    const officeAdmin = await userWith(t, [management([mine])], { role: 'ADMIN' });
    const list = assignmentRuleListSchema.parse((await send('GET', URL, officeAdmin.mail)).json());
    expect(list.rules.map((r) => r.officeId)).toEqual([mine]);
    const outside = await send('PUT', URL, officeAdmin.mail, { officeId: other, collectorIds: [] });
    expect(outside.statusCode).toBe(404);
    const missing = await send('PUT', URL, SEEDED.admin, { officeId: randomUUID(), collectorIds: [] });
    expect(missing.statusCode).toBe(404);
    expect((await send('PUT', URL, officeAdmin.mail, { officeId: mine, collectorIds: [] })).statusCode).toBe(200);
  });

  it('saves a rotation (audited), and opening unassigned accounts there gives them out in turn', async () => {
    const officeId = await newOffice();
    const [first, second] = [await collectorOf(officeId), await collectorOf(officeId)];
    const saved = await send('PUT', URL, SEEDED.admin, { officeId, collectorIds: [first!.id, second!.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    const rule = assignmentRuleSchema.parse(saved.json());
    expect(rule.collectors.map((c) => c.id)).toEqual([first!.id, second!.id]);
    expect(rule.nextCollectorId).toBe(first!.id);
    expect(rule.updatedByName).not.toBeNull();

    const opened = [await openUnassigned(officeId), await openUnassigned(officeId), await openUnassigned(officeId)];
    expect(opened.map((a) => a.collectorId)).toEqual([first!.id, second!.id, first!.id]);

    const listed = assignmentRuleListSchema.parse((await send('GET', URL, SEEDED.admin)).json());
    expect(listed.rules.find((r) => r.officeId === officeId)?.nextCollectorId).toBe(second!.id);

    const audit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'collectionAssignmentRule.save'), eq(auditEvents.entityId, officeId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ collectorIds: [first!.id, second!.id] });
  });

  it('a named collector wins; a collector who can no longer work the office is skipped; empty removes the rule', async () => {
    const officeId = await newOffice();
    const [first, second] = [await collectorOf(officeId), await collectorOf(officeId)];
    await send('PUT', URL, SEEDED.admin, { officeId, collectorIds: [first!.id, second!.id] });
    const client = await clientWithMatter(t, officeId);
    const named = await send('POST', '/api/v1/collectionAccount', SEEDED.admin, {
      officeId,
      clientId: client.clientId,
      originalCents: 5_000,
      collectorId: second!.id,
    });
    expect(named.json().collectorId).toBe(second!.id);
    // The named collector took no turn: the rotation still starts with the first.
    await t.db().update(users).set({ accountEnabled: false }).where(eq(users.id, first!.id));
    expect((await openUnassigned(officeId)).collectorId).toBe(second!.id);

    const removed = assignmentRuleSchema.parse(
      (await send('PUT', URL, SEEDED.admin, { officeId, collectorIds: [] })).json(),
    );
    expect(removed.collectors).toEqual([]);
    expect(removed.nextCollectorId).toBeNull();
    expect((await openUnassigned(officeId)).collectorId).toBeNull();
  });
});
