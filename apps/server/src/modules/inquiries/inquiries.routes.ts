import { intakeQuestionListSchema, intakeQuestionsQuerySchema } from '@casedesk/contract/inquiries/intake-question';
import {
  createInquirySchema,
  inquiryByClientQuerySchema,
  inquiryDetailSchema,
  inquiryIdQuerySchema,
  inquirySummaryListSchema,
  pdfExportQuerySchema,
  updateInquirySchema,
} from '@casedesk/contract/inquiries/inquiry';
import {
  exportQuerySchema,
  leadListRequestSchema,
  leadListResponseSchema,
} from '@casedesk/contract/inquiries/lead-list';
import { listInquiryAppointments } from '../appointments/appointment-lists.service.ts';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import {
  createInquiry,
  getInquiry,
  listInquiriesOfClient,
  listIntakeQuestions,
  resetInquiryClient,
  updateInquiry,
} from './inquiries.service.ts';
import { exportInquiryPdf, exportLeadsCsv, listLeads } from './leads.service.ts';

export async function inquiriesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/inquiry',
    {
      config: { permission: ['LEADS', 'READ'], records: { inquiryId: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary: 'One inquiry (SPEC §3) within the caller’s LEADS office scope',
        querystring: inquiryIdQuerySchema,
        response: { 200: inquiryDetailSchema },
      },
    },
    async (request) => {
      const inquiry = await getInquiry(app.db, request.actor!, request.query.inquiryId);
      // Composed here: the appointments module depends on inquiries, not the other way round.
      const appointments = inquiry.clientId ? await listInquiryAppointments(app.db, inquiry.clientId, inquiry.id) : [];
      return { ...inquiry, appointments };
    },
  );

  app.post(
    '/api/v1/inquiry',
    {
      config: {
        permission: ['LEADS', 'CREATE'],
        records: { clientId: 'client', officeId: 'office' },
        unscopedIds: {
          lawTypeId: 'an option of a list shared by every office',
          leadOwnerId: 'any active user may own a lead (every signed-in user lists them: /user/min)',
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Create an inquiry: a new client (or clientId of an existing one), the inquiry and its opposing party',
        body: createInquirySchema,
        response: { 200: inquiryDetailSchema },
      },
    },
    async (request) => createInquiry(app.db, request.actor!, request.body),
  );

  app.patch(
    '/api/v1/inquiry',
    {
      config: {
        permission: ['LEADS', 'UPDATE'],
        records: { inquiryId: 'inquiry', clientId: 'client', officeId: 'office' },
        unscopedIds: {
          lawTypeId: 'an option of a list shared by every office',
          leadOwnerId: 'any active user may own a lead (every signed-in user lists them: /user/min)',
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Update an inquiry, its client and opposing party (fields left out keep their value)',
        querystring: inquiryIdQuerySchema,
        body: updateInquirySchema,
        response: { 200: inquiryDetailSchema },
      },
    },
    async (request) => updateInquiry(app.db, request.actor!, request.query.inquiryId, request.body),
  );

  app.get(
    '/api/v1/inquiry/inquiryByClientId',
    {
      config: {
        permission: ['LEADS', 'READ'],
        unscopedIds: { clientId: 'only selects among the inquiries LEADS READ reaches (none outside it)' },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'A client’s inquiries within the caller’s LEADS office scope, newest first',
        querystring: inquiryByClientQuerySchema,
        response: { 200: inquirySummaryListSchema },
      },
    },
    async (request) => listInquiriesOfClient(app.db, request.actor!, request.query.clientId),
  );

  app.get(
    '/api/v1/inquiry/resetClient',
    {
      config: { permission: ['LEADS', 'UPDATE'], records: { inquiryId: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary:
          'Read-only: the inquiry with its client section blank (clientId and client null) so the operator can ' +
          'pick or enter another client. Nothing is stored; the next PATCH sends clientId of an existing client, ' +
          'or clientId null with the new client fields. The previous client record is never changed.',
        querystring: inquiryIdQuerySchema,
        response: { 200: inquiryDetailSchema },
      },
    },
    async (request) => resetInquiryClient(app.db, request.actor!, request.query.inquiryId),
  );

  app.get(
    '/api/v1/intake/questions',
    {
      config: { permission: ['LEADS', 'READ'] },
      schema: {
        tags: ['inquiries'],
        summary: 'Intake questions of a law type (the INQUIRY_LAW_TYPE option id or value), in order',
        querystring: intakeQuestionsQuerySchema,
        response: { 200: intakeQuestionListSchema },
      },
    },
    async (request) => listIntakeQuestions(app.db, request.query.lawType),
  );

  app.post(
    '/api/v1/inquiry/all',
    {
      config: {
        permission: ['LEADS', 'READ'],
        unscopedIds: {
          'filter.lawTypeId': 'an option of a list shared by every office',
          'filter.leadOwnerId': 'only narrows the list, already cut to the offices LEADS READ reaches',
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Leads list (SPEC §2 columns) with call and text counts, sorted and paged on the server',
        body: leadListRequestSchema,
        response: { 200: leadListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listLeads(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/inquiry/export',
    {
      config: {
        permission: ['LEADS', 'READ'],
        userRateLimit: 'export',
        unscopedIds: {
          'filter.lawTypeId': 'an option of a list shared by every office',
          'filter.leadOwnerId': 'only narrows the list, already cut to the offices LEADS READ reaches',
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Leads of the current filter and sort as CSV; dates at offsetHours',
        querystring: exportQuerySchema,
        body: leadListRequestSchema,
      },
    },
    async (request, reply) => {
      return sendExport(
        reply,
        await exportLeadsCsv(app.database, request.actor!, request.body, request.query.offsetHours),
      );
    },
  );

  app.post(
    '/api/v1/inquiry/exportToPdf',
    {
      config: { permission: ['LEADS', 'READ'], userRateLimit: 'export', records: { inquiryId: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary: 'The inquiry as a PDF to file; times at offsetHours',
        querystring: pdfExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { inquiryId, offsetHours } = request.query;
      const pdf = await exportInquiryPdf(app.db, request.actor!, inquiryId, offsetHours);
      return sendExport(reply, { filename: `inquiry-${inquiryId}.pdf`, contentType: 'application/pdf', stream: pdf });
    },
  );
}
