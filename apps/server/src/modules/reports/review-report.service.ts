import { percentage } from '@casedesk/contract/reports/appointment-summary';
import type { ReviewReport, ReviewReportRequest, ReviewRow } from '@casedesk/contract/reports/review-report';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { reportScopes } from './report-scope.ts';
import { reportWindow } from './report-window.ts';
import { summarizeReviews } from './review-report.repository.ts';
import { labelled, onePage } from './reports.service.ts';

/**
 * POST /reports/review: the review requests of the chat options (SPEC §2: Send Review, Send Review via text)
 * sent in the period, in the caller's offices, per operator, office or day, with the ones replied to.
 */
export async function reviewReport(
  db: Db,
  actor: Actor,
  request: ReviewReportRequest,
  offsetHours: number,
): Promise<ReviewReport> {
  const scopes = reportScopes(actor, 'review');
  const records = await summarizeReviews(db, request.groupBy, reportWindow(request, offsetHours), scopes);
  const rows: ReviewRow[] = labelled(
    records,
    request.groupBy,
    request,
    (key) => ({ key, label: null, sent: 0, byText: 0, byMail: 0, replied: 0 }),
    (r) => r.sent,
  ).map((r) => ({ ...r, replyRate: percentage(r.replied, r.sent) }));
  const sum = (pick: (r: ReviewRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const totals = { sent: sum((r) => r.sent), byText: sum((r) => r.byText), byMail: sum((r) => r.byMail) };
  const repliedTotal = sum((r) => r.replied);
  return {
    groupBy: request.groupBy,
    ...onePage(rows),
    totals: { ...totals, replied: repliedTotal, replyRate: percentage(repliedTotal, totals.sent) },
  };
}
