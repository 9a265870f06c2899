import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition, Permission } from './permissions.ts';
import { allowsRecord, conditionHolds, findAccessLevel, hasAccess, scopeOf } from './permissions.ts';

const office = (relationType: Condition['relationType'], ...values: string[]): Condition => ({
  conditionType: 'OFFICE',
  relationType,
  values,
});
const category = (relationType: Condition['relationType'], ...values: string[]): Condition => ({
  conditionType: 'SMS_CATEGORY_TYPE',
  relationType,
  values,
});
const sms = (...conditions: Condition[]): Permission[] => [
  {
    permissionType: 'SMS',
    accessLevelDTO: [
      { accessType: 'CREATE', conditionDTO: conditions },
      { accessType: 'READ', conditionDTO: [] },
    ],
  },
];

describe('hasAccess / findAccessLevel', () => {
  it('finds the level of the right type and access only', () => {
    const perms = sms();
    expect(hasAccess(perms, 'SMS', 'CREATE')).toBe(true);
    expect(hasAccess(perms, 'SMS', 'READ')).toBe(true);
    expect(hasAccess(perms, 'SMS', 'UPDATE')).toBe(false);
    expect(hasAccess(perms, 'CALLS', 'READ')).toBe(false);
    expect(hasAccess([], 'SMS', 'READ')).toBe(false);
    expect(findAccessLevel(perms, 'SMS', 'CREATE')?.accessType).toBe('CREATE');
  });
});

describe('conditionHolds', () => {
  it('EQUALS holds for a listed value only', () => {
    expect(conditionHolds(office('EQUALS', 'a', 'b'), 'a')).toBe(true);
    expect(conditionHolds(office('EQUALS', 'a', 'b'), 'c')).toBe(false);
    expect(conditionHolds(office('EQUALS', 'a'), null)).toBe(false);
  });

  it('NOT_EQUALS holds for any unlisted value, including none', () => {
    expect(conditionHolds(office('NOT_EQUALS', 'a', 'b'), 'c')).toBe(true);
    expect(conditionHolds(office('NOT_EQUALS', 'a', 'b'), 'b')).toBe(false);
    expect(conditionHolds(office('NOT_EQUALS', 'a'), undefined)).toBe(true);
  });

  it('EQUALS and NOT_EQUALS of the same values are exact opposites', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1 }), fc.option(fc.string()), (values, value) => {
        expect(conditionHolds(office('EQUALS', ...values), value)).toBe(
          !conditionHolds(office('NOT_EQUALS', ...values), value),
        );
      }),
    );
  });
});

describe('allowsRecord', () => {
  it('no access level means no record', () => {
    expect(allowsRecord([], 'SMS', 'CREATE', { OFFICE: 'a' })).toBe(false);
  });

  it('an unconditioned level allows every record', () => {
    expect(allowsRecord(sms(), 'SMS', 'CREATE', { OFFICE: 'anything', SMS_CATEGORY_TYPE: 'X' })).toBe(true);
  });

  it('every condition must hold (several conditions are ANDed)', () => {
    const perms = sms(office('EQUALS', 'o1', 'o2'), category('NOT_EQUALS', 'COLLECTIONS'));
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1', SMS_CATEGORY_TYPE: 'CALL_CENTER' })).toBe(true);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o3', SMS_CATEGORY_TYPE: 'CALL_CENTER' })).toBe(false);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1', SMS_CATEGORY_TYPE: 'COLLECTIONS' })).toBe(false);
  });

  it('two conditions of one type both apply', () => {
    const perms = sms(office('EQUALS', 'o1', 'o2'), office('NOT_EQUALS', 'o2'));
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1' })).toBe(true);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o2' })).toBe(false);
  });

  it('leaves conditions about attributes the caller did not pass to the check that has them', () => {
    const perms = sms(office('EQUALS', 'o1'), category('EQUALS', 'CALL_CENTER'));
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1' })).toBe(true);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { SMS_CATEGORY_TYPE: 'COLLECTIONS' })).toBe(false);
  });

  it('a record with the attribute but no value fails EQUALS', () => {
    expect(allowsRecord(sms(office('EQUALS', 'o1')), 'SMS', 'CREATE', { OFFICE: null })).toBe(false);
  });

  it('conditions of one access level do not leak into another', () => {
    const perms = sms(office('EQUALS', 'o1'));
    expect(allowsRecord(perms, 'SMS', 'READ', { OFFICE: 'o9' })).toBe(true);
  });
});

describe('scopeOf', () => {
  it('none without the level; all without conditions of that type', () => {
    expect(scopeOf([], 'SMS', 'CREATE', 'OFFICE')).toEqual({ kind: 'none' });
    expect(scopeOf(sms(category('EQUALS', 'X')), 'SMS', 'CREATE', 'OFFICE')).toEqual({ kind: 'all' });
  });

  it('intersects EQUALS lists and removes NOT_EQUALS values', () => {
    const perms = sms(office('EQUALS', 'a', 'b', 'c'), office('EQUALS', 'b', 'c', 'd'), office('NOT_EQUALS', 'c'));
    expect(scopeOf(perms, 'SMS', 'CREATE', 'OFFICE')).toEqual({ kind: 'limited', only: ['b'], except: ['c'] });
  });

  it('only NOT_EQUALS gives an except list over everything', () => {
    expect(scopeOf(sms(office('NOT_EQUALS', 'x')), 'SMS', 'CREATE', 'OFFICE')).toEqual({
      kind: 'limited',
      only: null,
      except: ['x'],
    });
  });

  it('an empty intersection is no access', () => {
    expect(scopeOf(sms(office('EQUALS', 'a'), office('EQUALS', 'b')), 'SMS', 'CREATE', 'OFFICE')).toEqual({
      kind: 'none',
    });
  });

  it('agrees with allowsRecord for every value (property)', () => {
    const values = fc.constantFrom('a', 'b', 'c', 'd');
    const condition = fc.record({
      conditionType: fc.constant('OFFICE' as const),
      relationType: fc.constantFrom('EQUALS' as const, 'NOT_EQUALS' as const),
      values: fc.uniqueArray(values, { minLength: 1 }),
    });
    fc.assert(
      fc.property(fc.array(condition, { maxLength: 4 }), values, (conditions, value) => {
        const perms = sms(...conditions);
        const scope = scopeOf(perms, 'SMS', 'CREATE', 'OFFICE');
        const inScope =
          scope.kind === 'all' ||
          (scope.kind === 'limited' &&
            (scope.only === null || scope.only.includes(value)) &&
            !scope.except.includes(value));
        expect(inScope).toBe(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: value }));
      }),
    );
  });
});
