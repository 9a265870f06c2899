import { attributionReportSchema } from '@casedesk/contract/marketing/attribution';
import { trackingLineDetailSchema } from '@casedesk/contract/marketing/tracking-line';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { insertInboundCall, officeIds, sender, trackingLineUserIn, uniqueDnis } from './marketing.test-support.ts';

/*
 * The attribution report per source and month. Each test names its own sources, so the seeded calls
 * (under the demo sources) never enter its figures.
 */
let t: TestApp;
let send: ReturnType<typeof sender>;
let office: Record<string, string>;
let phoenixUser: string;
let run = 0;

const report = async (as: string, body: object) => {
  const res = await send('POST', '/api/v1/dnis/attribution', as, body);
  expect(res.statusCode, res.body).toBe(200);
  return attributionReportSchema.parse(res.json());
};

async function line(source: string, officeName: string, type = 'TV') {
  const res = await send('POST', '/api/v1/dnis', SEEDED.admin, {
    dnis: uniqueDnis(),
    source,
    type,
    pointToOfficeId: office['Call Center'],
    officeId: office[officeName],
    effectiveFrom: '2024-01-01T00:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(200);
  return trackingLineDetailSchema.parse(res.json());
}

async function appointmentIn(stageId: number, inquiryId: string, clientId: string, officeId: string) {
  const [attorney] = await t.db().select({ id: attorneys.id }).from(attorneys).limit(1);
  await t
    .db()
    .insert(appointments)
    .values({
      clientId,
      inquiryId,
      attorneyId: attorney!.id,
      officeId,
      appointmentDateTime: new Date('2025-03-20T17:00:00Z'),
      stageId,
    });
}

beforeAll(async () => {
  t = await createTestApp();
  send = sender(t);
  office = await officeIds(t);
  phoenixUser = await trackingLineUserIn(t, office.Phoenix!);
});
afterAll(async () => t?.close());

describe('POST /api/v1/dnis/attribution', () => {
  const range = { monthFrom: '2025-02', monthTo: '2025-04' };

  it('401 without a token, 403 without TRACKING_LINE, 400 with the message for a reversed range', async () => {
    expect((await send('POST', '/api/v1/dnis/attribution', null, range)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/dnis/attribution', SEEDED.operator, range)).statusCode).toBe(403);
    const bad = await send('POST', '/api/v1/dnis/attribution', SEEDED.admin, { ...range, monthTo: '2025-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.monthTo).toBe('Month To cannot be before Month From.');
  });

  it('counts calls, unique callers, one lead per inquiry, first and last touch, signed cases and cost', async () => {
    run += 1;
    const tv = await line(`TV ${run}`, 'Phoenix');
    const radio = await line(`Radio ${run}`, 'Phoenix', 'RADIO');
    const inquiry = await createInquiryIn(t, office.Phoenix!);
    const at = (iso: string, l: typeof tv, callerId = '6025550111') =>
      insertInboundCall(t, {
        at: iso,
        dnis: l.dnis,
        trackingLineId: l.id,
        officeId: office.Phoenix,
        callerId,
        inquiryId: inquiry.id,
        clientId: inquiry.clientId,
      });
    // One caller three times (one lead): first on TV in March, last on radio in April.
    await at('2025-03-05T18:00:00Z', tv);
    await at('2025-03-06T18:00:00Z', tv);
    await at('2025-04-02T18:00:00Z', radio);
    await insertInboundCall(t, {
      at: '2025-03-07T18:00:00Z',
      dnis: tv.dnis,
      trackingLineId: tv.id,
      officeId: office.Phoenix,
      callerId: '6025550112',
    });
    await appointmentIn(118, inquiry.id, inquiry.clientId, office.Phoenix!);
    // Fees on the lead's matter: 1,000.00 and 250.00 of cost (not fees), in the cash flow.
    await t
      .db()
      .insert(payments)
      .values({
        officeId: office.Phoenix!,
        clientId: inquiry.clientId,
        inquiryId: inquiry.id,
        paymentType: 'CHECK',
        feesCents: 100_000,
        costCents: 25_000,
        receiptNumber: 770_000 + run,
        paymentDate: '2025-04-10',
      });
    // A second lead on TV in March whose appointment is set but not signed.
    const booked = await createInquiryIn(t, office.Phoenix!);
    await insertInboundCall(t, {
      at: '2025-03-08T18:00:00Z',
      dnis: tv.dnis,
      trackingLineId: tv.id,
      officeId: office.Phoenix,
      callerId: '6025550113',
      inquiryId: booked.id,
    });
    await appointmentIn(117, booked.id, booked.clientId, office.Phoenix!);
    const spend = await send('PUT', '/api/v1/dnis/spend', SEEDED.admin, {
      source: tv.source,
      month: '2025-03',
      amountCents: 50_000,
    });
    expect(spend.statusCode, spend.body).toBe(200);
    await send('PUT', '/api/v1/dnis/spend', SEEDED.admin, {
      source: tv.source,
      month: '2025-03',
      amountCents: 120_001,
    });

    const rows = (await report(SEEDED.admin, range)).items.filter((r) => [tv.source, radio.source].includes(r.source));
    expect(rows.map((r) => [r.month, r.source, r.calls, r.uniqueCallers])).toEqual([
      ['2025-03', radio.source, 0, 0],
      ['2025-03', tv.source, 4, 3],
      ['2025-04', radio.source, 1, 1],
    ]);
    const tvMarch = rows.find((r) => r.source === tv.source)!;
    expect(tvMarch.spendCents).toBe(120_001);
    expect(tvMarch.firstTouch).toEqual({
      leads: 2,
      appointmentsSet: 2,
      signedCases: 1,
      costPerLeadCents: 60_001,
      costPerSignedCaseCents: 120_001,
      feesCollectedCents: 100_000,
    });
    expect(tvMarch.lastTouch).toMatchObject({ leads: 1, signedCases: 0, feesCollectedCents: 0 });
    expect(rows[0]!.lastTouch).toMatchObject({ leads: 1, signedCases: 1, feesCollectedCents: 100_000 });
    // Marketing without CASH_FLOW READ sees the leads but not the money.
    const scoped = (await report(phoenixUser, range)).items.find(
      (r) => r.source === tv.source && r.month === '2025-03',
    );
    expect(scoped!.firstTouch).toMatchObject({ leads: 2, feesCollectedCents: null });
  });

  it('gives equal figures for the past before and after a re-mapping', async () => {
    run += 1;
    const tv = await line(`TV ${run}`, 'Phoenix');
    await insertInboundCall(t, {
      at: '2025-02-10T18:00:00Z',
      dnis: tv.dnis,
      trackingLineId: tv.id,
      officeId: office.Phoenix,
    });
    await insertInboundCall(t, {
      at: '2025-03-10T18:00:00Z',
      dnis: tv.dnis,
      trackingLineId: tv.id,
      officeId: office.Phoenix,
    });
    const before = await report(SEEDED.admin, range);

    const remap = await send('PUT', `/api/v1/dnis/${tv.id}`, SEEDED.admin, {
      source: `Billboard ${run}`,
      type: 'BILLBOARD',
      pointToOfficeId: office.Phoenix,
      officeId: office.Phoenix,
      effectiveFrom: '2025-02-01T00:00:00.000Z',
    });
    expect(remap.statusCode, remap.body).toBe(200);
    const after = await report(SEEDED.admin, range);
    expect(after).toEqual(before);
    expect(after.items.filter((r) => r.source === tv.source).map((r) => r.calls)).toEqual([1, 1]);
  });

  it('puts a call in the month it was at its office', async () => {
    run += 1;
    const tv = await line(`Late TV ${run}`, 'Phoenix');
    // 05:30 UTC on the 1st of April is still the evening of 31 March in Phoenix (UTC−7).
    await insertInboundCall(t, {
      at: '2025-04-01T05:30:00Z',
      dnis: tv.dnis,
      trackingLineId: tv.id,
      officeId: office.Phoenix,
    });
    const rows = (await report(SEEDED.admin, range)).items.filter((r) => r.source === tv.source);
    expect(rows.map((r) => [r.month, r.calls])).toEqual([['2025-03', 1]]);
  });

  it('counts a number’s earlier calls once a line claims them', async () => {
    run += 1;
    const dnis = uniqueDnis();
    await insertInboundCall(t, { at: '2025-03-12T18:00:00Z', dnis, callerId: '6025550177' });
    const res = await send('POST', '/api/v1/dnis', SEEDED.admin, {
      dnis,
      source: `Claimed ${run}`,
      type: 'DIGITAL',
      pointToOfficeId: office['Call Center'],
      officeId: office.Phoenix,
      effectiveFrom: '2025-03-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await report(phoenixUser, range)).items.filter((r) => r.source === `Claimed ${run}`);
    expect(rows.map((r) => [r.month, r.calls, r.uniqueCallers])).toEqual([['2025-03', 1, 1]]);
  });

  it('counts a caller once across the offices a user sees', async () => {
    run += 1;
    const source = `Shared ${run}`;
    const phoenix = await line(source, 'Phoenix');
    const dallas = await line(source, 'Dallas');
    for (const [l, officeId] of [
      [phoenix, office.Phoenix],
      [dallas, office.Dallas],
    ] as const) {
      await insertInboundCall(t, {
        at: '2025-03-14T18:00:00Z',
        dnis: l.dnis,
        trackingLineId: l.id,
        officeId,
        callerId: '6025550188',
      });
    }
    const both = await trackingLineUserIn(t, [office.Phoenix!, office.Dallas!]);
    for (const as of [SEEDED.admin, both]) {
      const rows = (await report(as, range)).items.filter((r) => r.source === source);
      expect(rows.map((r) => [r.month, r.calls, r.uniqueCallers])).toEqual([['2025-03', 2, 1]]);
    }
    const rows = (await report(phoenixUser, range)).items.filter((r) => r.source === source);
    expect(rows.map((r) => [r.calls, r.uniqueCallers])).toEqual([[1, 1]]);
  });

  it('counts only the calls of the caller’s offices', async () => {
    run += 1;
    const dallas = await line(`Dallas TV ${run}`, 'Dallas');
    await insertInboundCall(t, {
      at: '2025-03-10T18:00:00Z',
      dnis: dallas.dnis,
      trackingLineId: dallas.id,
      officeId: office.Dallas,
    });
    const admin = await report(SEEDED.admin, range);
    expect(admin.items.some((r) => r.source === dallas.source)).toBe(true);
    const scoped = await report(phoenixUser, range);
    expect(scoped.items.some((r) => r.source === dallas.source)).toBe(false);
  });
});

describe('PUT /api/v1/dnis/spend', () => {
  it('401, 403 and 400 with the message for a fraction of a cent', async () => {
    const body = { source: 'TV', month: '2025-03', amountCents: 100 };
    expect((await send('PUT', '/api/v1/dnis/spend', null, body)).statusCode).toBe(401);
    expect((await send('PUT', '/api/v1/dnis/spend', SEEDED.operator, body)).statusCode).toBe(403);
    const bad = await send('PUT', '/api/v1/dnis/spend', SEEDED.admin, { ...body, amountCents: 10.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.amountCents).toBe('Amount must be a whole number of cents, 0 or more.');
  });
});
