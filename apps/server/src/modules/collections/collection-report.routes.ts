import {
  collectionReportExportRequestSchema,
  collectionReportRequestSchema,
  collectionReportSchema,
} from '@casedesk/contract/collections/report';
import { reportQuerySchema } from '@casedesk/contract/reports/report';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { exportCollectionReport } from './collection-report-export.service.ts';
import { collectionReport } from './collection-report.service.ts';

const tags = ['collections'];
const ids = {
  records: { officeId: 'office' },
  unscopedIds: {
    collectorId: "only narrows the report to one collector's accounts, already within the caller's offices",
  },
} as const;

/**
 * SPEC §7 collectionAccount report and its export (SPEC §2 /collections/collection-reporting?report=):
 * collected, aging, plan performance and the contact log. SPEC §6: COLLECTION_REPORTING with the ADMIN role
 * condition, over the offices it reaches.
 */
export async function collectionReportRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/collectionAccount/report',
    {
      config: { permission: ['COLLECTION_REPORTING', 'READ'], ...ids },
      schema: {
        tags,
        summary:
          'A collection report: COLLECTED (by day, week, month, office or collector), AGING (by office or ' +
          'collector, as of today), PLAN_PERFORMANCE (by month, office or collector) or CONTACT_LOG (every ' +
          'attempt, allowed or refused, with the rule; paged). Days in timeZone, else offsetHours.',
        querystring: reportQuerySchema,
        body: collectionReportRequestSchema,
        response: { 200: collectionReportSchema },
      },
    },
    async (request) => collectionReport(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/collectionAccount/report/export',
    {
      config: { permission: ['COLLECTION_REPORTING', 'READ'], userRateLimit: 'export', ...ids },
      schema: {
        tags,
        summary:
          'A collection report as CSV, XLSX or PDF, headed with its filters, time zone, when and by whom (the ' +
          'contact log with every attempt of its range)',
        querystring: reportQuerySchema,
        body: collectionReportExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportCollectionReport(app.db, request.actor!, request.body, request.query.offsetHours)),
  );
}
