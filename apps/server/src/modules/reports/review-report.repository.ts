import type { Scope } from '@casedesk/contract/access/permissions';
import type { ReviewGroup } from '@casedesk/contract/reports/review-report';
import { REVIEW_REPLY_WINDOW_DAYS } from '@casedesk/contract/reports/review-report';
import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { offices } from '../offices/offices.tables.ts';
import { reviewRequests, smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import type { ReportWindow } from './report-window.ts';
import { localDay, windowConditions } from './reports.repository.ts';

export interface ReviewRecord {
  key: string;
  label: string | null;
  sent: number;
  byText: number;
  byMail: number;
  replied: number;
}

/**
 * A request was replied to when a text came in from its number within the reply window after it (the
 * participant-number index of sms_messages answers it). A mail counts too: its number is the client's.
 */
const replied = sql<boolean>`exists (
  select 1 from ${smsMessages}
   where ${smsMessages.participantNumber} = ${reviewRequests.phoneNumber}
     and ${smsMessages.direction} = 'INBOUND'
     and ${smsMessages.createdDate} > ${reviewRequests.sentAt}
     and ${smsMessages.createdDate} <= ${reviewRequests.sentAt} + make_interval(days => ${REVIEW_REPLY_WINDOW_DAYS}::int))`;

/** Review requests of the window per operator, office or local day, with the ones replied to. */
export async function summarizeReviews(
  db: Db,
  groupBy: ReviewGroup,
  window: ReportWindow,
  scopes: readonly Scope[],
): Promise<ReviewRecord[]> {
  const groups: Record<ReviewGroup, { key: SQL<string>; label: SQL<string | null> }> = {
    OPERATOR: {
      key: sql<string>`coalesce(${reviewRequests.operatorId}::text, 'none')`,
      label: sql`${users.displayName}`,
    },
    OFFICE: { key: sql<string>`coalesce(${reviewRequests.officeId}::text, 'none')`, label: sql`${offices.name}` },
    DAY: { key: localDay(reviewRequests.sentAt, window), label: sql`null::text` },
  };
  const { key, label } = groups[groupBy];
  const rows = await db
    .select({
      key: key.as('group_key'),
      label: sql<string | null>`min(${label})`,
      sent: sql<number>`count(*)::int`,
      byText: sql<number>`count(*) filter (where ${reviewRequests.channel} = 'TEXT')::int`,
      byMail: sql<number>`count(*) filter (where ${reviewRequests.channel} = 'MAIL')::int`,
      replied: sql<number>`count(*) filter (where ${replied})::int`,
    })
    .from(reviewRequests)
    .leftJoin(offices, eq(offices.id, reviewRequests.officeId))
    .leftJoin(users, eq(users.id, reviewRequests.operatorId))
    .where(windowConditions(reviewRequests.sentAt, reviewRequests.officeId, window, scopes))
    .groupBy(sql`group_key`);
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    sent: Number(r.sent),
    byText: Number(r.byText),
    byMail: Number(r.byMail),
    replied: Number(r.replied),
  }));
}
