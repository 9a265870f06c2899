import { createHmac } from 'node:crypto';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { loadOrCreateSigningKey } from '../files/upload-signer.ts';
import { normalizeEmail } from './idp.repository.ts';

/** Its own key in app_secrets: the hashes stay comparable whatever happens to the signing keys. */
const SECRET_NAME = 'sign-in-audit';

export interface FailedSignIn {
  /** The account the typed email belongs to, when it belongs to one. */
  userId?: string;
  email: string;
  ip: string;
  requestId: string;
}

export type FailedSignInRecorder = (attempt: FailedSignIn) => Promise<void>;

/**
 * Audits refused sign-ins without keeping what was typed, which may be a password in the wrong field
 * or the address of someone who is no user of ours. A known account is named by its id; an unknown
 * email leaves only a keyed hash, so repeated guesses at one address still show up together, while
 * whoever reads the audit trail without the key cannot test addresses against it.
 */
export async function createFailedSignInRecorder(db: Db): Promise<FailedSignInRecorder> {
  const key = await loadOrCreateSigningKey(db, SECRET_NAME);
  const emailHash = (email: string) => createHmac('sha256', key).update(normalizeEmail(email)).digest('hex');
  return ({ userId, email, ip, requestId }) =>
    recordAudit(db, {
      action: 'auth.sign_in_failed',
      // Not the actor: nobody has proved to be that user.
      ...(userId ? { entity: 'user', entityId: userId } : { detail: { emailHash: emailHash(email) } }),
      ip,
      requestId,
    });
}
