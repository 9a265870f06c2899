import {
  dashboardAccessSchema,
  dashboardByCollectorSchema,
  dashboardByOfficeSchema,
  dashboardByRequestSchema,
  dashboardRequestSchema,
  dashboardSummarySchema,
} from '@casedesk/contract/collections/dashboard';
import { reportQuerySchema } from '@casedesk/contract/reports/report';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import {
  dashboardAccess,
  dashboardByCollector,
  dashboardByOffice,
  dashboardSummary,
} from './collection-dashboard.service.ts';

const tags = ['collections'];
const ZONE = 'Days and months are the caller’s: timeZone (IANA) in the body, else offsetHours.';

/**
 * SPEC §7 collectionDashboard (widget, byOffice, byCollector) and the screen's question of which one it shows
 * (SPEC §6: the COLLECTIONS_DASHBOARD role condition ADMIN gives the summary, MANAGER the offices; whoever
 * works accounts sees their own). Every figure carries the account-list filter of the accounts behind it.
 */
export async function collectionDashboardRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/collectionDashboard/mine',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: 'Which collections dashboard the caller gets (SUMMARY, BY_OFFICE, BY_COLLECTOR or NONE)',
        response: { 200: dashboardAccessSchema },
      },
    },
    async (request) => dashboardAccess(request.actor!),
  );

  app.post(
    '/api/v1/collectionDashboard/widget',
    {
      config: { permission: ['COLLECTIONS_DASHBOARD', 'READ'] },
      schema: {
        tags,
        summary:
          'The collection summary (SPEC §6: the ADMIN role condition; 403 for any other): accounts and ' +
          'outstanding by status, collected this month and last, plans, aging, follow-ups, promise-kept rate. ' +
          ZONE,
        querystring: reportQuerySchema,
        body: dashboardRequestSchema,
        response: { 200: dashboardSummarySchema },
      },
    },
    async (request) => dashboardSummary(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/collectionDashboard/byOffice',
    {
      config: { permission: ['COLLECTIONS_DASHBOARD', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: `The summary's figures per office of the caller's (SPEC §6: the MANAGER role condition). ${ZONE}`,
        querystring: reportQuerySchema,
        body: dashboardByRequestSchema,
        response: { 200: dashboardByOfficeSchema },
      },
    },
    async (request) => dashboardByOffice(app.db, request.actor!, request.body, request.query.offsetHours),
  );

  app.post(
    '/api/v1/collectionDashboard/byCollector',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary:
          "The summary's figures per collector: a collector's own row, or every collector of the caller's " +
          `accounts for the dashboard's ADMIN and MANAGER readers. ${ZONE}`,
        querystring: reportQuerySchema,
        body: dashboardByRequestSchema,
        response: { 200: dashboardByCollectorSchema },
      },
    },
    async (request) => dashboardByCollector(app.db, request.actor!, request.body, request.query.offsetHours),
  );
}
