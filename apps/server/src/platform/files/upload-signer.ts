import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { appSecrets } from '../idp/idp.tables.ts';

/**
 * Signs and checks links that carry their own authority (DESIGN §1 short-lived signed URLs): an
 * HMAC-SHA256 over the link's purpose, the id it names and its expiry, compared in constant time.
 * Upload URLs use it (purpose PUT), and so do the appointment-detail links texted to clients.
 */
export interface LinkSigner {
  sign(subject: string, expiresAtSeconds: number): string;
  verify(subject: string, expiresAtSeconds: number, signature: string): boolean;
}

export type UploadSigner = LinkSigner;

const SECRET_NAME = 'files';

interface FileSecrets {
  /** 32 random bytes, base64url. */
  uploadKey: string;
}

/** A signer for one purpose: a signature made for one purpose (say, an upload) is worthless for another. */
export function createLinkSigner(key: Buffer, purpose: string): LinkSigner {
  const mac = (subject: string, expires: number) =>
    createHmac('sha256', key).update(`${purpose}\n${subject}\n${expires}`).digest();
  return {
    sign: (subject, expires) => mac(subject, expires).toString('base64url'),
    verify(subject, expires, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(subject, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export function createUploadSigner(key: Buffer): UploadSigner {
  return createLinkSigner(key, 'PUT');
}

/**
 * A signing key made once per database and kept there (like the IdP's keys), so every instance agrees
 * and restarts keep links valid. `name` is its app_secrets row, `field` the property holding the key.
 */
export async function loadOrCreateSigningKey(db: Db, name: string, field = 'key'): Promise<Buffer> {
  const read = async () => {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
    const stored = (row?.value as Record<string, string> | undefined)?.[field];
    return stored ? Buffer.from(stored, 'base64url') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const created = randomBytes(32).toString('base64url');
  await db
    .insert(appSecrets)
    .values({ name, value: { [field]: created } })
    .onConflictDoNothing();
  // Another instance may have won the race; use what is stored.
  return (await read()) ?? Buffer.from(created, 'base64url');
}

export async function loadOrCreateUploadKey(db: Db): Promise<Buffer> {
  return loadOrCreateSigningKey(db, SECRET_NAME, 'uploadKey' satisfies keyof FileSecrets);
}
