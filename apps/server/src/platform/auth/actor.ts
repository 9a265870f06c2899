import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { Role, UserDetail } from '@casedesk/contract/users/user';
import type { VerifiedToken } from './token-verifier.ts';

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

/** The actor of work no request carries (a background job, the bench): a resolved user at a named origin. */
export function actorOf(user: ResolvedUser, ip: string, requestId: string): Actor {
  return {
    userId: user.id,
    role: user.role,
    officeId: user.officeId,
    permissions: user.permissions,
    self: user.user,
    ip,
    requestId,
  };
}

/** Who a verified token says the caller is; see VerifiedToken. */
export type TokenIdentity = Pick<VerifiedToken, 'issuer' | 'subject' | 'email' | 'emailTrusted'>;

/**
 * Finds the product's user for a verified token's identity (undefined: no such user, a 403); supplied by the
 * users module. Throws IdentityRefused when the token may not stand for anyone.
 */
export type UserResolver = (identity: TokenIdentity) => Promise<ResolvedUser | undefined>;

export type IdentityRefusal =
  /** An unknown identity whose email the provider has not verified (or that has none): it cannot be linked. */
  | 'EMAIL_NOT_TRUSTED'
  /** The email's user is linked to another identity of this issuer: someone else now holds that address. */
  | 'EMAIL_LINKED_TO_ANOTHER_IDENTITY';

/** Not an identity this server will act for: answered like a bad token (401). */
export class IdentityRefused extends Error {
  constructor(readonly reason: IdentityRefusal) {
    super('This sign-in is not linked to a user.');
  }
}
