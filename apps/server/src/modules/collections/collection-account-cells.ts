import type { CollectionAccountRow } from '@casedesk/contract/collections/account';
import {
  COLLECTION_ACCOUNT_COLUMNS,
  COLLECTION_STATUS_BADGES,
  COLLECTION_STATUS_LABELS,
} from '@casedesk/contract/collections/account';
import { formatCents } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';

/**
 * An account row as people read it, in COLLECTION_ACCOUNT_COLUMNS order: amounts as dollars with two decimals
 * (ungrouped by default, so a spreadsheet reads them as numbers; the PDF passes formatMoney), days as MM-dd-yyyy
 * (SPEC §5), the status with its SPEC §4 badge.
 */
export function accountCells(row: CollectionAccountRow, money = formatCents): string[] {
  const badge = COLLECTION_STATUS_BADGES[row.status];
  const byColumn: Record<(typeof COLLECTION_ACCOUNT_COLUMNS)[number]['id'], string> = {
    accountNumber: String(row.accountNumber),
    client: row.client,
    matter: row.matter ?? '',
    office: row.office,
    status: COLLECTION_STATUS_LABELS[row.status] + (badge ? ` (${badge})` : ''),
    term: row.term ?? '',
    collector: row.collector ?? '',
    followUpDate: formatDateInput(row.followUpDate),
    original: money(row.originalCents),
    paid: money(row.paidCents),
    balance: money(row.balanceCents),
    lastPaymentDate: formatDateInput(row.lastPaymentDate),
  };
  return COLLECTION_ACCOUNT_COLUMNS.map((c) => byColumn[c.id]);
}
