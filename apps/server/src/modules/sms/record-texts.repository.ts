import type { ClientSms } from '@casedesk/contract/clients/client-details';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import type { SmsScope } from './sms.repository.ts';
import { scopeSql } from './sms.repository.ts';
import { smsMessages } from './sms.tables.ts';

/**
 * The texts other screens list beside a record (a client's, an inquiry's), newest first. They pass the same
 * scope as the SMS screens, so no screen shows a text the SMS list would not (SPEC §6, DESIGN §3).
 */
/** One record's texts in the caller's SMS scope, newest first: `column` names the record (client or inquiry). */
async function findRecordTexts(
  db: Db,
  column: typeof smsMessages.clientId | typeof smsMessages.inquiryId,
  id: string,
  scope: SmsScope,
) {
  const rows = await db
    .select({
      id: smsMessages.id,
      direction: smsMessages.direction,
      fromNumber: smsMessages.fromNumber,
      toNumber: smsMessages.toNumber,
      body: smsMessages.body,
      operatorName: users.displayName,
      inquiryId: smsMessages.inquiryId,
      createdDate: smsMessages.createdDate,
    })
    .from(smsMessages)
    .leftJoin(users, eq(users.id, smsMessages.operatorId))
    .where(and(eq(column, id), scopeSql(scope)))
    .orderBy(desc(smsMessages.createdDate), desc(smsMessages.id));
  return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
}

export function findClientTexts(db: Db, clientId: string, scope: SmsScope): Promise<ClientSms[]> {
  return findRecordTexts(db, smsMessages.clientId, clientId, scope);
}

export async function findInquiryTexts(
  db: Db,
  inquiryId: string,
  scope: SmsScope,
): Promise<InquiryDetail['smsMessages']> {
  const rows = await findRecordTexts(db, smsMessages.inquiryId, inquiryId, scope);
  return rows.map(({ id, direction, fromNumber, toNumber, body, createdDate }) => ({
    id,
    direction,
    fromNumber,
    toNumber,
    body,
    createdDate,
  }));
}
