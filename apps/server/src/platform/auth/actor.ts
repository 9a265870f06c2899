import type { Permission } from '@casedesk/contract/access/permissions';
import type { Role, UserDetail } from '@casedesk/contract/users/user';

/** Who is calling: what every service receives instead of the HTTP request. */
export interface Actor {
  userId: string;
  role: Role;
  officeId: string | null;
  permissions: Permission[];
  /** The caller's own record, already loaded to authorize the request. */
  self: UserDetail;
  ip: string;
  requestId: string;
}

export interface ResolvedUser {
  id: string;
  role: Role;
  officeId: string | null;
  accountEnabled: boolean;
  permissions: Permission[];
  user: UserDetail;
}

/** Finds the product's user for a verified token's email; supplied by the users module. */
export type UserResolver = (email: string) => Promise<ResolvedUser | undefined>;
