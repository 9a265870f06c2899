import {
  clientDetailSchema,
  clientIdParamQuerySchema,
  clientIdQuerySchema,
  createClientSchema,
  updateClientSchema,
} from '@casedesk/contract/clients/client';
import { clientDetailsResponseSchema, clientLeadResponseSchema } from '@casedesk/contract/clients/client-details';
import {
  clientMergeRequestSchema,
  clientMergeResponseSchema,
  inquiryMergeWithExistingSchema,
} from '@casedesk/contract/clients/client-merge';
import {
  clientExportRequestSchema,
  clientSearchRequestSchema,
  clientSearchResponseSchema,
  offsetHoursQuerySchema,
} from '@casedesk/contract/clients/client-search';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { exportClients } from './clients-export.service.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { mergeClientRecords, mergeInquiryWithExisting } from './clients-merge.service.ts';
import { getClientDetails, getClientLead } from './client-details.service.ts';
import { createClient, getClient, searchClients, updateClient } from './clients.service.ts';

export async function clientsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/client',
    {
      config: { permission: ['CLIENT_PROFILE', 'CREATE'], records: { officeId: 'office' } },
      schema: {
        tags: ['clients'],
        summary: 'Create a client (SPEC §5 field rules; phones as digits, date of birth MM-dd-yyyy)',
        body: createClientSchema,
        response: { 200: clientDetailSchema },
      },
    },
    async (request) => createClient(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/client',
    {
      config: { permission: ['CLIENT_PROFILE', 'UPDATE'], records: { id: 'client', officeId: 'office' } },
      schema: {
        tags: ['clients'],
        summary: 'Update a client; fields left out keep their value',
        querystring: clientIdQuerySchema,
        body: updateClientSchema,
        response: { 200: clientDetailSchema },
      },
    },
    async (request) => updateClient(app.db, request.actor!, request.query.id, request.body),
  );

  app.get(
    '/api/v1/client',
    {
      config: { permission: ['CLIENT_PROFILE', 'READ'], records: { id: 'client' } },
      schema: {
        tags: ['clients'],
        summary: 'One client; a merged-away one comes back with mergedIntoId set',
        querystring: clientIdQuerySchema,
        response: { 200: clientDetailSchema },
      },
    },
    async (request) => getClient(app.db, request.actor!, request.query.id),
  );

  app.get(
    '/api/v1/client/details',
    {
      config: { permission: ['CLIENT_PROFILE', 'READ'], records: { clientId: 'client' } },
      schema: {
        tags: ['clients'],
        summary: 'Client detail: profile, address, image, calls, appointments, payments, SMS, inquiries',
        querystring: clientIdParamQuerySchema,
        response: { 200: clientDetailsResponseSchema },
      },
    },
    async (request) => getClientDetails(app.db, request.actor!, request.query.clientId),
  );

  app.get(
    '/api/v1/client/lead',
    {
      config: { permission: ['CLIENT_PROFILE', 'READ'], records: { clientId: 'client' } },
      schema: {
        tags: ['clients'],
        summary: "The client's newest inquiry (open lead)",
        querystring: clientIdParamQuerySchema,
        response: { 200: clientLeadResponseSchema },
      },
    },
    async (request) => getClientLead(app.db, request.actor!, request.query.clientId),
  );

  app.post(
    '/api/v1/client/search',
    {
      config: { permission: ['SEARCH_CLIENT', 'READ'], userRateLimit: 'search' },
      schema: {
        tags: ['clients'],
        summary:
          'Search clients by name (any order, one typo), phone (any format, last 4+), email, LMS or Needles number',
        body: clientSearchRequestSchema,
        response: { 200: clientSearchResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await searchClients(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/client/export',
    {
      config: { permission: ['SEARCH_CLIENT', 'READ'], userRateLimit: 'export' },
      schema: {
        tags: ['clients'],
        summary: 'The current client search as CSV or XLSX (streamed download)',
        querystring: offsetHoursQuerySchema,
        body: clientExportRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await exportClients(app.database, request.actor!, request.body, request.query.offsetHours);
      return sendExport(reply, file);
    },
  );

  app.post(
    '/api/v1/client/merge',
    {
      config: { permission: ['CLIENT_PROFILE', 'UPDATE'], records: { mergedId: 'client', survivorId: 'client' } },
      schema: {
        tags: ['clients'],
        summary: 'Merge two clients: chosen field values, every related record moved, the other kept as a tombstone',
        body: clientMergeRequestSchema,
        response: { 200: clientMergeResponseSchema },
      },
    },
    async (request) => mergeClientRecords(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/inquiry/mergeWithExisting',
    {
      config: { permission: ['LEADS', 'UPDATE'], records: { existingClientId: 'client', inquiryId: 'inquiry' } },
      schema: {
        tags: ['clients'],
        summary: "Merge an inquiry's client into an existing client (same merge as /client/merge)",
        body: inquiryMergeWithExistingSchema,
        response: { 200: clientMergeResponseSchema },
      },
    },
    async (request) => mergeInquiryWithExisting(app.db, request.actor!, request.body),
  );
}
