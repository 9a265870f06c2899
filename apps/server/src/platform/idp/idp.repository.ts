import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../modules/users/users.tables.ts';
import type { Db } from '../db/database.ts';
import { localCredentials, oidcPayloads } from './idp.tables.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface IdpAccount {
  id: string;
  email: string;
  name: string;
}

export async function findAccountById(db: Db, id: string): Promise<IdpAccount | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.mail, name: users.displayName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** A sign-in attempt's outcome; a refusal names the account the email belongs to, if it belongs to one. */
export type CredentialCheck = { ok: true; account: IdpAccount } | { ok: false; userId?: string };

/**
 * The embedded provider lets a disabled user authenticate, as a corporate provider would:
 * the product decides what a disabled account sees (SPEC §8 inactive wording).
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<CredentialCheck> {
  const [row] = await db
    .select({ id: users.id, email: users.mail, name: users.displayName, hash: localCredentials.passwordHash })
    .from(users)
    .leftJoin(localCredentials, eq(localCredentials.userId, users.id))
    .where(eq(sql`lower(${users.mail})`, normalizeEmail(email)));
  if (!row) return { ok: false };
  if (!row.hash || !(await verifyPassword(password, row.hash))) return { ok: false, userId: row.id };
  return { ok: true, account: { id: row.id, email: row.email, name: row.name } };
}

/** How sign-in compares emails: case and surrounding spaces do not count. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function setLocalPassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insert(localCredentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({ target: localCredentials.userId, set: { passwordHash } });
}

/**
 * Ends every sign-in of a user with the embedded provider: their grants, sessions and refresh tokens go, so
 * no new access token can be had (one already issued is refused by the gate, the account being disabled).
 */
export async function revokeSignInsOf(db: Db, userId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      and(
        inArray(oidcPayloads.model, ['Grant', 'Session', 'RefreshToken', 'AuthorizationCode']),
        sql`${oidcPayloads.payload} ->> 'accountId' = ${userId}`,
      ),
    );
}
