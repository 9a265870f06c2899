import { cashFlowListRequestSchema, cashFlowListResponseSchema } from '@casedesk/contract/accounting/payment';
import {
  depositSchema,
  depositWriteSchema,
  officeEnteredTotalRequestSchema,
  officeEnteredTotalSchema,
  reconcileDaySchema,
  reconRequestSchema,
  reconRowSchema,
  reconTableSchema,
  reconTotalSchema,
  reopenDaySchema,
} from '@casedesk/contract/accounting/reconciliation';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { CASH_FLOW_FILTER_IDS } from './cash-flow-ids.ts';
import { listOfficeEnteredCashFlow, officeEnteredTotal } from './payments.service.ts';
import { enterDeposit, reconcileDay, reconTable, reconTotal, reopenDay } from './reconciliation.service.ts';

const tags = ['accounting'];

/**
 * SPEC §7 Cash flow: the office-entered view (`?cashflow=office`, CASH_FLOW) and reconciliation
 * (/accounting/cash-flow-recon, CASH_FLOW_RECON), each by office (SPEC §6).
 */
export async function reconciliationRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/cashFlow/officeEnteredCashFlow',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary: 'The cash flow the offices entered (the office-entered view), as /cashFlow/all otherwise',
        body: cashFlowListRequestSchema,
        response: { 200: cashFlowListResponseSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, await listOfficeEnteredCashFlow(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/cashFlow/officeEnteredTotal',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary: 'What the offices entered for the filter, per payment type and in all (the deposit slip)',
        body: officeEnteredTotalRequestSchema,
        response: { 200: officeEnteredTotalSchema },
      },
    },
    async (request) => officeEnteredTotal(app.db, request.actor!, request.body),
  );

  const reconIds = { officeId: 'only narrows the table, already cut to the offices CASH_FLOW_RECON READ reaches' };

  app.post(
    '/api/v1/cashFlow/reconTable',
    {
      config: { permission: ['CASH_FLOW_RECON', 'READ'], unscopedIds: reconIds },
      schema: {
        tags,
        summary:
          'Per office and day of a month: office-entered, accounting-posted and deposit totals in cents, the ' +
          'difference (deposits − entered − posted) and the reconciliation status',
        body: reconRequestSchema,
        response: { 200: reconTableSchema },
      },
    },
    async (request) => reconTable(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/reconTotal',
    {
      config: { permission: ['CASH_FLOW_RECON', 'READ'], unscopedIds: reconIds },
      schema: {
        tags,
        summary: 'The month’s sums over the same office days as reconTable, and how many are reconciled',
        body: reconRequestSchema,
        response: { 200: reconTotalSchema },
      },
    },
    async (request) => reconTotal(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/reconcile',
    {
      config: { permission: ['CASH_FLOW_RECON', 'CREATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'Signs an office day that balances; the day is locked until reopened. 400 when it does not balance',
        body: reconcileDaySchema,
        response: { 200: reconRowSchema },
      },
    },
    async (request) => reconcileDay(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/reopenRecon',
    {
      config: { permission: ['CASH_FLOW_RECON', 'UPDATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'Opens a reconciled day again with a reason: a new version; the signed one is kept',
        body: reopenDaySchema,
        response: { 200: reconRowSchema },
      },
    },
    async (request) => reopenDay(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/deposit',
    {
      config: { permission: ['CASH_FLOW_RECON', 'CREATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'Records a bank deposit for an open office day (a negative one corrects an earlier deposit)',
        body: depositWriteSchema,
        response: { 200: depositSchema },
      },
    },
    async (request) => enterDeposit(app.db, request.actor!, request.body),
  );
}
