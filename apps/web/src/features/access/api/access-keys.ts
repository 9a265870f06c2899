/**
 * The access module's query keys: every screen that reads an access-administration endpoint imports
 * them from here, so a change (a save, a profile applied) refreshes everything under `all`.
 */
import type { LookupKind, UserAccessListRequestInput } from '@casedesk/contract/access/access-admin';
import type { ConditionType } from '@casedesk/contract/access/permissions';

export const accessKeys = {
  all: ['accessControl'] as const,
  lookup: (kind: LookupKind) => [...accessKeys.all, 'lookup', kind] as const,
  conditionValues: (conditionType: ConditionType) => [...accessKeys.all, 'conditionValues', conditionType] as const,
  users: () => [...accessKeys.all, 'users'] as const,
  userList: (request: UserAccessListRequestInput) => [...accessKeys.users(), 'list', request] as const,
  user: (userId: string) => [...accessKeys.users(), userId] as const,
  history: (userId: string) => [...accessKeys.user(userId), 'history'] as const,
  accessAt: (userId: string, at: string) => [...accessKeys.user(userId), 'at', at] as const,
  profiles: () => [...accessKeys.all, 'profiles'] as const,
  directoryGroups: () => [...accessKeys.all, 'directoryGroups'] as const,
};
