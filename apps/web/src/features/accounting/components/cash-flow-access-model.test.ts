import { describe, expect, it } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { choicesOf, describeAccess, isPlainOfficeAccess, permissionsOf } from './cash-flow-access-model.ts';

const inOffices = (...values: string[]) => [
  { conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values },
];
const names: Record<string, string> = { a: 'Dallas', b: 'Phoenix' };
const officeName = (id: string) => names[id] ?? id;

describe('cash-flow access model', () => {
  it('reads levels and offices into choices and writes them back unchanged', () => {
    const permissions: Permission[] = [
      {
        permissionType: 'CASH_FLOW',
        accessLevelDTO: [
          { accessType: 'READ', conditionDTO: inOffices('a', 'b') },
          { accessType: 'CREATE', conditionDTO: inOffices('a', 'b') },
        ],
      },
      { permissionType: 'CASH_FLOW_RECON', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] },
    ];
    const choices = choicesOf(permissions);
    expect(choices.CASH_FLOW).toEqual({ levels: ['READ', 'CREATE'], officeIds: ['a', 'b'] });
    expect(choices.CASH_FLOW_MANAGEMENT).toEqual({ levels: [], officeIds: [] });
    expect(permissionsOf(choices)).toEqual(permissions);
    expect(describeAccess(permissions[0], officeName)).toBe('Read, Create · Dallas, Phoenix');
    expect(describeAccess(permissions[1], officeName)).toBe('Read · All offices');
    expect(describeAccess(undefined, officeName)).toBe('—');
  });

  it('says when levels reach different offices or have other conditions', () => {
    const mixed: Permission = {
      permissionType: 'CASH_FLOW',
      accessLevelDTO: [
        { accessType: 'READ', conditionDTO: inOffices('a') },
        { accessType: 'CREATE', conditionDTO: inOffices('b') },
      ],
    };
    const notEquals: Permission = {
      permissionType: 'CASH_FLOW',
      accessLevelDTO: [
        { accessType: 'READ', conditionDTO: [{ conditionType: 'OFFICE', relationType: 'NOT_EQUALS', values: ['a'] }] },
      ],
    };
    expect(isPlainOfficeAccess(mixed)).toBe(false);
    expect(isPlainOfficeAccess(notEquals)).toBe(false);
    expect(describeAccess(notEquals, officeName)).toBe('Read · other conditions');
  });
});
