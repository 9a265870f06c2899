import type { PermissionRequirement } from '@casedesk/contract/access/permissions';
import {
  appointmentSummaryExportRequestSchema,
  appointmentSummaryRequestSchema,
  appointmentSummarySchema,
} from '@casedesk/contract/reports/appointment-summary';
import type { ReportName } from '@casedesk/contract/reports/report';
import {
  callSummaryExportRequestSchema,
  callSummaryRequestSchema,
  callSummarySchema,
  chatCountExportRequestSchema,
  chatCountSummaryRequestSchema,
  chatCountSummarySchema,
  REPORT_PERMISSIONS,
  reportQuerySchema,
} from '@casedesk/contract/reports/report';
import {
  reviewExportRequestSchema,
  reviewReportRequestSchema,
  reviewReportSchema,
} from '@casedesk/contract/reports/review-report';
import type { FastifyContextConfig } from 'fastify';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { appointmentSummary } from './appointment-report.service.ts';
import {
  exportAppointmentSummary,
  exportCallSummary,
  exportChatCountSummary,
  exportReviewReport,
} from './reports-export.service.ts';
import { callSummary, chatCountSummary } from './reports.service.ts';
import { reviewReport } from './review-report.service.ts';

/**
 * Who reaches a report (REPORT_PERMISSIONS, docs/reports.md): READ on its one permission, or on any of the
 * ones that open it. The service then reads the union of those permissions' offices.
 */
function accessTo(report: ReportName, exporting: boolean): FastifyContextConfig {
  const [first, ...rest] = REPORT_PERMISSIONS[report].map((type): PermissionRequirement => [type, 'READ']);
  return {
    ...(rest.length > 0
      ? { anyPermission: [first!, rest[0]!, ...rest.slice(1)] as const }
      : { permission: first! }),
    ...(exporting ? { userRateLimit: 'export' as const } : {}),
    unscopedIds: { officeId: 'only narrows the report, already cut to the offices its permissions reach' },
  };
}

/** SPEC §7 reports (appointmentSummary, chatCountSummary, callSummary, review), each with its export. */
export async function reportsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/reports/chatCountSummary',
    {
      config: accessTo('chatCountSummary', false),
      schema: {
        tags: ['reports'],
        summary: 'Text messages in and out per office, operator or day (days in timeZone, else at offsetHours)',
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
      config: accessTo('chatCountSummary', true),
      schema: {
        tags: ['reports'],
        summary: 'The chat count summary as CSV, XLSX or PDF, under a heading of its filters, zone, time and author',
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
      config: accessTo('callSummary', false),
      schema: {
        tags: ['reports'],
        summary:
          'Calls per tracking source, office or day: inbound, outbound, answered, missed, duplicates and ' +
          'average talk seconds, with totals',
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
      config: accessTo('callSummary', true),
      schema: {
        tags: ['reports'],
        summary: 'The call summary as CSV, XLSX or PDF, under a heading of its filters, zone, time and author',
        querystring: reportQuerySchema,
        body: callSummaryExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportCallSummary(app.db, request.actor!, request.body, request.query.offsetHours)),
  );

  app.post(
    '/api/v1/reports/appointmentSummary',
    {
      config: accessTo('appointmentSummary', false),
      schema: {
        tags: ['reports'],
        summary:
          'Appointments of the period per office, attorney, law type, source or day: set, showed, no show, ' +
          'cancelled, rescheduled, signed, show and sign rates, with totals',
        querystring: reportQuerySchema,
        body: appointmentSummaryRequestSchema,
        response: { 200: appointmentSummarySchema },
      },
    },
    async (request) => appointmentSummary(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/reports/appointmentSummary/export',
    {
      config: accessTo('appointmentSummary', true),
      schema: {
        tags: ['reports'],
        summary: 'The appointment summary as CSV, XLSX or PDF, under a heading of its filters, zone, time and author',
        querystring: reportQuerySchema,
        body: appointmentSummaryExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await exportAppointmentSummary(app.db, request.actor!, request.body, request.query.offsetHours),
      ),
  );

  app.post(
    '/api/v1/reports/review',
    {
      config: accessTo('review', false),
      schema: {
        tags: ['reports'],
        summary:
          'Review requests (chat options Send Review and Send Review via text) per operator, office or day, ' +
          'by text and by mail, with the ones replied to',
        querystring: reportQuerySchema,
        body: reviewReportRequestSchema,
        response: { 200: reviewReportSchema },
      },
    },
    async (request) => reviewReport(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/reports/review/export',
    {
      config: accessTo('review', true),
      schema: {
        tags: ['reports'],
        summary: 'The review report as CSV, XLSX or PDF, under a heading of its filters, zone, time and author',
        querystring: reportQuerySchema,
        body: reviewExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportReviewReport(app.db, request.actor!, request.body, request.query.offsetHours)),
  );
}
