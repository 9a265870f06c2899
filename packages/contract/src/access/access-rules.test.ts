import { describe, expect, it } from 'vitest';
import type { ConditionUniverse } from './access-rules.ts';
import { accessAsOf, decideRecordAccess, ungrantableLevels } from './access-rules.ts';
import type { Condition, Permission } from './permission-schemas.ts';

const universe: ConditionUniverse = {
  OFFICE: ['la', 'miami', 'dallas'],
  USER_ROLE: ['ADMIN', 'MANAGER', 'OPERATOR'],
  SMS_CATEGORY_TYPE: ['CALL_CENTER', 'COLLECTIONS'],
};
const office = (relationType: 'EQUALS' | 'NOT_EQUALS', ...values: string[]): Condition => ({
  conditionType: 'OFFICE',
  relationType,
  values,
});
const sms = (...conditions: Condition[]): Permission => ({
  permissionType: 'SMS',
  accessLevelDTO: [{ accessType: 'CREATE', conditionDTO: conditions }],
});

describe('ungrantableLevels (no escalation)', () => {
  it('lets an administrator grant what their own levels cover, and no more', () => {
    const held = [sms(office('EQUALS', 'la', 'miami'))];
    expect(ungrantableLevels(held, 'MANAGER', [], [sms(office('EQUALS', 'la'))], universe)).toEqual([]);
    expect(ungrantableLevels(held, 'MANAGER', [], [sms(office('NOT_EQUALS', 'dallas'))], universe)).toEqual([]);
    expect(ungrantableLevels(held, 'MANAGER', [], [sms(office('EQUALS', 'dallas'))], universe)).toEqual(['SMS CREATE']);
    expect(ungrantableLevels(held, 'MANAGER', [], [sms()], universe)).toEqual(['SMS CREATE']);
  });

  it('never refuses a level left as it was, nor one taken away', () => {
    const wide = [sms()];
    expect(ungrantableLevels([], 'MANAGER', wide, wide, universe)).toEqual([]);
    expect(ungrantableLevels([], 'MANAGER', wide, [], universe)).toEqual([]);
  });

  it('a level held only under a role condition the holder fails is not held', () => {
    const held: Permission[] = [
      {
        permissionType: 'COLLECTIONS_DASHBOARD',
        accessLevelDTO: [
          {
            accessType: 'READ',
            conditionDTO: [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] }],
          },
        ],
      },
    ];
    const grant: Permission[] = [
      {
        permissionType: 'COLLECTIONS_DASHBOARD',
        accessLevelDTO: [
          {
            accessType: 'READ',
            conditionDTO: [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] }],
          },
        ],
      },
    ];
    expect(ungrantableLevels(held, 'MANAGER', [], grant, universe)).toEqual(['COLLECTIONS_DASHBOARD READ']);
    expect(ungrantableLevels(held, 'ADMIN', [], grant, universe)).toEqual([]);
  });
});

describe('decideRecordAccess', () => {
  const describe_ = (c: Condition) =>
    `office ${c.relationType === 'EQUALS' ? 'is one of' : 'is not one of'} ${c.values.join(', ')}`;
  const facts = { role: 'OPERATOR', accountEnabled: true, attributes: { OFFICE: 'la' } };

  it('names the permission that allows, or the condition that fails first', () => {
    const allowed = decideRecordAccess([sms(office('EQUALS', 'la'))], facts, ['SMS'], 'CREATE', describe_);
    expect(allowed).toEqual({
      accessType: 'CREATE',
      allowed: true,
      permissionType: 'SMS',
      because: 'SMS CREATE with office is one of la.',
    });
    const refused = decideRecordAccess([sms(office('EQUALS', 'miami'))], facts, ['SMS'], 'CREATE', describe_);
    expect(refused).toMatchObject({ allowed: false, because: 'SMS CREATE needs office is one of miami.' });
    expect(decideRecordAccess([], facts, ['SMS'], 'CREATE', describe_).because).toBe('SMS has no CREATE access.');
  });

  it('a disabled account can do nothing', () => {
    const decision = decideRecordAccess([sms()], { ...facts, accountEnabled: false }, ['SMS'], 'CREATE', describe_);
    expect(decision).toMatchObject({ allowed: false, because: 'The account is disabled.' });
  });
});

describe('accessAsOf', () => {
  it('undoes every change made after the moment, newest first', () => {
    const current = { role: 'MANAGER', accountEnabled: true, officeId: 'la', permissions: [sms()] };
    const changes = [
      { occurredAt: '2026-03-01T00:00:00Z', before: { permissions: [] } },
      { occurredAt: '2026-02-01T00:00:00Z', before: { role: 'OPERATOR' } },
    ];
    expect(accessAsOf(current, changes, '2026-03-02T00:00:00Z')).toEqual(current);
    expect(accessAsOf(current, changes, '2026-02-15T00:00:00Z')).toEqual({ ...current, permissions: [] });
    expect(accessAsOf(current, changes, '2026-01-01T00:00:00Z')).toEqual({
      ...current,
      permissions: [],
      role: 'OPERATOR',
    });
  });
});
