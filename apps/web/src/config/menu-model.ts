import { matchPath } from 'react-router';
import { paths } from '@/config/paths.ts';
import { requirementOf } from '@/config/route-access.ts';
import { meetsRequirement, type AccessSubject } from '@/lib/access.ts';

export type MenuGroupId =
  | 'dashboard'
  | 'accounting'
  | 'communication'
  | 'appointments'
  | 'marketing'
  | 'management'
  | 'collections'
  | 'adminPanel';

export interface MenuItem {
  label: string;
  /** Where the item leads. */
  href: string;
  /** The route pattern whose permission decides whether the item shows (config/route-access.ts). */
  route: string;
  /** Other route patterns under this item (detail screens), for the active state. */
  alsoActiveOn?: readonly string[];
}

export interface MenuGroup {
  id: MenuGroupId;
  label: string;
  items: readonly MenuItem[];
}

function item(label: string, route: string, href: string = route, alsoActiveOn?: readonly string[]): MenuItem {
  return { label, route, href, alsoActiveOn };
}

/** SPEC §2 "Menu groups", in the spec's order; drives both the top menu and the sidebar. */
export const MENU: readonly MenuGroup[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    items: [
      item('Call Center', paths.dashboard.callCenter.path),
      item('Office', paths.dashboard.office.path),
      item('Corporate', paths.dashboard.corporate.path),
    ],
  },
  {
    id: 'accounting',
    label: 'Accounting',
    items: [
      item('Cash Flow', paths.accounting.cashFlow.path, paths.accounting.cashFlow.href(), [paths.payment.detail.path]),
      item('Recon', paths.accounting.cashFlowRecon.path),
      item('Trust', paths.accounting.trust.path),
      item('Management', paths.accounting.cashFlowManagement.path),
    ],
  },
  {
    id: 'communication',
    label: 'Communication',
    items: [
      item('Leads', paths.communication.leads.path, undefined, [
        paths.communication.lead.path,
        paths.communication.inquiry.path,
      ]),
      item('Calls', paths.communication.calls.path),
      item('SMS', paths.communication.sms.path),
      item('Mail', paths.communication.mail.path),
      item('Reporting', paths.communication.reporting.path),
    ],
  },
  {
    id: 'appointments',
    label: 'Appointments',
    items: [
      item('Set', paths.appointments.set.path),
      item('All', paths.appointments.all.path),
      item('PI', paths.appointments.pi.path),
      item('By Week', paths.appointments.week.path),
    ],
  },
  {
    id: 'marketing',
    label: 'Marketing',
    items: [
      item('Tracking Lines', paths.marketing.trackingLines.path, undefined, [paths.marketing.trackingLineType.path]),
    ],
  },
  {
    id: 'management',
    label: 'Management',
    items: [
      item('Office', paths.management.office.path, undefined, [paths.management.officeDetail.path]),
      item('Attorney', paths.management.attorney.path, undefined, [paths.management.attorneyDetail.path]),
      item('Litigation Calendar', paths.management.litigationCalendar.path),
      item('Search Client', paths.management.searchClient.path, paths.management.searchClient.href(), [
        paths.client.detail.path,
      ]),
    ],
  },
  {
    id: 'collections',
    label: 'Collections',
    items: [
      item('Dashboard', paths.collections.dashboard.path),
      item('Management', paths.collections.management.path, paths.collections.management.href()),
      item('All Accounts', paths.collections.allAccounts.path, paths.collections.allAccounts.href(), [
        paths.collections.accountDetail.path,
      ]),
      item('Reporting', paths.collections.reporting.path, paths.collections.reporting.href()),
    ],
  },
  {
    id: 'adminPanel',
    label: 'Admin Panel',
    items: [item('User Access', paths.adminPanel.userAccess.path, undefined, [paths.adminPanel.userAccessDetail.path])],
  },
];

/** SPEC §2: an item shows only with its permission; a group only when one of its items shows. */
export function visibleMenu(subject: AccessSubject, menu: readonly MenuGroup[] = MENU): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((i) => meetsRequirement(subject, requirementOf(i.route))) }))
    .filter((group) => group.items.length > 0);
}

/** SPEC §2: the active item follows the URL (its own route or one of its detail routes). */
export function isItemActive(menuItem: MenuItem, pathname: string): boolean {
  return [menuItem.route, ...(menuItem.alsoActiveOn ?? [])].some(
    (pattern) => matchPath({ path: pattern, end: true }, pathname) !== null,
  );
}

export function activeGroupId(menu: readonly MenuGroup[], pathname: string): MenuGroupId | undefined {
  return menu.find((group) => group.items.some((i) => isItemActive(i, pathname)))?.id;
}
