import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import {
  DASHBOARD_PERMISSION,
  dashboardRequestSchema,
  dashboardSchema,
  drillExportRequestSchema,
  drillRowsRequestSchema,
  drillRowsSchema,
  myDashboardsSchema,
} from '@casedesk/contract/dashboards/dashboard';
import { reportQuerySchema } from '@casedesk/contract/reports/report';
import type { FastifyRequest } from 'fastify';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import type { Clock, DashboardCall } from './dashboard.service.ts';
import { dashboardOf, drillRows, exportDrillRows, myDashboards } from './dashboard.service.ts';

const tags = ['dashboards'];
const ZONE =
  'Days and hours are the caller’s (timeZone, an IANA name, in the body; else offsetHours); office widgets count ' +
  'in each office’s own zone.';

const DASHBOARD_ROUTES: { path: string; kind: DashboardKind; summary: string }[] = [
  {
    path: '/api/v1/dashboard/callCenter',
    kind: 'CALL_CENTER',
    summary: 'Call centre: calls, missed, answer rate, talk time, leads, appointments by operator, texts today.',
  },
  {
    path: '/api/v1/dashboard/office',
    kind: 'OFFICE',
    summary: 'Office: today’s appointments, the week’s outcomes, bookings ahead, cash, reconciliation, follow-ups.',
  },
  {
    path: '/api/v1/dashboard/corporate',
    kind: 'CORPORATE',
    summary: 'Corporate: the funnel, cash and collections firm-wide and by office, cost per signed case, trends.',
  },
];

/** The drill's office is one of the caller's (404 otherwise); its user only narrows rows already in scope. */
const DRILL_IDS = {
  records: { 'drill.officeId': 'office' },
  unscopedIds: { 'drill.userId': 'narrows rows already limited to the caller’s offices to one operator' },
} as const;

/**
 * SPEC §2 /dashboard/…, §7 dashboard: the three landing dashboards, the rows behind any figure and their export
 * (docs/dashboards.md). Each dashboard needs its permission READ, whose office condition is its scope.
 */
export async function dashboardRoutes(app: AppInstance, options: { clock?: Clock }): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const callOf = (request: FastifyRequest, offsetHours: number): DashboardCall => ({
    database: app.database,
    actor: request.actor!,
    offsetHours,
    now: clock(),
  });

  app.get(
    '/api/v1/dashboard/mine',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: 'The dashboards the caller may open and the one they land on (SPEC §2 defaultDashboard)',
        response: { 200: myDashboardsSchema },
      },
    },
    async (request) => myDashboards(request.actor!),
  );

  for (const { path, kind, summary } of DASHBOARD_ROUTES) {
    app.post(
      path,
      {
        config: { permission: [DASHBOARD_PERMISSION[kind], 'READ'], records: { officeId: 'office' } },
        schema: {
          tags,
          summary: `${summary} ${ZONE}`,
          querystring: reportQuerySchema,
          body: dashboardRequestSchema,
          response: { 200: dashboardSchema },
        },
      },
      async (request) => dashboardOf(callOf(request, request.query.offsetHours), kind, request.body),
    );
  }

  app.post(
    '/api/v1/dashboard/rows',
    {
      // The permission is the drill's dashboard's, checked by the service (403 without it).
      config: { signedIn: true, ...DRILL_IDS },
      schema: {
        tags,
        summary: `The rows behind a figure or point, a page at a time, with their count and sum. ${ZONE}`,
        querystring: reportQuerySchema,
        body: drillRowsRequestSchema,
        response: { 200: drillRowsSchema },
      },
    },
    async (request) => drillRows(callOf(request, request.query.offsetHours), request.body),
  );

  app.post(
    '/api/v1/dashboard/rows/export',
    {
      config: { signedIn: true, userRateLimit: 'export', ...DRILL_IDS },
      schema: {
        tags,
        summary: `Every row behind a figure as CSV, XLSX or PDF with a heading, streamed. ${ZONE}`,
        querystring: reportQuerySchema,
        body: drillExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportDrillRows(callOf(request, request.query.offsetHours), request.body)),
  );
}
