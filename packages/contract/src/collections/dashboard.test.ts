import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/permission-schemas.ts';
import { applyRoleConditions } from '../access/permissions.ts';
import type { CollectionAccountFilter } from './account.ts';
import { COLLECTION_STATUSES, FOLLOW_UP_DUE, collectionAccountFilterSchema } from './account.ts';
import {
  callerLocalTime,
  accountFilterFromQuery,
  accountFilterToQuery,
  callerDay,
  callerZoneLabel,
  collectionDashboardView,
  dashboardPeriod,
  monthBefore,
  monthOf,
} from './dashboard.ts';
import { AGING_BUCKETS, PLAN_STATES, agingBucketOf, agingDateRange, daysBetween } from './dashboard-filters.ts';

// The contract compiles without DOM or Node types; the runtime has URLSearchParams all the same.
const URLSearchParams = (
  globalThis as unknown as {
    URLSearchParams: new (init?: string | Record<string, string>) => {
      toString(): string;
      get(name: string): string | null;
    };
  }
).URLSearchParams;

const role = (value: string) => ({
  conditionType: 'USER_ROLE' as const,
  relationType: 'EQUALS' as const,
  values: [value],
});
const grant = (permissionType: Permission['permissionType'], conditions = [role('ADMIN')]): Permission => ({
  permissionType,
  accessLevelDTO: [{ accessType: 'READ', conditionDTO: conditions }],
});

describe('collectionDashboardView (SPEC §6)', () => {
  const view = (permissions: Permission[], r: 'ADMIN' | 'MANAGER' | 'COLLECTOR' | 'OPERATOR') =>
    collectionDashboardView(applyRoleConditions(permissions, r), r);

  it('gives the summary to the ADMIN role condition and the office view to the MANAGER one', () => {
    expect(view([grant('COLLECTIONS_DASHBOARD', [role('ADMIN')])], 'ADMIN')).toBe('SUMMARY');
    expect(view([grant('COLLECTIONS_DASHBOARD', [role('MANAGER')])], 'MANAGER')).toBe('BY_OFFICE');
  });

  it('drops a dashboard whose role condition names another role, leaving the own figures of ALL_ACCOUNTS', () => {
    const permissions = [grant('COLLECTIONS_DASHBOARD', [role('ADMIN')]), grant('ALL_ACCOUNTS', [])];
    expect(view(permissions, 'MANAGER')).toBe('BY_COLLECTOR');
    expect(view(permissions, 'COLLECTOR')).toBe('BY_COLLECTOR');
    expect(view([grant('COLLECTIONS_DASHBOARD', [role('MANAGER')])], 'ADMIN')).toBe('NONE');
  });

  it('gives nothing without the dashboard or the accounts', () => {
    expect(view([grant('CALLS', [])], 'OPERATOR')).toBe('NONE');
  });
});

describe('callerLocalTime', () => {
  it('prints an instant in a named zone across its clock change, or at a fixed offset', () => {
    // 2026-11-01 06:30:15Z is 01:30:15 EST, the second time that wall clock came round in New York.
    expect(callerLocalTime({ timeZone: 'America/New_York', offsetHours: 0 }, new Date('2026-11-01T06:30:15Z'))).toBe(
      '2026-11-01 01:30:15',
    );
    expect(callerLocalTime({ offsetHours: -5.5 }, new Date('2026-03-08T03:00:09Z'))).toBe('2026-03-07 21:30:09');
  });
});

describe('the caller’s days', () => {
  const now = new Date('2026-03-01T03:30:00Z');
  it('reads the day in a named zone, else at the offset', () => {
    expect(callerDay({ timeZone: 'America/New_York', offsetHours: 0 }, now)).toBe('2026-02-28');
    expect(callerDay({ offsetHours: -5 }, now)).toBe('2026-02-28');
    expect(callerDay({ offsetHours: 0 }, now)).toBe('2026-03-01');
    expect(callerZoneLabel({ offsetHours: -5 })).toBe('UTC-05:00');
    expect(callerZoneLabel({ offsetHours: 5.5 })).toBe('UTC+05:30');
  });
  it('takes this and last month whole, and 90 days of promises', () => {
    const period = dashboardPeriod({ timeZone: 'America/New_York', offsetHours: 0 }, now);
    expect(period.thisMonth).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(period.lastMonth).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(period.promiseWindow).toEqual({ from: '2025-12-01', to: '2026-02-28' });
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthBefore('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('aging buckets', () => {
  it('puts each day count in exactly the bucket whose date range holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 400 }), (days) => {
        const today = '2026-11-26';
        const agingDate = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
        const holding = AGING_BUCKETS.filter((bucket) => {
          const { from, to } = agingDateRange(bucket, today);
          return (from === null || agingDate >= from) && (to === null || agingDate <= to);
        });
        expect(holding).toEqual([agingBucketOf(daysBetween(agingDate, today))]);
      }),
    );
  });
});

const uuid = fc.uuid({ version: 4 });
const day = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const filterArbitrary: fc.Arbitrary<CollectionAccountFilter> = fc
  .record(
    {
      search: fc
        .string({ minLength: 1, maxLength: 20 })
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
      statuses: fc.uniqueArray(fc.constantFrom(...COLLECTION_STATUSES), { minLength: 1, maxLength: 6 }),
      officeId: uuid,
      collectorId: uuid,
      unassigned: fc.constant(true),
      balanceFromCents: fc.integer({ min: 0, max: 1000 }),
      followUpDue: fc.constantFrom(...FOLLOW_UP_DUE),
      today: day,
      agingBucket: fc.constantFrom(...AGING_BUCKETS),
      planState: fc.constantFrom(...PLAN_STATES),
      paidFrom: day,
      paidTo: day,
      promiseDueFrom: day,
      promiseDueTo: day,
    },
    { requiredKeys: [] },
  )
  .map((f) => (f.agingBucket && !f.today ? { ...f, today: '2026-11-26' } : f))
  .filter((f) => collectionAccountFilterSchema.safeParse(f).success);

describe('the all-accounts query of a filter', () => {
  it('reads back the filter it was written from', () => {
    fc.assert(
      fc.property(filterArbitrary, (filter) => {
        const query = new URLSearchParams(accountFilterToQuery(filter));
        expect(accountFilterFromQuery(query)).toEqual(filter);
      }),
    );
  });

  it('uses SPEC §2’s assignee parameters and plain names', () => {
    const query = accountFilterToQuery({
      statuses: ['ACTIVE', 'REVIEW'],
      collectorId: '6f1c1d6e-3a52-4b7e-9f39-2f4b1c1d6e3a',
      agingBucket: '31-60',
      today: '2026-11-26',
      balanceFromCents: 1,
    });
    expect(new URLSearchParams(query).toString()).toBe(
      'status=ACTIVE%2CREVIEW&assigneeId=6f1c1d6e-3a52-4b7e-9f39-2f4b1c1d6e3a&balanceFrom=1&today=2026-11-26&aging=31-60',
    );
    expect(accountFilterToQuery({ unassigned: true })).toEqual({ assignee: 'unassigned' });
    expect(accountFilterFromQuery(new URLSearchParams('assignee=me'), { userId: 'u1' })).toEqual({});
  });

  it('leaves out what does not parse', () => {
    expect(accountFilterFromQuery(new URLSearchParams('status=NOPE,REVIEW&aging=7&officeId=x&plan=MISSED'))).toEqual({
      statuses: ['REVIEW'],
      planState: 'MISSED',
    });
  });
});
