import { PassThrough, Readable } from 'node:stream';
import type { CallExportRequest, CallRow } from '@casedesk/contract/calls/call';
import { CALL_COLUMNS, duplicateText } from '@casedesk/contract/calls/call';
import { formatPhone } from '@casedesk/contract/common/text';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { listCalls } from './calls.service.ts';

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

const EXPORT_PAGE = 1000;

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

/** Spreadsheet apps run cells that start with = + - @ as formulas; such text is quoted (CSV injection). */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  const safe = safeText(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every call of the filter and sort, page by page, so "All" never buffers the whole table (DESIGN §3). */
async function* pages(db: Db, actor: Actor, request: CallExportRequest): AsyncGenerator<CallRow[]> {
  const { format: _format, ...list } = request;
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await listCalls(db, actor, { ...list, pageNumber, pageSize: EXPORT_PAGE });
    if (page.items.length) yield page.items;
    if (page.items.length < EXPORT_PAGE) return;
  }
}

async function* csvLines(batches: AsyncIterable<CallRow[]>, offsetHours: number) {
  // A byte-order mark so spreadsheet apps read the file as UTF-8.
  yield `\ufeff${CALL_COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
  for await (const batch of batches) {
    yield batch.map((row) => cells(row, offsetHours).map(csvField).join(',')).join('\r\n') + '\r\n';
  }
}

/** XLSX through exceljs's streaming writer: each row is committed as it is read. */
function xlsxStream(batches: AsyncIterable<CallRow[]>, offsetHours: number): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Calls');
  sheet.columns = CALL_COLUMNS.map((c) => ({ key: c.id, header: c.header, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(cells(row, offsetHours).map(safeText)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The file name in the caller's local time (SPEC §7: exports send offsetHours). */
function fileName(format: string, offsetHours: number, now = new Date()): string {
  const local = new Date(now.getTime() + offsetHours * 3_600_000).toISOString();
  return `calls-${local.slice(0, 10)}-${local.slice(11, 16).replace(':', '')}.${format}`;
}

/** POST /call/export: the calls list of the current filter and sort as CSV or XLSX, streamed. */
export async function exportCalls(
  db: Db,
  actor: Actor,
  request: CallExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  // Who took which data out: exports are audited like mutations.
  await recordAudit(db, {
    actorId: actor.userId,
    action: 'call.export',
    entity: 'call',
    ip: actor.ip,
    requestId: actor.requestId,
    detail: { format: request.format, filter: request.filter ?? null },
  });
  const batches = pages(db, actor, request);
  const filename = fileName(request.format, offsetHours);
  if (request.format === 'csv') {
    return { filename, contentType: 'text/csv; charset=utf-8', stream: Readable.from(csvLines(batches, offsetHours)) };
  }
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: xlsxStream(batches, offsetHours),
  };
}
