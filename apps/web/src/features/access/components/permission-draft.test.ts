import { describe, expect, it } from 'vitest';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { conditionsOf, hasLevel, samePermissions, setConditions, toggleLevel } from './permission-draft.ts';

const inLa: Condition = { conditionType: 'OFFICE', relationType: 'EQUALS', values: ['la'] };

describe('permission draft', () => {
  it('grants and takes away levels; a type with no level drops out', () => {
    let list: Permission[] = [];
    list = toggleLevel(list, 'SMS', 'CREATE', true);
    list = toggleLevel(list, 'SMS', 'READ', true);
    expect(hasLevel(list, 'SMS', 'CREATE')).toBe(true);
    list = toggleLevel(list, 'SMS', 'CREATE', false);
    list = toggleLevel(list, 'SMS', 'READ', false);
    expect(list).toEqual([]);
  });

  it('sets a level’s conditions and compares lists whatever their order', () => {
    const list = setConditions(toggleLevel([], 'SMS', 'CREATE', true), 'SMS', 'CREATE', [inLa]);
    expect(conditionsOf(list, 'SMS', 'CREATE')).toEqual([inLa]);
    const a = toggleLevel(toggleLevel([], 'SMS', 'READ', true), 'LEADS', 'READ', true);
    const b = toggleLevel(toggleLevel([], 'LEADS', 'READ', true), 'SMS', 'READ', true);
    expect(samePermissions(a, b)).toBe(true);
    expect(samePermissions(a, list)).toBe(false);
  });
});
