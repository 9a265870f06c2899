import type { Role } from '@casedesk/contract/users/user';
import { ROLES } from '@casedesk/contract/users/user';
import type { Db } from '../../platform/db/database.ts';
import { normalizeEmail, setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { adminPermissions } from '../../seed/permission-profiles.ts';
import { setPermissions } from '../access/access.service.ts';
import { findUserByEmail, insertUser } from './users.repository.ts';

/** Long enough that a guessing attacker, slowed by scrypt and the sign-in limit, gets nowhere. */
export const MIN_LOCAL_PASSWORD_LENGTH = 12;

export interface LocalUserInput {
  email: string;
  role: string;
  password: string;
  displayName?: string;
}

/**
 * `npm run user:add`: a local account for the embedded sign-in on a firm's server, where no demo account
 * exists. An ADMIN gets every permission (to grant the others theirs in user access); any other role
 * starts with none. The password is stored as scrypt, never in clear.
 */
export async function addLocalUser(db: Db, input: LocalUserInput): Promise<{ id: string; mail: string }> {
  const mail = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) throw new Error(`Not an email address: ${input.email}`);
  if (!(ROLES as readonly string[]).includes(input.role)) {
    throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  }
  if (input.password.length < MIN_LOCAL_PASSWORD_LENGTH) {
    throw new Error(`The password needs at least ${MIN_LOCAL_PASSWORD_LENGTH} characters.`);
  }
  if (await findUserByEmail(db, mail)) throw new Error(`A user with the email ${mail} exists already.`);
  const role = input.role as Role;
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      mail,
      displayName: input.displayName?.trim() || mail.split('@')[0]!,
      role,
      accountEnabled: true,
    });
    if (role === 'ADMIN') await setPermissions(tx, user.id, adminPermissions());
    await setLocalPassword(tx, user.id, input.password);
    return { id: user.id, mail };
  });
}
