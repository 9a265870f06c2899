import type { CallSummaryExportRequest, ChatCountExportRequest, ReportFormat } from '@casedesk/contract/reports/report';
import { CALL_SUMMARY_COLUMNS, CHAT_COUNT_COLUMNS, GROUP_HEADERS } from '@casedesk/contract/reports/report';
import ExcelJS from 'exceljs';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Cell, ExportFile } from '../../platform/export/table-file.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvField, safeText, XLSX_CONTENT_TYPE } from '../../platform/export/table-file.ts';
import { callSummary, chatCountSummary } from './reports.service.ts';

/** A report's file: small (one row per day or person), so built whole. */
export type ReportFile = ExportFile & { stream: Buffer };

/**
 * A report is at most a few hundred rows (one per day of a year, office or source), so it is built in
 * memory; the list exports stream instead.
 */
async function tableFile(
  name: string,
  format: ReportFormat,
  headers: string[],
  rows: Cell[][],
  range: { dateFrom: string; dateTo: string },
): Promise<ReportFile> {
  const filename = `${name}-${range.dateFrom}-to-${range.dateTo}.${format}`;
  if (format === 'csv') {
    const lines = [headers, ...rows].map((row) => row.map(csvField).join(','));
    return { filename, contentType: CSV_CONTENT_TYPE, stream: Buffer.from(`${CSV_BOM}${lines.join('\r\n')}\r\n`) };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? safeText(cell) : cell)));
  sheet.columns.forEach((column, i) => (column.width = Math.max(12, (headers[i]?.length ?? 0) + 4)));
  return {
    filename,
    contentType: XLSX_CONTENT_TYPE,
    stream: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

function audit(db: Db, actor: Actor, report: string, detail: Record<string, unknown>): Promise<void> {
  return auditExport(db, actor, { entity: 'report', detail: { report, ...detail } });
}

/** POST /reports/chatCountSummary/export: the summary as shown, with its totals row. */
export async function exportChatCountSummary(
  db: Db,
  actor: Actor,
  request: ChatCountExportRequest,
  offsetHours: number,
): Promise<ReportFile> {
  const summary = await chatCountSummary(db, actor, request, offsetHours);
  await audit(db, actor, 'chatCountSummary', { format: request.format, groupBy: request.groupBy });
  const headers = CHAT_COUNT_COLUMNS.map(([key, header]) =>
    key === 'label' ? GROUP_HEADERS[request.groupBy] : header,
  );
  const rows: Cell[][] = [...summary.items, { ...summary.totals, label: 'Total' }].map((row) =>
    CHAT_COUNT_COLUMNS.map(([key]) => row[key]),
  );
  return tableFile('chat-count-summary', request.format, headers, rows, request);
}

/** POST /reports/callSummary/export: the summary as shown, with its totals row. */
export async function exportCallSummary(
  db: Db,
  actor: Actor,
  request: CallSummaryExportRequest,
  offsetHours: number,
): Promise<ReportFile> {
  const summary = await callSummary(db, actor, request, offsetHours);
  await audit(db, actor, 'callSummary', { format: request.format, groupBy: request.groupBy });
  const headers = CALL_SUMMARY_COLUMNS.map(([key, header]) =>
    key === 'label' ? GROUP_HEADERS[request.groupBy] : header,
  );
  const rows: Cell[][] = [...summary.items, { ...summary.totals, label: 'Total' }].map((row) =>
    CALL_SUMMARY_COLUMNS.map(([key]) => row[key]),
  );
  return tableFile('call-summary', request.format, headers, rows, request);
}
