import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../db/database.ts';
import { appSecrets } from './idp.tables.ts';

export interface IdpSecrets {
  signingKey: JWK;
  publicKey: JWK;
  cookieKeys: string[];
}

const SECRET_NAME = 'idp';

/** Keys are made once per database and kept there, so tokens outlive restarts and every instance agrees. */
export async function loadOrCreateIdpSecrets(db: Db): Promise<IdpSecrets> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (existing) return existing.value as IdpSecrets;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const created: IdpSecrets = {
    signingKey: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
    publicKey: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
  };
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: created }).onConflictDoNothing();
  // Another process may have won the race; use what is stored.
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return (stored?.value as IdpSecrets) ?? created;
}
