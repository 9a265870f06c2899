import { PassThrough, Readable } from 'node:stream';
import { hasAccess } from '@casedesk/contract/access/permissions';
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import { APPOINTMENT_COLUMNS } from '@casedesk/contract/appointments/appointment';
import type { AppointmentExportRequest } from '@casedesk/contract/appointments/appointment-export';
import { apptStatusLabel } from '@casedesk/contract/appointments/row-colour';
import { formatPhone } from '@casedesk/contract/common/text';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { LIST_PERMISSION, listAppointments } from './appointments.service.ts';

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

const EXPORT_PAGE = 1000;

/** A cell as people read it: phones (###) ###-####, times MM-dd-yyyy hh:mm AM/PM at the caller's offset (SPEC §5). */
function cells(row: AppointmentRow, offsetHours: number): string[] {
  const byColumn: Record<(typeof APPOINTMENT_COLUMNS)[number]['id'], string> = {
    clientName: row.clientName,
    clientPhone: formatPhone(row.clientPhone),
    appointmentDateTime: formatDateTimeAt(row.appointmentDateTime, offsetHours),
    appointmentLength: String(row.appointmentLength),
    attorneyName: row.attorneyName,
    officeName: row.officeName,
    lawType: row.lawType ?? '',
    appointmentType: row.appointmentType,
    stage: row.stage,
    apptStatus: apptStatusLabel(row.apptStatus),
    bookedBy: row.bookedBy ?? '',
    bookedAt: formatDateTimeAt(row.bookedAt, offsetHours),
  };
  return APPOINTMENT_COLUMNS.map((c) => byColumn[c.id]);
}

/** Spreadsheet apps run cells that start with = + - @ as formulas; such text is quoted (CSV injection). */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  const safe = safeText(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every row of the list's filter and sort, page by page, so "All" never buffers the whole table (DESIGN §3). */
async function* pages(db: Db, actor: Actor, request: AppointmentExportRequest): AsyncGenerator<AppointmentRow[]> {
  const { format: _format, type, ...list } = request;
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await listAppointments(db, actor, type, { ...list, pageNumber, pageSize: EXPORT_PAGE });
    if (page.items.length) yield page.items;
    if (page.items.length < EXPORT_PAGE) return;
  }
}

async function* csvLines(batches: AsyncIterable<AppointmentRow[]>, offsetHours: number) {
  // A byte-order mark so spreadsheet apps read the file as UTF-8.
  yield `\ufeff${APPOINTMENT_COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
  for await (const batch of batches) {
    yield batch.map((row) => cells(row, offsetHours).map(csvField).join(',')).join('\r\n') + '\r\n';
  }
}

/** XLSX through exceljs's streaming writer: each row is committed as it is read. */
function xlsxStream(batches: AsyncIterable<AppointmentRow[]>, offsetHours: number): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Appointments');
  sheet.columns = APPOINTMENT_COLUMNS.map((c) => ({
    key: c.id,
    header: c.header,
    width: Math.max(14, c.header.length + 4),
  }));
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
function fileName(type: string, format: string, offsetHours: number, now = new Date()): string {
  const local = new Date(now.getTime() + offsetHours * 3_600_000).toISOString();
  return `appointments-${type}-${local.slice(0, 10)}-${local.slice(11, 16).replace(':', '')}.${format}`;
}

/**
 * SPEC §7 Appointments: export — every row of the set/all/pi/week list of the current filter and sort,
 * within the caller's office scope of that list's permission, as CSV or XLSX, streamed.
 */
export async function exportAppointments(
  db: Db,
  actor: Actor,
  request: AppointmentExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  // The list decides the permission (SPEC §6), so the route can only require a signed-in caller.
  if (!hasAccess(actor.permissions, LIST_PERMISSION[request.type], 'READ')) throw AppError.forbidden();
  // Who took which data out: exports are audited like mutations.
  await recordAudit(db, {
    actorId: actor.userId,
    action: 'appointment.export',
    entity: 'appointments',
    ip: actor.ip,
    requestId: actor.requestId,
    detail: { type: request.type, format: request.format, filter: request.filter ?? null },
  });
  const batches = pages(db, actor, request);
  const filename = fileName(request.type, request.format, offsetHours);
  if (request.format === 'csv') {
    return { filename, contentType: 'text/csv; charset=utf-8', stream: Readable.from(csvLines(batches, offsetHours)) };
  }
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: xlsxStream(batches, offsetHours),
  };
}
