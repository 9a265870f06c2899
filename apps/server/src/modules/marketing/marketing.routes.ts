import {
  attributionReportSchema,
  attributionRequestSchema,
  spendEntryResultSchema,
  spendEntrySchema,
} from '@casedesk/contract/marketing/attribution';
import {
  trackingLineCreateSchema,
  trackingLineDetailSchema,
  trackingLineIdParamsSchema,
  trackingLineListRequestSchema,
  trackingLineListSchema,
  trackingLineRemapSchema,
  trackingLineTypeCountsSchema,
  unresolvedDnisListSchema,
  unresolvedDnisRequestSchema,
} from '@casedesk/contract/marketing/tracking-line';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { attributionReport, enterSpend } from './attribution.service.ts';
import {
  createTrackingLine,
  deactivateTrackingLine,
  getTrackingLine,
  listTrackingLines,
  listUnresolvedDnis,
  remapTrackingLine,
  trackingLineTypeCounts,
} from './tracking-lines.service.ts';

const POINT_TO = 'where the line rings: any office or the call centre may answer a line';

/** SPEC §7 dnis: tracking lines (SPEC §2 Marketing), their mappings, unresolved numbers and attribution. */
export async function marketingRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/dnis/all',
    {
      config: { permission: ['TRACKING_LINE', 'READ'] },
      schema: {
        tags: ['marketing'],
        summary: 'Tracking lines with their latest mapping, by type, in the caller’s TRACKING_LINE READ offices',
        body: trackingLineListRequestSchema,
        response: { 200: trackingLineListSchema },
      },
    },
    async (request, reply) => sendList(reply, await listTrackingLines(app.database, request.actor!, request.body)),
  );

  app.get(
    '/api/v1/dnis/typeCounts',
    {
      config: { permission: ['TRACKING_LINE', 'READ'] },
      schema: {
        tags: ['marketing'],
        summary: 'Active tracking lines per type (every type, zero included) in the caller’s offices',
        response: { 200: trackingLineTypeCountsSchema },
      },
    },
    async (request) => trackingLineTypeCounts(app.db, request.actor!),
  );

  app.post(
    '/api/v1/dnis/unresolved',
    {
      config: { permission: ['TRACKING_LINE', 'READ'] },
      schema: {
        tags: ['marketing'],
        summary: 'Numbers called that no tracking line mapped at the time, with their calls, newest first',
        body: unresolvedDnisRequestSchema,
        response: { 200: unresolvedDnisListSchema },
      },
    },
    async (request, reply) => sendList(reply, await listUnresolvedDnis(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/dnis/attribution',
    {
      config: { permission: ['TRACKING_LINE', 'READ'] },
      schema: {
        tags: ['marketing'],
        summary:
          'Per source and month: calls, unique callers, leads, appointments set and signed cases by first and by ' +
          'last touch, spend and cost per lead and per signed case (fees collected: null until accounting)',
        body: attributionRequestSchema,
        response: { 200: attributionReportSchema },
      },
    },
    async (request) => attributionReport(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/dnis/spend',
    {
      config: { permission: ['TRACKING_LINE', 'CREATE'] },
      schema: {
        tags: ['marketing'],
        summary: 'What a source cost in a month, in cents; the newest entry for a source and month counts',
        body: spendEntrySchema,
        response: { 200: spendEntryResultSchema },
      },
    },
    async (request) => enterSpend(app.db, request.actor!, request.body),
  );

  app.get(
    '/api/v1/dnis/:id',
    {
      config: { permission: ['TRACKING_LINE', 'READ'], records: { id: 'trackingLine' } },
      schema: {
        tags: ['marketing'],
        summary: 'One tracking line with every mapping version it had, newest first',
        params: trackingLineIdParamsSchema,
        response: { 200: trackingLineDetailSchema },
      },
    },
    async (request) => getTrackingLine(app.db, request.actor!, request.params.id),
  );

  app.post(
    '/api/v1/dnis',
    {
      config: {
        permission: ['TRACKING_LINE', 'CREATE'],
        records: { officeId: 'office' },
        unscopedIds: { pointToOfficeId: POINT_TO },
      },
      schema: {
        tags: ['marketing'],
        summary:
          'A new tracking line from effectiveFrom (now when omitted; a past start claims the number’s unresolved ' +
          'calls from then on); 409 when an active line has the number',
        body: trackingLineCreateSchema,
        response: { 200: trackingLineDetailSchema },
      },
    },
    async (request) => createTrackingLine(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/dnis/:id',
    {
      config: {
        permission: ['TRACKING_LINE', 'UPDATE'],
        records: { id: 'trackingLine', officeId: 'office' },
        unscopedIds: { pointToOfficeId: POINT_TO },
      },
      schema: {
        tags: ['marketing'],
        summary: 'Re-map a tracking line from effectiveFrom (never before now): calls already taken keep their source',
        params: trackingLineIdParamsSchema,
        body: trackingLineRemapSchema,
        response: { 200: trackingLineDetailSchema },
      },
    },
    async (request) => remapTrackingLine(app.db, request.actor!, request.params.id, request.body),
  );

  app.patch(
    '/api/v1/dnis/:id/deactivate',
    {
      config: { permission: ['TRACKING_LINE', 'UPDATE'], records: { id: 'trackingLine' } },
      schema: {
        tags: ['marketing'],
        summary: 'Deactivate a tracking line from now on; its past calls keep their attribution',
        params: trackingLineIdParamsSchema,
        response: { 200: trackingLineDetailSchema },
      },
    },
    async (request) => deactivateTrackingLine(app.db, request.actor!, request.params.id),
  );
}
