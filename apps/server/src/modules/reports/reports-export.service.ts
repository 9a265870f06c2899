import type { AppointmentSummaryExportRequest } from '@casedesk/contract/reports/appointment-summary';
import { APPOINTMENT_SUMMARY_COLUMNS } from '@casedesk/contract/reports/appointment-summary';
import type { CallSummaryExportRequest, ChatCountExportRequest } from '@casedesk/contract/reports/report';
import { CALL_SUMMARY_COLUMNS, CHAT_COUNT_COLUMNS } from '@casedesk/contract/reports/report';
import type { ReviewExportRequest } from '@casedesk/contract/reports/review-report';
import { REVIEW_COLUMNS } from '@casedesk/contract/reports/review-report';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { appointmentSummary } from './appointment-report.service.ts';
import { reportExport } from './report-export.ts';
import { callSummary, chatCountSummary } from './reports.service.ts';
import { reviewReport } from './review-report.service.ts';

/*
 * Each export is the report as shown, with its totals row, under the heading every report file carries
 * (report-export.ts). A report has a row per group or day, so it is read whole and then streamed out.
 */

/** POST /reports/chatCountSummary/export. */
export async function exportChatCountSummary(
  db: Db,
  actor: Actor,
  request: ChatCountExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const summary = await chatCountSummary(db, actor, request, offsetHours);
  return reportExport(db, actor, 'chatCountSummary', request, offsetHours, { ...summary, columns: CHAT_COUNT_COLUMNS });
}

/** POST /reports/callSummary/export. */
export async function exportCallSummary(
  db: Db,
  actor: Actor,
  request: CallSummaryExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const summary = await callSummary(db, actor, request, offsetHours);
  return reportExport(db, actor, 'callSummary', request, offsetHours, { ...summary, columns: CALL_SUMMARY_COLUMNS });
}

/** POST /reports/appointmentSummary/export. */
export async function exportAppointmentSummary(
  db: Db,
  actor: Actor,
  request: AppointmentSummaryExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const summary = await appointmentSummary(db, actor, request, offsetHours);
  return reportExport(db, actor, 'appointmentSummary', request, offsetHours, {
    ...summary,
    columns: APPOINTMENT_SUMMARY_COLUMNS,
  });
}

/** POST /reports/review/export. */
export async function exportReviewReport(
  db: Db,
  actor: Actor,
  request: ReviewExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const summary = await reviewReport(db, actor, request, offsetHours);
  return reportExport(db, actor, 'review', request, offsetHours, { ...summary, columns: REVIEW_COLUMNS });
}
