import {
  cashFlowAccessChangeSchema,
  cashFlowAccessQuerySchema,
  cashFlowAccessSchema,
  cashFlowAccessUserSchema,
} from '@casedesk/contract/accounting/cash-flow-access';
import { exportQuerySchema } from '@casedesk/contract/inquiries/lead-list';
import {
  cashFlowExportRequestSchema,
  cashFlowListRequestSchema,
  cashFlowListResponseSchema,
  cashFlowTotalsRequestSchema,
  cashFlowTotalsSchema,
  paymentDetailSchema,
  paymentIdParamsSchema,
  paymentWriteSchema,
  reversePaymentSchema,
} from '@casedesk/contract/accounting/payment';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendExport } from '../../platform/export/table-file.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { cashFlowAccess, changeCashFlowAccess } from './cash-flow-access.service.ts';
import { exportCashFlow } from './cash-flow-export.service.ts';
import { cashFlowReportRoutes } from './cash-flow-report.routes.ts';
import { CASH_FLOW_FILTER_IDS } from './cash-flow-ids.ts';
import {
  cashFlowTotals,
  enterPayment,
  getPayment,
  listCashFlow,
  paymentReceiptPdf,
  reversePayment,
} from './payments.service.ts';
import { reconciliationRoutes } from './reconciliation.routes.ts';
import { trustRoutes } from './trust.routes.ts';

const tags = ['accounting'];

/** SPEC §2 Accounting (/accounting/cash-flow, /payment/{paymentId}) and SPEC §7 Cash flow; permission CASH_FLOW. */
export async function accountingRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/cashFlow/all',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary:
          'Cash-flow entries (SPEC §2 headers) in the caller’s CASH_FLOW READ offices, filtered, sorted and paged; ' +
          'reversed entries and their reversals only with showReversed',
        body: cashFlowListRequestSchema,
        response: { 200: cashFlowListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listCashFlow(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/cashFlow/totals',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary: 'Fees, cost and total in cents of exactly the rows the list shows for the same filter',
        body: cashFlowTotalsRequestSchema,
        response: { 200: cashFlowTotalsSchema },
      },
    },
    async (request) => cashFlowTotals(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/export',
    {
      config: { permission: ['CASH_FLOW', 'READ'], userRateLimit: 'export', unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary: 'The cash-flow list of the current filter and sort as CSV or XLSX (streamed); times at offsetHours',
        querystring: exportQuerySchema,
        body: cashFlowExportRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await exportCashFlow(app.database, request.actor!, request.body, request.query.offsetHours);
      return sendExport(reply, file);
    },
  );

  app.post(
    '/api/v1/cashFlow/payment',
    {
      config: {
        permission: ['CASH_FLOW', 'CREATE'],
        records: {
          officeId: 'office',
          clientId: 'client',
          inquiryId: 'inquiry',
          collectionAccountId: 'collectionAccount',
        },
        unscopedIds: { lawTypeId: 'a law type (a shared dropdown option), no office' },
      },
      schema: {
        tags,
        summary:
          'Enters a payment; a blank receipt number takes the office’s next one, a used one is 409. ' +
          'The office, the client, the matter and the collection account (one of the client’s, which the payment ' +
          'pays down) must be within the caller’s reach (404 otherwise)',
        body: paymentWriteSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => enterPayment(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/cashFlow/deletePayment',
    {
      config: { permission: ['CASH_FLOW', 'UPDATE'], records: { id: 'payment' } },
      schema: {
        tags,
        summary:
          'Reverses a payment: a linked entry with the opposite amounts and the reason; nothing is deleted. ' +
          '409 when it is already reversed, or for a trust payment whose money was disbursed meanwhile',
        body: reversePaymentSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => reversePayment(app.db, request.actor!, request.body),
  );

  app.get(
    '/api/v1/payment/:paymentId',
    {
      config: { permission: ['CASH_FLOW', 'READ'], records: { paymentId: 'payment' } },
      schema: {
        tags,
        summary: 'One payment with every field and its reversal; 404 outside the caller’s CASH_FLOW READ offices',
        params: paymentIdParamsSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => getPayment(app.db, request.actor!, request.params.paymentId),
  );

  app.get(
    '/api/v1/payment/:paymentId/receipt',
    {
      config: { permission: ['CASH_FLOW', 'READ'], userRateLimit: 'export', records: { paymentId: 'payment' } },
      schema: {
        tags,
        summary: 'The payment’s receipt as a PDF (a reversed one says so); times at offsetHours',
        params: paymentIdParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const { paymentId } = request.params;
      const pdf = await paymentReceiptPdf(app.db, request.actor!, paymentId, request.query.offsetHours);
      return sendExport(reply, { filename: `receipt-${paymentId}.pdf`, contentType: 'application/pdf', stream: pdf });
    },
  );

  app.get(
    '/api/v1/cashFlow/accessControl',
    {
      config: { permission: ['CASH_FLOW_MANAGEMENT', 'READ'] },
      schema: {
        tags,
        summary:
          'Cash-flow management: the users of the offices the caller’s CASH_FLOW_MANAGEMENT reaches, each with ' +
          'their CASH_FLOW, CASH_FLOW_RECON and CASH_FLOW_MANAGEMENT permissions, and the payment types',
        response: { 200: cashFlowAccessSchema },
      },
    },
    async (request) => cashFlowAccess(app.db, request.actor!),
  );

  app.put(
    '/api/v1/cashFlow/updateAccessControl',
    {
      config: { permission: ['CASH_FLOW_MANAGEMENT', 'UPDATE'], records: { userId: 'user' } },
      schema: {
        tags,
        summary:
          'Replaces a user’s cash-flow permissions (the others stay) with a reason; grants only what the caller ' +
          'holds; 404 for a user outside the caller’s offices',
        querystring: cashFlowAccessQuerySchema,
        body: cashFlowAccessChangeSchema,
        response: { 200: cashFlowAccessUserSchema },
      },
    },
    async (request) => changeCashFlowAccess(app.db, app.realtime, request.actor!, request.query.userId, request.body),
  );

  await reconciliationRoutes(app);
  await cashFlowReportRoutes(app);
  await trustRoutes(app);
}
