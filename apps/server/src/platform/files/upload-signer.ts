import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { appSecrets } from '../idp/idp.tables.ts';

/** Signs and checks upload URLs: an HMAC-SHA256 over the file id and the expiry (DESIGN §1 short-lived signed URLs). */
export interface UploadSigner {
  sign(fileId: string, expiresAtSeconds: number): string;
  verify(fileId: string, expiresAtSeconds: number, signature: string): boolean;
}

const SECRET_NAME = 'files';

interface FileSecrets {
  /** 32 random bytes, base64url. */
  uploadKey: string;
}

export function createUploadSigner(key: Buffer): UploadSigner {
  const mac = (fileId: string, expires: number) =>
    createHmac('sha256', key).update(`PUT\n${fileId}\n${expires}`).digest();
  return {
    sign: (fileId, expires) => mac(fileId, expires).toString('base64url'),
    verify(fileId, expires, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(fileId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The key is made once per database and kept there (like the IdP's keys), so every instance agrees and restarts keep links valid. */
export async function loadOrCreateUploadKey(db: Db): Promise<Buffer> {
  const read = async () => {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
    return row ? Buffer.from((row.value as FileSecrets).uploadKey, 'base64url') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const created: FileSecrets = { uploadKey: randomBytes(32).toString('base64url') };
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: created }).onConflictDoNothing();
  // Another instance may have won the race; use what is stored.
  return (await read()) ?? Buffer.from(created.uploadKey, 'base64url');
}
