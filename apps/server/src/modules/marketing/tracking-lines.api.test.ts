import { trackingLineDetailSchema, trackingLineListSchema } from '@casedesk/contract/marketing/tracking-line';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { insertInboundCall, officeIds, sender, trackingLineUserIn, uniqueDnis } from './marketing.test-support.ts';
import { resolveDialedNumber } from './tracking-lines.service.ts';

/*
 * Tracking lines (SPEC §2 Marketing, §7 dnis) with TRACKING_LINE: the seeded admin reaches every office;
 * a test user's TRACKING_LINE reaches Phoenix only; the operator has none.
 */
let t: TestApp;
let send: ReturnType<typeof sender>;
let office: Record<string, string>;
let phoenixUser: string;

const lineBody = (overrides: Record<string, unknown> = {}) => ({
  dnis: uniqueDnis(),
  source: 'Radio – KTAR',
  campaign: 'Morning drive',
  type: 'RADIO',
  pointToOfficeId: office['Call Center'],
  officeId: office.Phoenix,
  ...overrides,
});

async function createLine(overrides: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/v1/dnis', SEEDED.admin, lineBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return trackingLineDetailSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  send = sender(t);
  office = await officeIds(t);
  phoenixUser = await trackingLineUserIn(t, office.Phoenix!);
});
afterAll(async () => t?.close());

describe('POST /api/v1/dnis and POST /api/v1/dnis/all', () => {
  it('401 without a token, 403 without TRACKING_LINE', async () => {
    expect((await send('POST', '/api/v1/dnis/all', null, {})).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/dnis/all', SEEDED.operator, {})).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/dnis', SEEDED.operator, lineBody())).statusCode).toBe(403);
  });

  it('400 with the field messages for a bad number and a missing source', async () => {
    const res = await send('POST', '/api/v1/dnis', SEEDED.admin, lineBody({ dnis: '555-01', source: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      dnis: 'DNIS must be 10 digits.',
      source: 'Source is a required field.',
    });
  });

  it('creates a line, lists it under its type and audits it; 409 for a second active line on the number', async () => {
    const line = await createLine({ type: 'PRINT', source: 'Print – Yellow pages' });
    expect(line).toMatchObject({ type: 'PRINT', pointTo: 'Call Center', officeName: 'Phoenix', active: true });
    expect(line.mappings).toHaveLength(1);
    const list = trackingLineListSchema.parse(
      (await send('POST', '/api/v1/dnis/all', phoenixUser, { filter: { type: 'PRINT' } })).json(),
    );
    expect(list.items.map((i) => i.dnis)).toContain(line.dnis);
    expect(list.items.every((i) => i.type === 'PRINT')).toBe(true);
    const counts = (await send('GET', '/api/v1/dnis/typeCounts', phoenixUser)).json();
    expect(counts.find((c: { type: string }) => c.type === 'PRINT').count).toBeGreaterThanOrEqual(1);
    const audit = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, line.id));
    expect(audit.map((a) => a.action)).toEqual(['trackingLine.create']);

    const again = await send('POST', '/api/v1/dnis', SEEDED.admin, lineBody({ dnis: line.dnis }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An active tracking line already has this number.');
  });

  it('403 creating a line for an office outside the caller’s TRACKING_LINE', async () => {
    const res = await send('POST', '/api/v1/dnis', phoenixUser, lineBody({ officeId: office.Dallas }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot manage tracking lines of this office.');
  });
});

describe('out of scope', () => {
  it('404 reading, re-mapping or deactivating another office’s line, which stays unchanged', async () => {
    const dallas = await createLine({ officeId: office.Dallas });
    expect((await send('GET', `/api/v1/dnis/${dallas.id}`, phoenixUser)).statusCode).toBe(404);
    const remap = await send('PUT', `/api/v1/dnis/${dallas.id}`, phoenixUser, { ...lineBody(), dnis: undefined });
    expect(remap.statusCode).toBe(404);
    expect((await send('PATCH', `/api/v1/dnis/${dallas.id}/deactivate`, phoenixUser)).statusCode).toBe(404);
    const list = (await send('POST', '/api/v1/dnis/all', phoenixUser, { pageSize: 1000 })).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(dallas.id);
    const after = trackingLineDetailSchema.parse((await send('GET', `/api/v1/dnis/${dallas.id}`, SEEDED.admin)).json());
    expect(after).toEqual(dallas);
  });
});

describe('PUT /api/v1/dnis/:id re-maps from a date on', () => {
  it('keeps past calls on the old source and answers new calls with the new one', async () => {
    const line = await createLine({ effectiveFrom: '2025-01-01T00:00:00.000Z', source: 'Radio – old' });
    await insertInboundCall(t, {
      at: '2025-03-10T17:00:00Z',
      dnis: line.dnis,
      trackingLineId: line.id,
      officeId: office.Phoenix,
    });

    // A start in the past is moved to now: the past is never re-mapped.
    const { dnis: _dnis, ...remap } = lineBody({
      source: 'Radio – new',
      type: 'TV',
      effectiveFrom: '2025-02-01T00:00:00.000Z',
    });
    const res = await send('PUT', `/api/v1/dnis/${line.id}`, phoenixUser, remap);
    expect(res.statusCode, res.body).toBe(200);
    const after = trackingLineDetailSchema.parse(res.json());
    expect(after).toMatchObject({ source: 'Radio – new', type: 'TV' });
    expect(after.mappings.map((m) => m.source)).toEqual(['Radio – new', 'Radio – old']);
    expect(Date.parse(after.effectiveFrom)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
    expect(after.mappings[1]!.effectiveTo).toBe(after.effectiveFrom);

    const past = await resolveDialedNumber(t.db(), line.dnis, new Date('2025-03-10T17:00:00Z'));
    expect(past.line?.source).toBe('Radio – old');
    const future = await resolveDialedNumber(t.db(), line.dnis, new Date(Date.now() + 60_000));
    expect(future.line?.source).toBe('Radio – new');

    const audit = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, line.id), eq(auditEvents.action, 'trackingLine.remap')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ source: 'Radio – old' });
  });

  it('400 with the message for a bad type', async () => {
    const line = await createLine();
    const { dnis: _dnis, ...remap } = lineBody({ type: 'FAX' });
    const res = await send('PUT', `/api/v1/dnis/${line.id}`, SEEDED.admin, remap);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.type).toBe(
      'Type must be one of TV, RADIO, BILLBOARD, DIGITAL, REFERRAL, PRINT, OTHER.',
    );
  });
});

