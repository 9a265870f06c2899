import { randomBytes } from 'node:crypto';

/** Provider ids in Twilio's shape (two letters and 32 hex digits), so both providers share one column. */
export function providerSid(prefix: 'SM' | 'CA'): string {
  return prefix + randomBytes(16).toString('hex');
}
