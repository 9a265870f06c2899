import { describe, expect, it } from 'vitest';
import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { PERMISSION_TYPES } from '@casedesk/contract/access/permissions';
import type { Role } from '@casedesk/contract/users/user';
import { activeGroupId, isItemActive, MENU, visibleMenu } from './menu-model.ts';

function grant(permissionType: PermissionType, accessTypes: AccessType[] = ['READ'], conditions: Condition[] = []) {
  return {
    permissionType,
    accessLevelDTO: accessTypes.map((accessType) => ({ accessType, conditionDTO: conditions })),
  };
}
const roleIs = (...values: string[]): Condition => ({ conditionType: 'USER_ROLE', relationType: 'EQUALS', values });
const office: Condition = { conditionType: 'OFFICE', relationType: 'EQUALS', values: ['office-1'] };

/** The menu as `Group: Item, Item` lines, the way a person reads it. */
function shown(permissions: Permission[], role: Role = 'OPERATOR'): string[] {
  return visibleMenu({ permissions, role }).map((g) => `${g.label}: ${g.items.map((i) => i.label).join(', ')}`);
}

describe('menu model (SPEC §2 menu groups, §6 permissions)', () => {
  // Trust (client trust money, docs/accounting.md) is ours, beside the SPEC's cash-flow screens.
  it('lists the groups and items of SPEC §2 in order', () => {
    expect(MENU.map((g) => `${g.label}: ${g.items.map((i) => i.label).join(', ')}`)).toEqual([
      'Dashboard: Call Center, Office, Corporate',
      'Accounting: Cash Flow, Recon, Trust, Management',
      'Communication: Leads, Calls, SMS, Mail, Reporting',
      'Appointments: Set, All, PI, By Week',
      'Marketing: Tracking Lines',
      'Management: Office, Attorney, Litigation Calendar, Search Client',
      'Collections: Dashboard, Management, All Accounts, Reporting',
      'Admin Panel: User Access',
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(shown([])).toEqual([]);
  });

  it('shows an item only with READ on its permission, and a group only when an item shows', () => {
    expect(shown([grant('LEADS'), grant('SEARCH_CLIENT'), grant('USER_ACCESS', ['UPDATE'])])).toEqual([
      'Communication: Leads',
      'Management: Search Client',
    ]);
  });

  it('ignores record conditions such as the office when deciding whether an item shows', () => {
    expect(shown([grant('CASH_FLOW', ['READ'], [office]), grant('DASHBOARD_OFFICE', ['READ'], [office])])).toEqual([
      'Dashboard: Office',
      'Accounting: Cash Flow, Trust',
    ]);
  });

  it('opens communication reporting with either reporting permission', () => {
    expect(shown([grant('CALL_CENTER_REPORTING')])).toEqual(['Communication: Reporting']);
    expect(shown([grant('COMMUNICATION_REPORTING')])).toEqual(['Communication: Reporting']);
  });

  it('shows the collections screens when their role condition holds for the user (SPEC §6)', () => {
    const adminGrants = [
      grant('COLLECTIONS_DASHBOARD', ['READ'], [roleIs('ADMIN')]),
      grant('COLLECTION_MANAGEMENT', ['READ'], [roleIs('ADMIN')]),
      grant('COLLECTION_REPORTING', ['READ'], [roleIs('ADMIN')]),
      grant('ALL_ACCOUNTS'),
    ];
    expect(shown(adminGrants, 'ADMIN')).toEqual(['Collections: Dashboard, Management, All Accounts, Reporting']);
    // The ADMIN conditions fail for a MANAGER; ALL_ACCOUNTS still opens the dashboard with their own figures.
    expect(shown(adminGrants, 'MANAGER')).toEqual(['Collections: Dashboard, All Accounts']);
    expect(shown([grant('COLLECTIONS_DASHBOARD', ['READ'], [roleIs('ADMIN', 'MANAGER')])], 'MANAGER')).toEqual([
      'Collections: Dashboard',
    ]);
  });

  it('shows every item to a user holding every permission', () => {
    const all = PERMISSION_TYPES.map((type) => grant(type, ['READ', 'CREATE', 'UPDATE']));
    expect(visibleMenu({ permissions: all, role: 'ADMIN' }).flatMap((g) => g.items)).toHaveLength(
      MENU.flatMap((g) => g.items).length,
    );
  });
});

describe('active item (SPEC §2: follows the URL)', () => {
  const items = MENU.flatMap((g) => g.items);
  const byLabel = (group: string, label: string) =>
    MENU.find((g) => g.label === group)!.items.find((i) => i.label === label)!;

  it('marks exactly the item of the current route', () => {
    expect(items.filter((i) => isItemActive(i, '/appointments/pi')).map((i) => i.label)).toEqual(['PI']);
    expect(items.filter((i) => isItemActive(i, '/accounting/cash-flow')).map((i) => i.label)).toEqual(['Cash Flow']);
  });

  it('keeps the list item active on its detail screens', () => {
    expect(isItemActive(byLabel('Collections', 'All Accounts'), '/collections/account-detail/42')).toBe(true);
    expect(isItemActive(byLabel('Management', 'Office'), '/management/office/7')).toBe(true);
    expect(isItemActive(byLabel('Management', 'Search Client'), '/client/9')).toBe(true);
    expect(activeGroupId(MENU, '/admin-panel/user-access/abc')).toBe('adminPanel');
  });

  it('marks nothing on a path outside the menu', () => {
    expect(items.filter((i) => isItemActive(i, '/nowhere'))).toEqual([]);
    expect(activeGroupId(MENU, '/dashboard')).toBeUndefined();
  });
});
