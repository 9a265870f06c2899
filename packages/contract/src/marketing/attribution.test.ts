import { describe, expect, it } from 'vitest';
import type { LeadGroup } from './attribution.ts';
import { attributionRequestSchema, attributionRows, attributionTotals, costPer, monthsInRange } from './attribution.ts';

const lead = (month: string, firstSource: string, lastSource: string, extra: Partial<LeadGroup> = {}): LeadGroup => ({
  month,
  firstSource,
  lastSource,
  leads: 1,
  appointmentsSet: 0,
  signedCases: 0,
  feesCollectedCents: 0,
  ...extra,
});

describe('attribution rows', () => {
  it('puts first touch and last touch side by side, each lead once under each', () => {
    const rows = attributionRows(
      [
        { source: 'TV', month: '2026-09', calls: 3, uniqueCallers: 2 },
        { source: 'Radio', month: '2026-09', calls: 1, uniqueCallers: 1 },
      ],
      [lead('2026-09', 'TV', 'Radio', { appointmentsSet: 1, signedCases: 1 }), lead('2026-09', 'TV', 'TV')],
      [{ source: 'TV', month: '2026-09', amountCents: 100_001 }],
      false,
    );
    expect(rows.map((r) => [r.month, r.source])).toEqual([
      ['2026-09', 'Radio'],
      ['2026-09', 'TV'],
    ]);
    const tv = rows.find((r) => r.source === 'TV')!;
    expect(tv.firstTouch).toEqual({
      leads: 2,
      appointmentsSet: 1,
      signedCases: 1,
      costPerLeadCents: 50_001,
      costPerSignedCaseCents: 100_001,
      // Without CASH_FLOW READ the fees are not the caller's to see.
      feesCollectedCents: null,
    });
    expect(tv.lastTouch.leads).toBe(1);
    const radio = rows.find((r) => r.source === 'Radio')!;
    expect(radio.lastTouch).toMatchObject({ leads: 1, signedCases: 1, costPerLeadCents: null });
    expect(radio.spendCents).toBeNull();
  });

  it('lists a month with spend but no calls', () => {
    const rows = attributionRows([], [], [{ source: 'Billboard', month: '2026-08', amountCents: 5000 }], true);
    expect(rows).toMatchObject([{ source: 'Billboard', month: '2026-08', calls: 0, spendCents: 5000 }]);
  });

  it('adds up groups of leads that share a first or a last touch', () => {
    const rows = attributionRows(
      [],
      [
        lead('2026-09', 'TV', 'Radio', { leads: 3, appointmentsSet: 2, signedCases: 1, feesCollectedCents: 300_001 }),
        lead('2026-09', 'TV', 'TV', { leads: 2, appointmentsSet: 1, feesCollectedCents: 50 }),
      ],
      [],
      true,
    );
    const tv = rows.find((r) => r.source === 'TV')!;
    expect(tv.firstTouch).toMatchObject({ leads: 5, appointmentsSet: 3, signedCases: 1, feesCollectedCents: 300_051 });
    expect(tv.lastTouch).toMatchObject({ leads: 2, appointmentsSet: 1, signedCases: 0, feesCollectedCents: 50 });
    expect(rows.find((r) => r.source === 'Radio')!.lastTouch.feesCollectedCents).toBe(300_001);
  });

  it('totals every lead once and the cost over the whole range in whole cents', () => {
    const leads = [lead('2026-08', 'TV', 'TV', { signedCases: 1 }), lead('2026-09', 'TV', 'Radio')];
    const rows = attributionRows(
      [],
      leads,
      [
        { source: 'TV', month: '2026-08', amountCents: 1000 },
        { source: 'TV', month: '2026-09', amountCents: 1 },
      ],
      true,
    );
    expect(attributionTotals(rows, leads, true)).toEqual({
      calls: 0,
      leads: 2,
      appointmentsSet: 0,
      signedCases: 1,
      spendCents: 1001,
      costPerLeadCents: 501,
      costPerSignedCaseCents: 1001,
      feesCollectedCents: 0,
    });
  });

  it('costs nothing per lead without spend or leads', () => {
    expect(costPer(null, 3)).toBeNull();
    expect(costPer(500, 0)).toBeNull();
    expect(costPer(1000, 3)).toBe(333);
  });
});

describe('attribution request', () => {
  it('counts months across years', () => {
    expect(monthsInRange('2025-11', '2026-02')).toBe(4);
  });

  it('refuses reversed and over-long ranges and unknown fields with their messages', () => {
    const error = (body: object) => attributionRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(error({ monthFrom: '2026-05', monthTo: '2026-04' })).toBe('Month To cannot be before Month From.');
    expect(error({ monthFrom: '2024-01', monthTo: '2026-01' })).toBe('The month range can be at most 24 months.');
    expect(error({ monthFrom: '2026-13', monthTo: '2026-04' })).toBe('Month From must be a month (yyyy-MM).');
    expect(error({ monthFrom: '0000-01', monthTo: '2026-04' })).toBe('Month From must be a month (yyyy-MM).');
    // Months are each office's own: a zone sent by the browser has no say.
    expect(
      attributionRequestSchema.safeParse({ monthFrom: '2026-01', monthTo: '2026-04', timeZone: 'UTC' }).success,
    ).toBe(false);
  });
});
