import { PassThrough, Readable } from 'node:stream';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import type { ClientExportRequest } from '@casedesk/contract/clients/client-search';
import { CLIENT_EXPORT_COLUMNS } from '@casedesk/contract/clients/client-search';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone } from '@casedesk/contract/common/text';
import ExcelJS from 'exceljs';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { streamClientMatches } from './clients-search.repository.ts';
import { officeScope } from './clients.service.ts';

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

const PHONE_KEYS = new Set(['primaryNumber', 'mobileNumber', 'homeNumber', 'secondaryNumber']);

/** A cell as people read it: phones (###) ###-####, dates MM-dd-yyyy (SPEC §5). */
function cellText(row: ClientSummary, key: (typeof CLIENT_EXPORT_COLUMNS)[number][0]): string {
  const value = row[key];
  if (value == null) return '';
  if (PHONE_KEYS.has(key)) return formatPhone(value);
  if (key === 'dateOfBirth') return formatDateInput(value);
  return value;
}

/** Spreadsheet apps run cells that start with = + - @ as formulas; such text is quoted. */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  const safe = safeText(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file name in the caller's local time (SPEC §7: exports send offsetHours). */
function fileName(format: string, offsetHours: number, now = new Date()): string {
  const local = new Date(now.getTime() + offsetHours * 3_600_000).toISOString();
  return `clients-${local.slice(0, 10)}-${local.slice(11, 16).replace(':', '')}.${format}`;
}

async function* csvLines(batches: AsyncIterable<ClientSummary[]>) {
  // A byte-order mark so spreadsheet apps read the file as UTF-8.
  yield `\ufeff${CLIENT_EXPORT_COLUMNS.map(([, header]) => csvField(header)).join(',')}\r\n`;
  for await (const batch of batches) {
    yield (
      batch.map((row) => CLIENT_EXPORT_COLUMNS.map(([key]) => csvField(cellText(row, key))).join(',')).join('\r\n') +
      '\r\n'
    );
  }
}

/** XLSX through exceljs's streaming WorkbookWriter: each row is committed as it is read, never buffered whole. */
function xlsxStream(batches: AsyncIterable<ClientSummary[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Clients');
  sheet.columns = CLIENT_EXPORT_COLUMNS.map(([key, header]) => ({
    key,
    header,
    width: Math.max(14, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        sheet.addRow(CLIENT_EXPORT_COLUMNS.map(([key]) => safeText(cellText(row, key)))).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** POST /api/v1/client/export: the current search as CSV or XLSX, streamed. */
export async function exportClients(
  db: Db,
  actor: Actor,
  request: ClientExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const batches = streamClientMatches(db, {
    keyword: request.filter?.searchKeyword,
    scope: officeScope(actor, 'SEARCH_CLIENT', 'READ'),
    sortBy: request.sortBy,
    sortOrder: request.sortOrder,
  });
  // Who took which data out: exports are audited like mutations.
  await recordAudit(db, {
    actorId: actor.userId,
    action: 'client.export',
    entity: 'client',
    ip: actor.ip,
    requestId: actor.requestId,
    detail: { format: request.format, searchKeyword: request.filter?.searchKeyword ?? null },
  });
  const filename = fileName(request.format, offsetHours);
  if (request.format === 'csv') {
    return { filename, contentType: 'text/csv; charset=utf-8', stream: Readable.from(csvLines(batches)) };
  }
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: xlsxStream(batches),
  };
}
