import {
  callSummaryExportRequestSchema,
  callSummaryRequestSchema,
  callSummarySchema,
  chatCountExportRequestSchema,
  chatCountSummaryRequestSchema,
  chatCountSummarySchema,
  reportQuerySchema,
} from '@casedesk/contract/reports/report';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { exportCallSummary, exportChatCountSummary } from './reports-export.service.ts';
import { callSummary, chatCountSummary } from './reports.service.ts';

/** SPEC §7 reports (chatCountSummary, callSummary), each with its export; COMMUNICATION_REPORTING office scope. */
export async function reportsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/reports/chatCountSummary',
    {
      config: {
        permission: ['COMMUNICATION_REPORTING', 'READ'],
        unscopedIds: {
          officeId: 'only narrows the report, already cut to the offices COMMUNICATION_REPORTING reaches',
        },
      },
      schema: {
        tags: ['reports'],
        summary: 'Text messages in and out per office, operator or day (days at offsetHours), with totals',
        querystring: reportQuerySchema,
        body: chatCountSummaryRequestSchema,
        response: { 200: chatCountSummarySchema },
      },
    },
    async (request) => chatCountSummary(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/reports/chatCountSummary/export',
    {
      config: {
        permission: ['COMMUNICATION_REPORTING', 'READ'],
        userRateLimit: 'export',
        unscopedIds: {
          officeId: 'only narrows the report, already cut to the offices COMMUNICATION_REPORTING reaches',
        },
      },
      schema: {
        tags: ['reports'],
        summary: 'The chat count summary as CSV or XLSX',
        querystring: reportQuerySchema,
        body: chatCountExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportChatCountSummary(app.db, request.actor!, request.body, request.query.offsetHours)),
  );

  app.post(
    '/api/v1/reports/callSummary',
    {
      config: {
        permission: ['COMMUNICATION_REPORTING', 'READ'],
        unscopedIds: {
          officeId: 'only narrows the report, already cut to the offices COMMUNICATION_REPORTING reaches',
        },
      },
      schema: {
        tags: ['reports'],
        summary:
          'Calls per tracking source, office or day (days at offsetHours): inbound, outbound, answered, missed, ' +
          'duplicates and average talk seconds, with totals',
        querystring: reportQuerySchema,
        body: callSummaryRequestSchema,
        response: { 200: callSummarySchema },
      },
    },
    async (request) => callSummary(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/reports/callSummary/export',
    {
      config: {
        permission: ['COMMUNICATION_REPORTING', 'READ'],
        userRateLimit: 'export',
        unscopedIds: {
          officeId: 'only narrows the report, already cut to the offices COMMUNICATION_REPORTING reaches',
        },
      },
      schema: {
        tags: ['reports'],
        summary: 'The call summary as CSV or XLSX',
        querystring: reportQuerySchema,
        body: callSummaryExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportCallSummary(app.db, request.actor!, request.body, request.query.offsetHours)),
  );
}
