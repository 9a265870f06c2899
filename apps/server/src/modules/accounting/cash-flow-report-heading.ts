import type { CashFlowListRequest } from '@casedesk/contract/accounting/payment';
import { CASH_FLOW_COLUMNS, PAYMENT_TYPE_LABELS } from '@casedesk/contract/accounting/payment';
import { formatDateInput } from '@casedesk/contract/common/text';
import { formatDateTimeAt, formatUtcOffset } from '@casedesk/contract/inquiries/lead-list';
import type { ReportHeading } from './cash-flow-report-pdf.ts';
import type { FilterNames } from './cash-flow-report.repository.ts';

/**
 * What the report's heading says: the filters in words (names, not ids), the sort, and the time zones: payment
 * days are office days in each office's own zone; entry times are at the offset of whoever asked.
 */
export function reportHeading(
  names: FilterNames,
  request: CashFlowListRequest,
  generatedBy: string,
  offsetHours: number,
  now = new Date(),
): ReportHeading {
  const filter = request.filter ?? {};
  const covered = names.offices;
  const { lawType, enteredBy } = names;
  const client = filter.clientId ? (names.client ?? 'not in your offices') : null;
  const days =
    filter.dateFrom || filter.dateTo
      ? `${filter.dateFrom ? formatDateInput(filter.dateFrom) : 'the first entry'} to ${filter.dateTo ? formatDateInput(filter.dateTo) : 'today'}`
      : 'all days';
  const zones = [...new Set(covered.map((o) => o.timeZone))];
  const sortColumn = CASH_FLOW_COLUMNS.find((c) => c.id === request.sortBy);
  const criteria = [
    filter.paymentType && `payment type ${PAYMENT_TYPE_LABELS[filter.paymentType]}`,
    lawType && `law type ${lawType}`,
    enteredBy && `entered by ${enteredBy}`,
    client && `client ${client}`,
    filter.officeEntered === true && 'office-entered only',
    filter.officeEntered === false && 'accounting-entered only',
  ].filter(Boolean);
  return {
    lines: [
      `Offices: ${covered.map((o) => o.name).join(', ') || 'none'} · payment days: ${days}`,
      `Filters: ${criteria.join(' · ') || 'none'} · reversed entries and their reversals ${filter.showReversed ? 'shown' : 'hidden'}` +
        (sortColumn
          ? ` · sorted by ${sortColumn.header}, ${request.sortOrder === 'DESC' ? 'descending' : 'ascending'}`
          : ''),
      `Time zone: payment days are office days in ${zones.length === 1 ? zones[0] : `each office’s own time zone (${zones.join(', ')})`}; entry times at ${formatUtcOffset(offsetHours)}`,
    ],
    generatedBy,
    generatedAt: `${formatDateTimeAt(now, offsetHours)} (${formatUtcOffset(offsetHours)})`,
  };
}
