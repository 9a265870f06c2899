import type { DirectoryPerson } from './directory-users.service.ts';

/** The user properties the sync asks Graph for (`$select` of /users/delta). */
export const GRAPH_USER_SELECT = [
  'id',
  'displayName',
  'mail',
  'userPrincipalName',
  'jobTitle',
  'department',
  'accountEnabled',
] as const;

/**
 * A user as /users/delta sends it. In a delta round an updated user carries its id and at least the
 * properties that changed: a property that is absent is unchanged (not null). A user removed from the
 * directory (deleted, or soft-deleted into its recycle bin) comes as its id with `@removed`.
 */
export interface GraphUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  accountEnabled?: boolean | null;
  '@removed'?: { reason?: string };
}

/** What we hold of a known user, for the properties a delta round leaves out. */
export interface KnownDirectoryUser {
  displayName: string;
  mail: string;
  jobTitle: string | null;
  accountEnabled: boolean;
}

export const isRemoved = (user: GraphUser): boolean => user['@removed'] !== undefined;

const present = (value: string | null | undefined): string | undefined => value?.trim() || undefined;

/**
 * The Graph user as a directory person: externalId is Graph's id, userName the mail (or, for an account
 * without a mailbox, the userPrincipalName), active its accountEnabled, department the office it names.
 * Null when no sign-in name can be found (a new user sent without mail and userPrincipalName).
 */
export function toDirectoryPerson(user: GraphUser, known?: KnownDirectoryUser): DirectoryPerson | null {
  const userName =
    'mail' in user
      ? (present(user.mail) ?? present(user.userPrincipalName) ?? known?.mail)
      : (known?.mail ?? present(user.userPrincipalName));
  if (!userName) return null;
  const displayName = present(user.displayName) ?? known?.displayName ?? userName;
  const jobTitle = 'jobTitle' in user ? (present(user.jobTitle) ?? null) : (known?.jobTitle ?? null);
  const active =
    user.accountEnabled === undefined || user.accountEnabled === null
      ? (known?.accountEnabled ?? true)
      : user.accountEnabled;
  return {
    externalId: user.id,
    userName,
    displayName,
    jobTitle,
    active,
    // Absent: the office stays as it is (provisioning moves a user only when the name matches an office).
    ...(user.department === undefined ? {} : { department: user.department }),
  };
}
