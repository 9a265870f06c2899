import { termListSchema, termSchema } from '@casedesk/contract/collections/term';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { requester } from './collections.test-support.ts';
import { officeIds, requester as makeRequester, SEEDED, userWith } from './collections.test-support.ts';

/*
 * Terms (SPEC §7 term): read by anyone signed in; written in collection management, which SPEC §6 gives to the
 * ADMIN role (COLLECTION_MANAGEMENT with a USER_ROLE condition, judged against the caller's own role), and with
 * no office condition, since a term is the whole firm's.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;
let office: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  send = makeRequester(t);
  office = await officeIds(t);
});
afterAll(async () => t?.close());

const management = (conditions: { conditionType: 'USER_ROLE' | 'OFFICE'; values: string[] }[]) => ({
  permissionType: 'COLLECTION_MANAGEMENT' as const,
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
    accessType,
    conditionDTO: conditions.map((c) => ({ ...c, relationType: 'EQUALS' as const })),
  })),
});

describe('terms', () => {
  it('GET lists every term to anyone signed in; 401 without a token', async () => {
    expect((await send('GET', '/api/v1/term', null)).statusCode).toBe(401);
    const res = await send('GET', '/api/v1/term', SEEDED.operator);
    expect(res.statusCode).toBe(200);
    expect(termListSchema.parse(res.json())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Payment Plan', isPaymentPlan: true, active: true }),
        expect.objectContaining({ name: 'Pay in Full', isPaymentPlan: false }),
        expect.objectContaining({ name: 'Settlement', isPaymentPlan: false }),
      ]),
    );
  });

  it('writes need COLLECTION_MANAGEMENT for the ADMIN role and without an office condition', async () => {
    const body = { name: 'Hardship' };
    expect((await send('POST', '/api/v1/term', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/term', SEEDED.manager, body)).statusCode).toBe(403);
    // Granted for the ADMIN role, held by a manager: the role condition fails, so the level is not theirs.
    const notAdmin = await userWith(t, [management([{ conditionType: 'USER_ROLE', values: ['ADMIN'] }])], {
      role: 'MANAGER',
    });
    expect((await send('POST', '/api/v1/term', notAdmin.mail, body)).statusCode).toBe(403);
    const officeAdmin = await userWith(
      t,
      [
        management([
          { conditionType: 'USER_ROLE', values: ['ADMIN'] },
          { conditionType: 'OFFICE', values: [office['Los Angeles']!] },
        ]),
      ],
      { role: 'ADMIN' },
    );
    const oneOffice = await send('POST', '/api/v1/term', officeAdmin.mail, body);
    expect(oneOffice.statusCode).toBe(403);
    expect(oneOffice.json().message).toBe(
      'Terms are shared by every office: changing them needs collection management without an office condition.',
    );
  });

  it('adds, renames and retires a term, audited; 400 and 409 with their messages; 404 for none', async () => {
    const blank = await send('POST', '/api/v1/term', SEEDED.admin, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ name: 'Name is a required field.' });
    const taken = await send('POST', '/api/v1/term', SEEDED.admin, { name: 'settlement' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A term with this name already exists.');

    const created = termSchema.parse((await send('POST', '/api/v1/term', SEEDED.admin, { name: 'Hardship' })).json());
    expect(created).toMatchObject({ name: 'Hardship', isPaymentPlan: false, active: true });
    const renamed = await send('PUT', '/api/v1/term', SEEDED.admin, {
      id: created.id,
      name: 'Hardship plan',
      isPaymentPlan: true,
      active: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: created.id, name: 'Hardship plan', isPaymentPlan: true, active: false });
    const clash = await send('PUT', '/api/v1/term', SEEDED.admin, { id: created.id, name: 'Pay in Full' });
    expect(clash.statusCode).toBe(409);
    const missing = await send('PUT', '/api/v1/term', SEEDED.admin, {
      id: '00000000-0000-4000-8000-00000000000d',
      name: 'Nothing',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Term not found.');
    const audit = await t
      .db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collection_terms'), eq(auditEvents.entityId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['term.create', 'term.update']);
  });
});
