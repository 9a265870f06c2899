import {
  callExportRequestSchema,
  callListRequestSchema,
  callListResponseSchema,
  callRowSchema,
} from '@casedesk/contract/calls/call';
import {
  clickToCallRequestSchema,
  incomingCallRequestSchema,
  outgoingCallNumberListSchema,
  smartDialOptionListSchema,
  smartDialQuerySchema,
} from '@casedesk/contract/calls/click-to-call';
import { exportQuerySchema } from '@casedesk/contract/inquiries/lead-list';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { exportCalls } from './calls-export.service.ts';
import { clickToCall, listCalls, listOutgoingCallNumbers, smartDial } from './calls.service.ts';
import { handleCallStatusEvent, handleInboundCallEvent, reportIncomingCall } from './incoming-calls.service.ts';

export async function callsRoutes(app: AppInstance): Promise<void> {
  // The provider webhooks store the event and run these in a job (platform/providers).
  const incomingDeps = { db: app.db, realtime: app.realtime };
  app.webhooks.on('CALL_INBOUND', (event) => handleInboundCallEvent(incomingDeps, event));
  app.webhooks.on('CALL_STATUS', (event) => handleCallStatusEvent(app.db, event));

  // The two click-to-call dropdowns (SPEC §7 Dropdowns) live with the calls they serve.
  app.get(
    '/api/v1/dropdown/smartDial',
    {
      config: { permission: ['CALLS', 'CREATE'], records: { clientId: 'client', inquiryId: 'inquiry' } },
      schema: {
        tags: ['dropdowns', 'calls'],
        summary:
          'Numbers the operator may dial for a client or an inquiry (its client): primary, secondary, mobile ' +
          'and home, labelled, each once, 10 digits only. A record outside the CALLS CREATE office scope is a 404.',
        querystring: smartDialQuerySchema,
        response: { 200: smartDialOptionListSchema },
      },
    },
    async (request) => smartDial(app.db, request.actor!, request.query),
  );

  app.get(
    '/api/v1/dropdown/outgoingCallNumbers',
    {
      config: { permission: ['CALLS', 'CREATE'] },
      schema: {
        tags: ['dropdowns', 'calls'],
        summary: 'Outbound caller ids of the offices the caller may call from; only exactly-10-digit ids (SPEC §5)',
        response: { 200: outgoingCallNumberListSchema },
      },
    },
    async (request) => listOutgoingCallNumbers(app.db, request.actor!),
  );

  app.post(
    '/api/v1/call/click2Call',
    {
      config: {
        permission: ['CALLS', 'CREATE'],
        userRateLimit: 'click-to-call',
        records: { clientId: 'client', inquiryId: 'inquiry', collectionAccountId: 'collectionAccount' },
        unscopedIds: { outboundCallerId: "a phone number: one the caller's CALLS CREATE offices call from, else 400" },
      },
      schema: {
        tags: ['calls'],
        summary:
          'Click-to-call: rings the operator (operatorNumber: one of the caller’s own numbers, default their ' +
          'clickToCall), then bridges the participant under an offered outbound caller id; records the OUTBOUND call',
        body: clickToCallRequestSchema,
        response: { 200: callRowSchema },
      },
    },
    async (request) => clickToCall(app.db, app.provider, request.actor!, request.body),
  );

  app.post(
    '/api/v1/call/incoming',
    {
      config: { permission: ['CALLS', 'CREATE'], unscopedIds: { callerId: 'the calling phone number, not a record' } },
      schema: {
        tags: ['calls'],
        summary:
          'An inbound call reported by a telephony integration (as the provider webhook does): stored with its ' +
          'tracking line, matched client and duplicate flag; the office’s CALLS readers are notified. A known callSid is a no-op.',
        body: incomingCallRequestSchema,
        response: { 200: callRowSchema },
      },
    },
    async (request) => reportIncomingCall(incomingDeps, request.actor!, request.body),
  );

  app.post(
    '/api/v1/call/all',
    {
      config: {
        permission: ['CALLS', 'READ'],
        unscopedIds: { 'filter.officeId': 'only narrows the list, already cut to the offices CALLS READ reaches' },
      },
      schema: {
        tags: ['calls'],
        summary:
          'Calls list (SPEC §2 headers) within the caller’s CALLS READ office scope, sorted and paged on the server',
        body: callListRequestSchema,
        response: { 200: callListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listCalls(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/call/export',
    {
      config: {
        permission: ['CALLS', 'READ'],
        userRateLimit: 'export',
        unscopedIds: { 'filter.officeId': 'only narrows the list, already cut to the offices CALLS READ reaches' },
      },
      schema: {
        tags: ['calls'],
        summary: 'The calls list of the current filter and sort as CSV or XLSX (streamed); times at offsetHours',
        querystring: exportQuerySchema,
        body: callExportRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await exportCalls(app.database, request.actor!, request.body, request.query.offsetHours);
      return sendExport(reply, file);
    },
  );
}
