import { scopeOf } from '@casedesk/contract/access/permissions';
import { formatPhone } from '@casedesk/contract/common/text';
import type { LeadListRequest, LeadRow } from '@casedesk/contract/inquiries/lead-list';
import { formatDateTimeAt, inOut, LEAD_COLUMNS } from '@casedesk/contract/inquiries/lead-list';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { findOfficeLetterhead } from './inquiries.repository.ts';
import { getInquiry, listIntakeQuestions } from './inquiries.service.ts';
import { renderInquiryPdf } from './inquiry-pdf.service.ts';
import { smsScope } from '../sms/sms.service.ts';
import { findLeadPage } from './lead-list.repository.ts';

/**
 * POST /inquiry/all: SPEC §2 leads within the caller's LEADS office scope. Their call and text columns
 * (counts, the last text) show only what the caller's CALLS and SMS READ scopes reach.
 */
export async function listLeads(database: Pick<Database, 'db' | 'cursor'>, actor: Actor, request: LeadListRequest) {
  return findLeadPage(database, request, {
    leads: scopeOf(actor.permissions, 'LEADS', 'READ', 'OFFICE'),
    calls: scopeOf(actor.permissions, 'CALLS', 'READ', 'OFFICE'),
    sms: smsScope(actor, 'READ'),
  });
}

/** One lead's cells as people read them, in the order of the SPEC §2 columns. */
function leadCells(row: LeadRow, offsetHours: number): string[] {
  const cells: Record<(typeof LEAD_COLUMNS)[number]['id'], string | number | null> = {
    name: row.name,
    phone: formatPhone(row.phone),
    email: row.email,
    callsInOut: inOut(row.callsIn, row.callsOut),
    textInOut: inOut(row.textsIn, row.textsOut),
    notes: row.notes,
    lawType: row.lawType,
    leadOwner: row.leadOwner,
    noApptReason: row.noApptReason,
    source: row.source,
    dateTime: formatDateTimeAt(row.dateTime, offsetHours),
    text: row.text,
  };
  return LEAD_COLUMNS.map((c) => (cells[c.id] === null ? '' : String(cells[c.id])));
}

/**
 * POST /inquiry/export: every lead of the current filter and sort as CSV with the SPEC §2 headers, read from
 * one cursor so "All" never buffers the whole table (DESIGN §3). The audit row is written before the stream
 * starts, so a failed audit is an error response and not a download; like the other exports it records the
 * filter as sent (ids, dates, and the search keyword as typed).
 */
export async function exportLeadsCsv(
  database: Database,
  actor: Actor,
  request: LeadListRequest,
  offsetHours: number,
): Promise<ExportFile> {
  await auditExport(database.db, actor, {
    entity: 'inquiry',
    detail: { format: 'csv', filter: request.filter ?? null },
  });
  return streamedTable({
    filename: exportFileName('leads', 'csv', offsetHours),
    format: 'csv',
    sheetName: 'Leads',
    headers: LEAD_COLUMNS.map((c) => c.header),
    cells: (row) => leadCells(row, offsetHours),
    batches: everyRow(listLeads(database, actor, allRowsOf(request))),
  });
}

/** POST /inquiry/exportToPdf: the inquiry the caller may read, as a PDF; one out of scope is not audited (404). */
export async function exportInquiryPdf(db: Db, actor: Actor, inquiryId: string, offsetHours: number) {
  const inquiry = await getInquiry(db, actor, inquiryId);
  await auditExport(db, actor, { entity: 'inquiry', entityId: inquiry.id, detail: { format: 'pdf' } });
  const [questions, office] = await Promise.all([
    inquiry.lawType ? listIntakeQuestions(db, inquiry.lawType.id) : [],
    inquiry.officeId ? findOfficeLetterhead(db, inquiry.officeId) : undefined,
  ]);
  return renderInquiryPdf({ inquiry, questions, office, offsetHours, generatedAt: new Date() });
}
