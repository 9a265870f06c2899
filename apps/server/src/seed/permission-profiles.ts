import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { PERMISSION_TYPES } from '@casedesk/contract/access/permissions';
import type { Role } from '@casedesk/contract/users/user';

const ALL: AccessType[] = ['READ', 'CREATE', 'UPDATE'];
const READ: AccessType[] = ['READ'];
const READ_UPDATE: AccessType[] = ['READ', 'UPDATE'];

function grant(permissionType: PermissionType, accessTypes: AccessType[], conditions: Condition[] = []): Permission {
  return {
    permissionType,
    accessLevelDTO: accessTypes.map((accessType) => ({ accessType, conditionDTO: conditions })),
  };
}

const role = (value: Role): Condition => ({ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: [value] });
const inOffices = (officeIds: string[]): Condition => ({
  conditionType: 'OFFICE',
  relationType: 'EQUALS',
  values: officeIds,
});
const smsCategoryTypes = (...types: string[]): Condition => ({
  conditionType: 'SMS_CATEGORY_TYPE',
  relationType: 'EQUALS',
  values: types,
});

const ROLE_CONDITIONED: PermissionType[] = ['COLLECTIONS_DASHBOARD', 'COLLECTION_MANAGEMENT', 'COLLECTION_REPORTING'];

/** SPEC §6: everything; the collections screens by the ADMIN role condition. */
export function adminPermissions(): Permission[] {
  return PERMISSION_TYPES.map((type) => grant(type, ALL, ROLE_CONDITIONED.includes(type) ? [role('ADMIN')] : []));
}

/** Office-scoped: everything a branch manager runs, limited to their offices. */
export function managerPermissions(officeIds: string[]): Permission[] {
  const office = [inOffices(officeIds)];
  return [
    grant('DASHBOARD_OFFICE', READ, office),
    grant('LEADS', ALL, office),
    grant('CALLS', ALL, office),
    grant('SMS', ALL, office),
    grant('MAIL', ALL, office),
    grant('COMMUNICATION_REPORTING', READ, office),
    grant('APPOINTMENT_SET', ALL, office),
    grant('ALL_APPOINTMENTS', ALL, office),
    grant('APPOINTMENT_PI', ALL, office),
    grant('APPOINTMENT_BY_WEEK', READ, office),
    grant('OFFICE', READ_UPDATE, office),
    grant('ATTORNEY_SCHEDULE', ALL, office),
    grant('LITIGATION_CALENDAR', ALL, office),
    grant('SEARCH_CLIENT', READ),
    grant('CLIENT_PROFILE', READ_UPDATE),
    grant('CASH_FLOW', ALL, office),
    grant('CASH_FLOW_RECON', READ, office),
    grant('ALL_ACCOUNTS', READ, office),
    grant('COLLECTIONS_DASHBOARD', READ, [role('MANAGER')]),
    grant('USER_DIRECTORY', READ),
    grant('ATTORNEY_AVAILABILITY', READ),
    grant('USER_PROFILE', READ_UPDATE),
  ];
}

/** Call-centre operator: leads, calls, texts in the call-centre and office categories, appointments, search. */
export function operatorPermissions(): Permission[] {
  return [
    grant('DASHBOARD_CALL_CENTER', READ),
    grant('LEADS', ALL),
    grant('CALLS', ALL),
    grant('SMS', ALL, [smsCategoryTypes('CALL_CENTER', 'OFFICE')]),
    grant('MAIL', ['READ', 'CREATE']),
    grant('APPOINTMENT_SET', ALL),
    grant('ALL_APPOINTMENTS', ALL),
    grant('APPOINTMENT_BY_WEEK', READ),
    grant('SEARCH_CLIENT', READ),
    grant('CLIENT_PROFILE', ALL),
    grant('USER_DIRECTORY', READ),
    grant('ATTORNEY_AVAILABILITY', READ),
    grant('USER_PROFILE', READ_UPDATE),
  ];
}

/** Attorney: own schedule and calendars, read-only client profile. */
export function attorneyPermissions(officeId: string): Permission[] {
  return [
    grant('DASHBOARD_OFFICE', READ, [inOffices([officeId])]),
    grant('ATTORNEY_SCHEDULE', READ_UPDATE),
    grant('LITIGATION_CALENDAR', READ),
    grant('ALL_APPOINTMENTS', READ, [inOffices([officeId])]),
    grant('SEARCH_CLIENT', READ),
    grant('CLIENT_PROFILE', READ),
    grant('USER_DIRECTORY', READ),
    grant('ATTORNEY_AVAILABILITY', READ),
    grant('USER_PROFILE', READ_UPDATE),
  ];
}

/**
 * Collector: works collection accounts in every office (reads and changes them; opening them is accounting's and
 * management's), calls clients from the account page (CALLS CREATE only: no call log, and no bell for every
 * inbound call of the firm; the account's timeline shows the calls they made) and texts in the collection
 * categories.
 */
export function collectorPermissions(officeId: string): Permission[] {
  return [
    grant('DASHBOARD_OFFICE', READ, [inOffices([officeId])]),
    grant('ALL_ACCOUNTS', READ_UPDATE),
    grant('CALLS', ['CREATE']),
    grant('SMS', ALL, [smsCategoryTypes('COLLECTIONS')]),
    grant('MAIL', ALL, [inOffices([officeId])]),
    grant('SEARCH_CLIENT', READ),
    grant('CLIENT_PROFILE', READ),
    grant('USER_DIRECTORY', READ),
    grant('USER_PROFILE', READ_UPDATE),
  ];
}
