import type { CollectionAccountListRequest } from '@casedesk/contract/collections/account';
import {
  ACCOUNTS_PDF_MAX_ROWS,
  COLLECTION_ACCOUNT_COLUMNS,
  COLLECTION_ACCOUNT_MESSAGES,
  COLLECTION_STATUS_LABELS,
} from '@casedesk/contract/collections/account';
import { AGING_BUCKET_LABELS, PLAN_STATE_LABELS } from '@casedesk/contract/collections/dashboard-filters';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { formatDateTimeAt, formatUtcOffset } from '@casedesk/contract/inquiries/lead-list';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { accountCells } from './collection-account-cells.ts';
import type { AccountsReportHeading } from './collection-accounts-pdf.ts';
import { renderAccountsReport } from './collection-accounts-pdf.ts';
import type { AccountFilterNames } from './collection-export.repository.ts';
import { findAccountFilterNames } from './collection-export.repository.ts';
import { accountScope, accountTotals, listAccounts } from './collection-accounts.service.ts';

export type AccountsExportRequest = CollectionAccountListRequest & { format: 'csv' | 'xlsx' | 'pdf' };

const money = (cents: number | undefined) => (cents === undefined ? null : formatMoney(cents));
const days = (from: string | undefined, to: string | undefined) =>
  `${from ? formatDateInput(from) : 'any day'} to ${to ? formatDateInput(to) : 'any day'}`;

/** The PDF heading: the offices and filters in words (names, not ids), the sort, who and when. */
export function accountsHeading(
  names: AccountFilterNames,
  request: CollectionAccountListRequest,
  generatedBy: string,
  offsetHours: number,
  now = new Date(),
): AccountsReportHeading {
  const f = request.filter ?? {};
  const from = money(f.balanceFromCents);
  const to = money(f.balanceToCents);
  const due = { PAST: 'past', TODAY: 'today', NEXT_7_DAYS: 'in the next 7 days' } as const;
  const criteria = [
    f.statuses?.length && `status ${f.statuses.map((s) => COLLECTION_STATUS_LABELS[s]).join(', ')}`,
    f.collectorId && `collector ${names.collector ?? 'unknown'}`,
    f.unassigned && 'unassigned only',
    f.termId && `term ${names.term ?? 'unknown'}`,
    (from || to) && `balance ${from ?? '$0.00'} to ${to ?? 'any'}`,
    f.followUpDue && `follow-up ${due[f.followUpDue]}${f.today ? ` (as of ${formatDateInput(f.today)})` : ''}`,
    f.agingBucket &&
      `aging ${AGING_BUCKET_LABELS[f.agingBucket]}${f.today ? ` (as of ${formatDateInput(f.today)})` : ''}`,
    f.planState && PLAN_STATE_LABELS[f.planState].toLowerCase(),
    (f.paidFrom || f.paidTo) && `paid ${days(f.paidFrom, f.paidTo)}`,
    (f.promiseDueFrom || f.promiseDueTo) && `promise due ${days(f.promiseDueFrom, f.promiseDueTo)}`,
    f.clientId && `client ${names.client ?? 'not in your offices'}`,
    f.search && `search “${f.search}”`,
  ].filter(Boolean);
  const sortColumn = COLLECTION_ACCOUNT_COLUMNS.find((c) => c.id === request.sortBy);
  return {
    lines: [
      `Offices: ${names.offices.join(', ') || 'none'}`,
      `Filters: ${criteria.join(' · ') || 'none'} · sorted by ${
        sortColumn
          ? `${sortColumn.header}, ${request.sortOrder === 'DESC' ? 'descending' : 'ascending'}`
          : 'follow-up date, soonest first'
      }`,
    ],
    generatedBy,
    generatedAt: `${formatDateTimeAt(now, offsetHours)} (${formatUtcOffset(offsetHours)})`,
  };
}

/**
 * POST /collectionAccount/export: the list of the current filter and sort, every row, as CSV or XLSX (streamed)
 * or a PDF with page subtotals and the grand total (at most ACCOUNTS_PDF_MAX_ROWS rows: 422 beyond). Audited
 * before the first byte, like every export.
 */
export async function exportAccounts(
  database: Database,
  actor: Actor,
  request: AccountsExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  const { format, ...list } = request;
  const filename = exportFileName('collection-accounts', format, offsetHours);
  if (format === 'pdf') {
    const { count } = await accountTotals(database.db, actor, { filter: list.filter });
    if (count > ACCOUNTS_PDF_MAX_ROWS) throw new AppError('BUSINESS_RULE', COLLECTION_ACCOUNT_MESSAGES.pdfTooLarge);
    await auditExport(database.db, actor, {
      entity: 'collection_accounts',
      detail: { format, filter: list.filter ?? null, rows: count },
    });
    const names = await findAccountFilterNames(database.db, list.filter ?? {}, accountScope(actor, 'READ'));
    const heading = accountsHeading(names, list, actor.self.displayName, offsetHours);
    const { pdf } = await renderAccountsReport(heading, everyRow(listAccounts(database, actor, allRowsOf(list))));
    return { filename, contentType: 'application/pdf', stream: pdf };
  }
  await auditExport(database.db, actor, {
    entity: 'collection_accounts',
    detail: { format, filter: list.filter ?? null },
  });
  return streamedTable({
    filename,
    format,
    sheetName: 'Collection accounts',
    headers: COLLECTION_ACCOUNT_COLUMNS.map((c) => c.header),
    cells: (row) => accountCells(row),
    batches: everyRow(listAccounts(database, actor, allRowsOf(list))),
  });
}
