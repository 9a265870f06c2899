import type { CashFlowExportRequest, CashFlowRow } from '@casedesk/contract/accounting/payment';
import { CASH_FLOW_COLUMNS, PAYMENT_TYPE_LABELS } from '@casedesk/contract/accounting/payment';
import { formatCents } from '@casedesk/contract/common/money';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName, streamedTable } from '../../platform/export/table-file.ts';
import { listCashFlow } from './payments.service.ts';

/**
 * A row as people read it: amounts as dollars with two decimals, by default with no grouping (a spreadsheet reads
 * them as numbers, SPEC §5; the PDF passes formatMoney), the entry time at the caller's offset; a reversal says
 * that it is one.
 */
export function cashFlowCells(row: CashFlowRow, offsetHours: number, money = formatCents): string[] {
  const byColumn: Record<(typeof CASH_FLOW_COLUMNS)[number]['id'], string> = {
    officeEntered: row.officeEntered ? 'Yes' : 'No',
    office: row.office,
    client: row.client,
    lmsClientNumber: row.lmsClientNumber ?? '',
    matter: row.matter ?? '',
    lawType: row.lawType ?? '',
    paymentType: PAYMENT_TYPE_LABELS[row.paymentType] + (row.reversesId ? ' (reversal)' : ''),
    fees: money(row.feesCents),
    cost: money(row.costCents),
    receiptNum: row.receiptNumber === null ? '' : String(row.receiptNumber),
    enteredBy: row.enteredBy ?? '',
    time: formatDateTimeAt(row.time, offsetHours),
  };
  return CASH_FLOW_COLUMNS.map((c) => byColumn[c.id]);
}

/** POST /cashFlow/export: the cash flow of the current filter and sort as CSV or XLSX, streamed; audited. */
export async function exportCashFlow(
  database: Database,
  actor: Actor,
  request: CashFlowExportRequest,
  offsetHours: number,
): Promise<ExportFile> {
  await auditExport(database.db, actor, {
    entity: 'payments',
    detail: { format: request.format, filter: request.filter ?? null },
  });
  const { format, ...list } = request;
  return streamedTable({
    filename: exportFileName('cash-flow', format, offsetHours),
    format,
    sheetName: 'Cash flow',
    headers: CASH_FLOW_COLUMNS.map((c) => c.header),
    cells: (row) => cashFlowCells(row, offsetHours),
    batches: everyRow(listCashFlow(database, actor, allRowsOf(list))),
  });
}
