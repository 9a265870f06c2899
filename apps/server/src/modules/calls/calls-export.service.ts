import type { CallExportRequest, CallRow } from '@casedesk/contract/calls/call';
import { CALL_COLUMNS, duplicateText } from '@casedesk/contract/calls/call';
import { formatPhone } from '@casedesk/contract/common/text';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { listCalls } from './calls.service.ts';

/** A cell as people read it: phones (###) ###-####, time MM-dd-yyyy hh:mm AM/PM at the caller's offset (SPEC §5). */
function cells(row: CallRow, offsetHours: number): string[] {
  const byColumn: Record<(typeof CALL_COLUMNS)[number]['id'], string> = {
    title: row.title ?? '',
    callerId: formatPhone(row.callerId),
    callResolution: row.callResolution ?? '',
    opName: row.opName ?? '',
    talkSeconds: row.talkSeconds === null ? '' : String(row.talkSeconds),
    numberDialed: formatPhone(row.numberDialed),
    pointTo: row.pointTo ?? '',
    time: formatDateTimeAt(row.time, offsetHours),
    lawType: row.lawType ?? '',
    duplicate: duplicateText(row.duplicate),
  };
  return CALL_COLUMNS.map((c) => byColumn[c.id]);
}

/** POST /call/export: the calls list of the current filter and sort as CSV or XLSX, streamed. */
export async function exportCalls(
  database: Database,
  actor: Actor,
  request: CallExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  await auditExport(database.db, actor, {
    entity: 'call',
    detail: { format: request.format, filter: request.filter ?? null },
  });
  const { format, ...list } = request;
  return streamedTable({
    filename: exportFileName('calls', format, offsetHours),
    format,
    sheetName: 'Calls',
    headers: CALL_COLUMNS.map((c) => c.header),
    cells: (row) => cells(row, offsetHours),
    batches: everyRow(listCalls(database, actor, allRowsOf(list))),
  });
}
