import { hasAccess } from '@casedesk/contract/access/permissions';
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import { APPOINTMENT_COLUMNS } from '@casedesk/contract/appointments/appointment';
import type { AppointmentExportRequest } from '@casedesk/contract/appointments/appointment-export';
import { apptStatusLabel } from '@casedesk/contract/appointments/row-colour';
import { formatPhone } from '@casedesk/contract/common/text';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { LIST_PERMISSION, listAppointments } from './appointment-lists.service.ts';

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

/**
 * SPEC §7 Appointments: export — every row of the set/all/pi/week list of the current filter and sort,
 * within the caller's office scope of that list's permission, as CSV or XLSX, streamed.
 */
export async function exportAppointments(
  database: Database,
  actor: Actor,
  request: AppointmentExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  // The list decides the permission (SPEC §6), so the route can only require a signed-in caller.
  if (!hasAccess(actor.permissions, LIST_PERMISSION[request.type], 'READ')) throw AppError.forbidden();
  await auditExport(database.db, actor, {
    entity: 'appointment',
    detail: { type: request.type, format: request.format, filter: request.filter ?? null },
  });
  const { format, type, ...list } = request;
  return streamedTable({
    filename: exportFileName(`appointments-${type}`, format, offsetHours),
    format,
    sheetName: 'Appointments',
    headers: APPOINTMENT_COLUMNS.map((c) => c.header),
    cells: (row) => cells(row, offsetHours),
    batches: everyRow(listAppointments(database, actor, type, allRowsOf(list))),
  });
}