describe('PATCH /api/v1/dnis/:id/deactivate', () => {
  it('stops the number resolving; a new line may take the number again', async () => {
    const line = await createLine();
    const res = await send('PATCH', `/api/v1/dnis/${line.id}/deactivate`, phoenixUser);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await resolveDialedNumber(t.db(), line.dnis, new Date(Date.now() + 1000))).line).toBeUndefined();
    await createLine({ dnis: line.dnis });
  });
});

describe('POST /api/v1/dnis/unresolved and mapping a number from a date', () => {
  it('lists unmapped numbers; a line from a date claims the calls from that date on only', async () => {
    const dnis = uniqueDnis();
    await insertInboundCall(t, { at: '2025-05-01T12:00:00Z', dnis });
    const later = await insertInboundCall(t, { at: '2025-05-20T12:00:00Z', dnis });
    expect((await send('POST', '/api/v1/dnis/unresolved', null, {})).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/dnis/unresolved', SEEDED.operator, {})).statusCode).toBe(403);
    const before = (await send('POST', '/api/v1/dnis/unresolved', SEEDED.admin, { pageSize: 1000 })).json();
    expect(before.items.find((r: { dnis: string }) => r.dnis === dnis)).toMatchObject({ calls: 2 });
    // Calls with no office are outside an office-limited TRACKING_LINE.
    const scoped = (await send('POST', '/api/v1/dnis/unresolved', phoenixUser, { pageSize: 1000 })).json();
    expect(scoped.items.find((r: { dnis: string }) => r.dnis === dnis)).toBeUndefined();

    const line = await createLine({ dnis, effectiveFrom: '2025-05-10T00:00:00.000Z' });
    const [claimed] = await t.db().select().from(calls).where(eq(calls.id, later));
    expect(claimed).toMatchObject({ trackingLineId: line.id, officeId: office.Phoenix });
    const after = (await send('POST', '/api/v1/dnis/unresolved', SEEDED.admin, { pageSize: 1000 })).json();
    expect(after.items.find((r: { dnis: string }) => r.dnis === dnis)).toMatchObject({ calls: 1 });
  });
});
