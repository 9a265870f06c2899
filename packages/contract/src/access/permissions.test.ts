import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition, Permission } from './permission-schemas.ts';
import {
  allowsRecord,
  applyRoleConditions,
  conditionHolds,
  findAccessLevel,
  hasAccess,
  hasAccessAs,
  scopeAllows,
  scopeOf,
} from './permissions.ts';

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
const role = (relationType: Condition['relationType'], ...values: string[]): Condition => ({
  conditionType: 'USER_ROLE',
  relationType,
  values,
});
const relation = fc.constantFrom('EQUALS' as const, 'NOT_EQUALS' as const);
const values = fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1 });
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
  it('a role condition denies at route level: hasAccess does not know the role', () => {
    expect(hasAccess(sms(role('EQUALS', 'ADMIN')), 'SMS', 'CREATE')).toBe(false);
    expect(hasAccess(sms(office('EQUALS', 'o1')), 'SMS', 'CREATE')).toBe(true);
  });

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

  it('fails closed: a condition about an attribute the check did not supply denies', () => {
    const perms = sms(office('EQUALS', 'o1'), category('EQUALS', 'CALL_CENTER'));
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1', SMS_CATEGORY_TYPE: 'CALL_CENTER' })).toBe(true);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1' })).toBe(false);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { SMS_CATEGORY_TYPE: 'CALL_CENTER' })).toBe(false);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1', SMS_CATEGORY_TYPE: undefined })).toBe(false);
    // NOT_EQUALS too: not knowing the value is not knowing it is unlisted.
    expect(allowsRecord(sms(category('NOT_EQUALS', 'COLLECTIONS')), 'SMS', 'CREATE', { OFFICE: 'o1' })).toBe(false);
  });

  it('fails closed on a role condition unless the role is supplied', () => {
    const perms = sms(role('EQUALS', 'ADMIN'));
    expect(allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: 'o1' })).toBe(false);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { USER_ROLE: 'ADMIN' })).toBe(true);
    expect(allowsRecord(perms, 'SMS', 'CREATE', { USER_ROLE: 'MANAGER' })).toBe(false);
  });

  it('denies a condition on a supplied attribute for any record it does not hold for (property)', () => {
    const types = fc.constantFrom('OFFICE' as const, 'USER_ROLE' as const, 'SMS_CATEGORY_TYPE' as const);
    fc.assert(
      fc.property(
        fc.array(fc.record({ conditionType: types, relationType: relation, values: values }), { maxLength: 4 }),
        fc.dictionary(types, fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined })),
        (conditions, record) => {
          const judged = conditions.every((c) => record[c.conditionType] !== undefined);
          const allowed = allowsRecord(sms(...conditions), 'SMS', 'CREATE', record);
          if (!judged) expect(allowed).toBe(false);
          else expect(allowed).toBe(conditions.every((c) => conditionHolds(c, record[c.conditionType])));
        },
      ),
    );
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
  it('none without the level; all without conditions of that type, when the others are applied elsewhere', () => {
    expect(scopeOf([], 'SMS', 'CREATE', 'OFFICE')).toEqual({ kind: 'none' });
    expect(scopeOf(sms(category('EQUALS', 'X')), 'SMS', 'CREATE', 'OFFICE', ['SMS_CATEGORY_TYPE'])).toEqual({
      kind: 'all',
    });
  });

  it('fails closed: a condition of another type that the caller does not apply makes the scope none', () => {
    expect(scopeOf(sms(category('EQUALS', 'X')), 'SMS', 'CREATE', 'OFFICE')).toEqual({ kind: 'none' });
    expect(scopeOf(sms(office('EQUALS', 'a'), role('EQUALS', 'ADMIN')), 'SMS', 'CREATE', 'OFFICE')).toEqual({
      kind: 'none',
    });
    expect(
      scopeOf(sms(office('EQUALS', 'a'), category('EQUALS', 'X')), 'SMS', 'CREATE', 'OFFICE', ['SMS_CATEGORY_TYPE']),
    ).toEqual({
      kind: 'limited',
      only: ['a'],
      except: [],
    });
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

describe('applyRoleConditions / hasAccessAs (SPEC §6 role conditions, judged for the signed-in user)', () => {
  const collections = (...conditions: Condition[]): Permission[] => [
    { permissionType: 'COLLECTIONS_DASHBOARD', accessLevelDTO: [{ accessType: 'READ', conditionDTO: conditions }] },
  ];

  it('drops a level whose role condition fails, and the role conditions of a level kept', () => {
    const perms = collections(role('EQUALS', 'ADMIN'), office('EQUALS', 'o1'));
    expect(applyRoleConditions(perms, 'MANAGER')[0]!.accessLevelDTO).toEqual([]);
    expect(applyRoleConditions(perms, 'ADMIN')[0]!.accessLevelDTO).toEqual([
      { accessType: 'READ', conditionDTO: [office('EQUALS', 'o1')] },
    ]);
    expect(applyRoleConditions(perms, null)[0]!.accessLevelDTO).toEqual([]);
  });

  it('NOT_EQUALS on the role keeps every other role', () => {
    const perms = collections(role('NOT_EQUALS', 'COLLECTOR'));
    expect(hasAccessAs(perms, 'MANAGER', 'COLLECTIONS_DASHBOARD', 'READ')).toBe(true);
    expect(hasAccessAs(perms, 'COLLECTOR', 'COLLECTIONS_DASHBOARD', 'READ')).toBe(false);
  });

  it('a screen is not narrowed by office or category conditions', () => {
    expect(hasAccessAs(sms(office('EQUALS', 'o1')), 'OPERATOR', 'SMS', 'CREATE')).toBe(true);
    expect(hasAccessAs(sms(role('EQUALS', 'ADMIN')), 'ADMIN', 'SMS', 'CREATE')).toBe(true);
    expect(hasAccessAs(sms(role('EQUALS', 'ADMIN')), 'OPERATOR', 'SMS', 'CREATE')).toBe(false);
  });
});

describe('scopeAllows', () => {
  it('agrees with allowsRecord for every value, null included (property)', () => {
    const value = fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: null });
    const condition = fc.record({ conditionType: fc.constant('OFFICE' as const), relationType: relation, values });
    fc.assert(
      fc.property(fc.array(condition, { maxLength: 4 }), value, (conditions, v) => {
        const perms = sms(...conditions);
        expect(scopeAllows(scopeOf(perms, 'SMS', 'CREATE', 'OFFICE'), v)).toBe(
          allowsRecord(perms, 'SMS', 'CREATE', { OFFICE: v }),
        );
      }),
    );
  });
});
