import type { PermissionType } from '@casedesk/contract/access/permissions';
import { paths } from './paths.ts';

/**
 * What a route needs: READ on one of the listed permission types (SPEC §6). Conditions on the user's
 * role are checked against the signed-in user's role; record conditions (office, SMS category)
 * narrow the data later, not the route.
 */
export interface RouteRequirement {
  /** Any one of these suffices. */
  anyOf: readonly [PermissionType, ...PermissionType[]];
}

function needs(...anyOf: [PermissionType, ...PermissionType[]]): RouteRequirement {
  return { anyOf };
}

/**
 * The one table of route → permission (SPEC §2 routes, §6 permission types). The menu shows an item
 * exactly when its route is reachable, so both read this table. Routes absent from it need only a
 * signed-in, enabled account (/, /dashboard).
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteRequirement>> = {
  [paths.dashboard.callCenter.path]: needs('DASHBOARD_CALL_CENTER'),
  [paths.dashboard.office.path]: needs('DASHBOARD_OFFICE'),
  [paths.dashboard.corporate.path]: needs('DASHBOARD_CORPORATE'),

  [paths.accounting.cashFlow.path]: needs('CASH_FLOW'),
  [paths.accounting.cashFlowRecon.path]: needs('CASH_FLOW_RECON'),
  [paths.accounting.trust.path]: needs('CASH_FLOW'),
  [paths.accounting.cashFlowManagement.path]: needs('CASH_FLOW_MANAGEMENT'),
  [paths.payment.detail.path]: needs('CASH_FLOW'),

  [paths.communication.leads.path]: needs('LEADS'),
  [paths.communication.calls.path]: needs('CALLS'),
  [paths.communication.sms.path]: needs('SMS'),
  [paths.communication.mail.path]: needs('MAIL'),
  // SPEC §6 names two reporting types; either opens the reporting screen.
  [paths.communication.reporting.path]: needs('COMMUNICATION_REPORTING', 'CALL_CENTER_REPORTING'),
  [paths.communication.lead.path]: needs('LEADS'),
  [paths.communication.inquiry.path]: needs('LEADS'),

  [paths.appointments.set.path]: needs('APPOINTMENT_SET'),
  [paths.appointments.all.path]: needs('ALL_APPOINTMENTS'),
  [paths.appointments.pi.path]: needs('APPOINTMENT_PI'),
  [paths.appointments.week.path]: needs('APPOINTMENT_BY_WEEK'),

  [paths.marketing.trackingLines.path]: needs('TRACKING_LINE'),
  [paths.marketing.trackingLineType.path]: needs('TRACKING_LINE'),

  [paths.management.office.path]: needs('OFFICE'),
  [paths.management.officeDetail.path]: needs('OFFICE'),
  [paths.management.attorney.path]: needs('ATTORNEY_SCHEDULE'),
  [paths.management.attorneyDetail.path]: needs('ATTORNEY_SCHEDULE'),
  [paths.management.litigationCalendar.path]: needs('LITIGATION_CALENDAR'),
  [paths.management.searchClient.path]: needs('SEARCH_CLIENT'),
  [paths.client.detail.path]: needs('CLIENT_PROFILE'),

  // SPEC §6: the collections dashboard for the ADMIN or MANAGER role condition; management and
  // reporting for the ADMIN one. The seeded grants carry those conditions (see lib/access.ts). Whoever
  // works accounts (ALL_ACCOUNTS) opens the dashboard too, and sees their own figures there.
  [paths.collections.dashboard.path]: needs('COLLECTIONS_DASHBOARD', 'ALL_ACCOUNTS'),
  [paths.collections.management.path]: needs('COLLECTION_MANAGEMENT'),
  [paths.collections.allAccounts.path]: needs('ALL_ACCOUNTS'),
  [paths.collections.reporting.path]: needs('COLLECTION_REPORTING'),
  [paths.collections.accountDetail.path]: needs('ALL_ACCOUNTS'),

  // Injecting texts needs SMS CREATE on the server; READ opens the page.
  [paths.tools.phoneSimulator.path]: needs('SMS'),

  [paths.adminPanel.userAccess.path]: needs('USER_ACCESS'),
  [paths.adminPanel.userAccessDetail.path]: needs('USER_ACCESS'),
};

export function requirementOf(path: string): RouteRequirement | undefined {
  return ROUTE_ACCESS[path];
}
