import type { UserDetail } from '@casedesk/contract/users/user';
import type { ResolvedUser, TokenIdentity } from '../../platform/auth/actor.ts';
import { IdentityRefused } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/database.ts';
import { findUserByIdentity, findUserLinkByEmail, linkUserIdentity } from './users.repository.ts';
import { withPermissions } from './users.service.ts';

/**
 * The token's provider identity (issuer and subject) → the product's user and permissions. A provider may
 * give an address to someone else, so the email only links a user at their first sign-in, and only when
 * it can be believed (VerifiedToken.emailTrusted); from then on the identity alone finds them, whatever
 * the email claim says. Undefined: nobody has that email (403, as before).
 */
export async function resolveUserByIdentity(db: Db, identity: TokenIdentity): Promise<ResolvedUser | undefined> {
  const linked = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (linked) return withPermissions(db, linked);
  const user = await linkByEmail(db, identity);
  return user && withPermissions(db, user);
}

async function linkByEmail(db: Db, identity: TokenIdentity): Promise<UserDetail | undefined> {
  if (!identity.email || !identity.emailTrusted) throw new IdentityRefused('EMAIL_NOT_TRUSTED');
  const found = await findUserLinkByEmail(db, identity.email);
  if (!found) return undefined;
  const { oidcIssuer, oidcSubject, ...user } = found;
  // A link to another issuer is one the server no longer trusts (OIDC_ISSUER was changed), so the first
  // sign-in at the new issuer replaces it; within one issuer a user keeps the identity they linked first.
  if (oidcIssuer === identity.issuer && oidcSubject !== identity.subject) {
    throw new IdentityRefused('EMAIL_LINKED_TO_ANOTHER_IDENTITY');
  }
  try {
    await db.transaction(async (tx) => {
      if (!(await linkUserIdentity(tx, user.id, identity.issuer, identity.subject))) {
        throw new IdentityRefused('EMAIL_LINKED_TO_ANOTHER_IDENTITY');
      }
      await recordAudit(tx, {
        actorId: user.id,
        action: 'user.link_identity',
        entity: 'user',
        entityId: user.id,
        before: { oidcIssuer, oidcSubject },
        after: { oidcIssuer: identity.issuer, oidcSubject: identity.subject },
      });
    });
  } catch (error) {
    // This identity was linked to someone at the same moment (unique pair): whoever won keeps it.
    if (pgErrorCode(error) !== '23505') throw error;
    const winner = await findUserByIdentity(db, identity.issuer, identity.subject);
    if (winner?.id !== user.id) throw new IdentityRefused('EMAIL_LINKED_TO_ANOTHER_IDENTITY');
  }
  return user;
}
