import type {
  CollectionAccountFilter,
  CollectionAccountListRequestInput,
} from '@casedesk/contract/collections/account';

/**
 * The collections module's query keys (accounts, their timeline and payment plans, terms and collectors). A
 * change to an account (edit, assign, note, adjustment, plan) refreshes everything under `accounts`: the list,
 * its totals, the detail, its timeline and its plans all show it.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  accounts: () => [...collectionKeys.all, 'accounts'] as const,
  list: (request: CollectionAccountListRequestInput) => [...collectionKeys.accounts(), 'list', request] as const,
  totals: (filter: CollectionAccountFilter) => [...collectionKeys.accounts(), 'totals', filter] as const,
  account: (accountId: string) => [...collectionKeys.accounts(), 'account', accountId] as const,
  timeline: (accountId: string) => [...collectionKeys.account(accountId), 'timeline'] as const,
  plans: (accountId: string) => [...collectionKeys.account(accountId), 'plans'] as const,
  terms: () => [...collectionKeys.all, 'terms'] as const,
  collectors: (officeId?: string) => [...collectionKeys.all, 'collectors', officeId ?? 'all'] as const,
  statuses: () => [...collectionKeys.all, 'statuses'] as const,
  contactRules: () => [...collectionKeys.all, 'contactRules'] as const,
  assignmentRules: () => [...collectionKeys.all, 'assignmentRules'] as const,
  access: () => [...collectionKeys.all, 'access'] as const,
};
