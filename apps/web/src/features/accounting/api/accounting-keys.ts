import type { CashFlowFilter, CashFlowListRequestInput } from '@casedesk/contract/accounting/payment';
import type { ReconRequest } from '@casedesk/contract/accounting/reconciliation';
import type { ThreeWayRequest, TrustLedgersRequestInput } from '@casedesk/contract/accounting/trust';

/**
 * The accounting module's query keys (read by this feature only). Every entry, reversal or deposit changes
 * lists, totals and reconciliation together, so writes refresh everything under `all`.
 */
export const accountingKeys = {
  all: ['accounting'] as const,
  list: (request: CashFlowListRequestInput) => [...accountingKeys.all, 'list', request] as const,
  totals: (filter: CashFlowFilter) => [...accountingKeys.all, 'totals', filter] as const,
  officeEntered: (request: CashFlowListRequestInput) => [...accountingKeys.all, 'officeEntered', request] as const,
  officeEnteredTotal: (filter: CashFlowFilter) => [...accountingKeys.all, 'officeEnteredTotal', filter] as const,
  payment: (paymentId: string) => [...accountingKeys.all, 'payment', paymentId] as const,
  reconTable: (request: ReconRequest) => [...accountingKeys.all, 'reconTable', request] as const,
  reconTotal: (request: ReconRequest) => [...accountingKeys.all, 'reconTotal', request] as const,
  trustLedgers: (request: TrustLedgersRequestInput) => [...accountingKeys.all, 'trustLedgers', request] as const,
  trustLedger: (inquiryId: string) => [...accountingKeys.all, 'trustLedger', inquiryId] as const,
  threeWay: (request: ThreeWayRequest) => [...accountingKeys.all, 'threeWay', request] as const,
  report: (reportId: string) => [...accountingKeys.all, 'report', reportId] as const,
  access: () => [...accountingKeys.all, 'access'] as const,
};
