import type { OptAction } from '@casedesk/contract/sms/opt-out';
import type { Db } from '../../platform/db/database.ts';
import { smsOptOutEvents, smsOptOuts } from './sms.tables.ts';

/** Sets the number's state and appends the event that set it (every change is recorded). */
export async function recordOptChange(
  db: Db,
  change: { phoneNumber: string; action: OptAction; keyword: string; messageId: string | null },
): Promise<void> {
  const optedOut = change.action === 'OPT_OUT';
  const now = new Date();
  await db
    .insert(smsOptOuts)
    .values({ phoneNumber: change.phoneNumber, optedOut, updatedAt: now })
    .onConflictDoUpdate({ target: smsOptOuts.phoneNumber, set: { optedOut, updatedAt: now } });
  await db.insert(smsOptOutEvents).values({
    phoneNumber: change.phoneNumber,
    action: change.action,
    keyword: change.keyword,
    messageId: change.messageId,
    createdAt: now,
  });
}
