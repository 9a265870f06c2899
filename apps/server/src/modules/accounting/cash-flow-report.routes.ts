import {
  cashFlowReportParamsSchema,
  cashFlowReportQueuedSchema,
  cashFlowReportRequestSchema,
  cashFlowReportStatusSchema,
} from '@casedesk/contract/accounting/cash-flow-report';
import { exportQuerySchema } from '@casedesk/contract/inquiries/lead-list';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { CASH_FLOW_FILTER_IDS } from './cash-flow-ids.ts';
import {
  cashFlowReportFile,
  cashFlowReportStatus,
  requestCashFlowReport,
  workCashFlowReports,
} from './cash-flow-report.service.ts';

const tags = ['accounting'];

/** A report is its requester's alone (404 for anyone else); its rows were cut to their offices when it was built. */
const OWN_REPORT = { reportId: 'the requester’s own report; no office decides it' };

/** The cash-flow report PDF (docs/accounting.md, "Cash-flow report"): at once when small, else a background job. */
export async function cashFlowReportRoutes(app: AppInstance): Promise<void> {
  await workCashFlowReports(app.database, app.jobs);

  app.post(
    '/api/v1/cashFlow/report',
    {
      config: { permission: ['CASH_FLOW', 'READ'], userRateLimit: 'export', unscopedIds: CASH_FLOW_FILTER_IDS },
      schema: {
        tags,
        summary:
          'The cash-flow list of the current filter and sort as a PDF with page subtotals and a grand total: ' +
          '200 with the PDF up to 5,000 rows, else 202 with the status of a report built in the background',
        querystring: exportQuerySchema,
        body: cashFlowReportRequestSchema,
        response: { 202: cashFlowReportQueuedSchema },
      },
    },
    async (request, reply) => {
      const answer = await requestCashFlowReport(
        app.database,
        app.jobs,
        request.actor!,
        request.body,
        request.query.offsetHours,
      );
      if (answer.kind === 'pdf') return sendExport(reply, answer.file);
      return reply.code(202).send(answer.status);
    },
  );

  app.get(
    '/api/v1/cashFlow/report/:reportId',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: OWN_REPORT },
      schema: {
        tags,
        summary: 'How far a background cash-flow report has come; only its requester sees it (404 otherwise)',
        params: cashFlowReportParamsSchema,
        response: { 200: cashFlowReportStatusSchema },
      },
    },
    async (request) => cashFlowReportStatus(app.db, request.actor!, request.params.reportId),
  );

  app.get(
    '/api/v1/cashFlow/report/:reportId/file',
    {
      config: { permission: ['CASH_FLOW', 'READ'], unscopedIds: OWN_REPORT },
      schema: {
        tags,
        summary: 'The finished report as a PDF; 409 while it is being built or when it failed',
        params: cashFlowReportParamsSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await cashFlowReportFile(app.db, request.actor!, request.params.reportId)),
  );
}
