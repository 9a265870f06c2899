import type { ClientSummary } from '@casedesk/contract/clients/client';
import type { ClientExportRequest } from '@casedesk/contract/clients/client-search';
import { CLIENT_EXPORT_COLUMNS } from '@casedesk/contract/clients/client-search';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone } from '@casedesk/contract/common/text';
import type { Actor } from '../../platform/auth/actor.ts';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { streamClientMatches } from './clients-search.repository.ts';
import { officeScope } from './clients.service.ts';

const PHONE_KEYS = new Set(['primaryNumber', 'mobileNumber', 'homeNumber', 'secondaryNumber']);

/** A cell as people read it: phones (###) ###-####, dates MM-dd-yyyy (SPEC §5). */
function cellText(row: ClientSummary, key: (typeof CLIENT_EXPORT_COLUMNS)[number][0]): string {
  const value = row[key];
  if (value == null) return '';
  if (PHONE_KEYS.has(key)) return formatPhone(value);
  if (key === 'dateOfBirth') return formatDateInput(value);
  return value;
}

/** POST /api/v1/client/export: the current search as CSV or XLSX, streamed. */
export async function exportClients(
  database: Database,
  actor: Actor,
  request: ClientExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const batches = streamClientMatches(database, {
    keyword: request.filter?.searchKeyword,
    scope: officeScope(actor, 'SEARCH_CLIENT', 'READ'),
    sortBy: request.sortBy,
    sortOrder: request.sortOrder,
  });
  await auditExport(database.db, actor, {
    entity: 'client',
    detail: { format: request.format, searchKeyword: request.filter?.searchKeyword ?? null },
  });
  return streamedTable({
    filename: exportFileName('clients', request.format, offsetHours),
    format: request.format,
    sheetName: 'Clients',
    headers: CLIENT_EXPORT_COLUMNS.map(([, header]) => header),
    cells: (row) => CLIENT_EXPORT_COLUMNS.map(([key]) => cellText(row, key)),
    batches,
  });
}
