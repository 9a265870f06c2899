import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader.tsx';
import { paths } from '@/config/paths.ts';
import { requirementOf } from '@/config/route-access.ts';
import { AuthGuard } from './guards/auth-guard.tsx';
import { RequirePermission } from './guards/require-permission.tsx';
import { SessionLoader } from './guards/session-loader.tsx';
import { DashboardRedirect } from './routes/dashboard-redirect.tsx';
import { LoggedOutPage } from './routes/logged-out-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { RouteErrorPage } from './routes/route-error-page.tsx';
import { AppLayout } from './shell/app-layout.tsx';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** SPEC §2 /pnc and /appt-detail: the client's appointment from a signed link, without sign-in. */
const appointmentDetailPage: LazyRoute = () =>
  import('@/features/appointments/pages/appointment-detail-page.tsx').then((m) => ({
    Component: m.AppointmentDetailPage,
  }));

/**
 * A route guarded by its permission from config/route-access.ts, whose page is loaded on demand
 * (DESIGN §4: code-split per module; the first screen loads only the shell and its dashboard).
 */
function permittedPage(path: string, lazy: LazyRoute): RouteObject {
  const requirement = requirementOf(path);
  if (!requirement) throw new Error(`No permission is mapped for ${path} in config/route-access.ts`);
  return {
    path,
    element: <RequirePermission requirement={requirement} />,
    children: [{ index: true, lazy }],
  };
}

const dashboardRoutes: RouteObject[] = [
  { path: paths.dashboard.root.path, element: <DashboardRedirect /> },
  permittedPage(paths.dashboard.callCenter.path, () =>
    import('@/features/dashboards/pages/call-center-dashboard-page.tsx').then((m) => ({
      Component: m.CallCenterDashboardPage,
    })),
  ),
  permittedPage(paths.dashboard.office.path, () =>
    import('@/features/dashboards/pages/office-dashboard-page.tsx').then((m) => ({
      Component: m.OfficeDashboardPage,
    })),
  ),
  permittedPage(paths.dashboard.corporate.path, () =>
    import('@/features/dashboards/pages/corporate-dashboard-page.tsx').then((m) => ({
      Component: m.CorporateDashboardPage,
    })),
  ),
];

/** SPEC §2 routes whose modules come with later issues; each later issue swaps in its page. */
const moduleRoutes: RouteObject[] = [
  permittedPage(paths.communication.leads.path, () =>
    import('@/features/inquiries/pages/leads-page.tsx').then((m) => ({ Component: m.LeadsPage })),
  ),
  permittedPage(paths.communication.calls.path, () =>
    import('@/features/calls/pages/calls-page.tsx').then((m) => ({ Component: m.CallsPage })),
  ),
  permittedPage(paths.communication.reporting.path, () =>
    import('@/features/reports/pages/reporting-page.tsx').then((m) => ({ Component: m.ReportingPage })),
  ),
  permittedPage(paths.communication.sms.path, () =>
    import('@/features/sms/pages/sms-page.tsx').then((m) => ({ Component: m.SmsPage })),
  ),
  permittedPage(paths.communication.mail.path, () =>
    import('@/features/mail/pages/mail-outbox-page.tsx').then((m) => ({ Component: m.MailOutboxPage })),
  ),
  permittedPage(paths.communication.lead.path, () =>
    import('@/features/inquiries/pages/inquiry-page.tsx').then((m) => ({ Component: m.InquiryPage })),
  ),
  permittedPage(paths.client.detail.path, () =>
    import('@/features/clients/pages/client-detail-page.tsx').then((m) => ({ Component: m.ClientDetailPage })),
  ),
  permittedPage(paths.management.searchClient.path, () =>
    import('@/features/clients/pages/search-client-page.tsx').then((m) => ({ Component: m.SearchClientPage })),
  ),
  ...(['set', 'all', 'pi', 'week'] as const).map((type) =>
    permittedPage(paths.appointments[type].path, () =>
      import('@/features/appointments/pages/appointments-page.tsx').then((m) => ({
        element: <m.AppointmentsPage type={type} />,
      })),
    ),
  ),
  permittedPage(paths.accounting.cashFlow.path, () =>
    import('@/features/accounting/pages/cash-flow-page.tsx').then((m) => ({ Component: m.CashFlowPage })),
  ),
  permittedPage(paths.accounting.cashFlowRecon.path, () =>
    import('@/features/accounting/pages/cash-flow-recon-page.tsx').then((m) => ({ Component: m.CashFlowReconPage })),
  ),
  permittedPage(paths.accounting.trust.path, () =>
    import('@/features/accounting/pages/trust-page.tsx').then((m) => ({ Component: m.TrustPage })),
  ),
  permittedPage(paths.accounting.cashFlowManagement.path, () =>
    import('@/features/accounting/pages/cash-flow-management-page.tsx').then((m) => ({
      Component: m.CashFlowManagementPage,
    })),
  ),
  permittedPage(paths.payment.detail.path, () =>
    import('@/features/accounting/pages/payment-page.tsx').then((m) => ({ Component: m.PaymentPage })),
  ),
  permittedPage(paths.management.office.path, () =>
    import('@/features/offices/pages/offices-page.tsx').then((m) => ({ Component: m.OfficesPage })),
  ),
  permittedPage(paths.management.officeDetail.path, () =>
    import('@/features/offices/pages/office-page.tsx').then((m) => ({ Component: m.OfficePage })),
  ),
  permittedPage(paths.management.litigationCalendar.path, () =>
    import('@/features/attorneys/pages/litigation-calendar-page.tsx').then((m) => ({
      Component: m.LitigationCalendarPage,
    })),
  ),
  permittedPage(paths.management.attorney.path, () =>
    import('@/features/attorneys/pages/attorneys-page.tsx').then((m) => ({ Component: m.AttorneysPage })),
  ),
  permittedPage(paths.management.attorneyDetail.path, () =>
    import('@/features/attorneys/pages/attorney-schedule-page.tsx').then((m) => ({
      Component: m.AttorneySchedulePage,
    })),
  ),
  permittedPage(paths.collections.dashboard.path, () =>
    import('@/features/collections/pages/collection-dashboard-page.tsx').then((m) => ({
      Component: m.CollectionDashboardPage,
    })),
  ),
  permittedPage(paths.collections.management.path, () =>
    import('@/features/collections/pages/collection-management-page.tsx').then((m) => ({
      Component: m.CollectionManagementPage,
    })),
  ),
  permittedPage(paths.collections.allAccounts.path, () =>
    import('@/features/collections/pages/all-accounts-page.tsx').then((m) => ({ Component: m.AllAccountsPage })),
  ),
  permittedPage(paths.collections.reporting.path, () =>
    import('@/features/collections/pages/collection-reporting-page.tsx').then((m) => ({
      Component: m.CollectionReportingPage,
    })),
  ),
  permittedPage(paths.collections.accountDetail.path, () =>
    import('@/features/collections/pages/account-detail-page.tsx').then((m) => ({ Component: m.AccountDetailPage })),
  ),
  permittedPage(paths.marketing.trackingLines.path, () =>
    import('@/features/marketing/pages/tracking-lines-page.tsx').then((m) => ({ Component: m.TrackingLinesPage })),
  ),
  permittedPage(paths.marketing.trackingLineType.path, () =>
    import('@/features/marketing/pages/tracking-line-type-page.tsx').then((m) => ({
      Component: m.TrackingLineTypePage,
    })),
  ),
  permittedPage(paths.adminPanel.userAccess.path, () =>
    import('@/features/access/pages/user-access-page.tsx').then((m) => ({ Component: m.UserAccessPage })),
  ),
  permittedPage(paths.adminPanel.userAccessDetail.path, () =>
    import('@/features/access/pages/user-access-detail-page.tsx').then((m) => ({ Component: m.UserAccessDetailPage })),
  ),
  permittedPage(paths.tools.phoneSimulator.path, () =>
    import('@/features/simulator/pages/phone-simulator-page.tsx').then((m) => ({ Component: m.PhoneSimulatorPage })),
  ),
  // Matched last by React Router's ranking: static first segments win over `:from`.
  permittedPage(paths.communication.inquiry.path, () =>
    import('@/features/inquiries/pages/inquiry-page.tsx').then((m) => ({ Component: m.InquiryPage })),
  ),
];

export /**
 * Pages for development and the browser tests only (the DataTable with generated rows): in `npm run dev` and in
 * the e2e build (`vite build --mode e2e`), never in the production build, which drops the page's chunk.
 */
const devRoutes: RouteObject[] =
  import.meta.env.DEV || import.meta.env.VITE_DEV_ROUTES === 'true'
    ? [
        {
          path: paths.dev.dataTable.path,
          lazy: () =>
            import('@/components/data-table/demo/data-table-demo-page.tsx').then((m) => ({
              Component: m.DataTableDemoPage,
            })),
        },
      ]
    : [];

const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      // SPEC §2: these three run without the auth guard.
      { path: paths.loggedOut.path, element: <LoggedOutPage /> },
      { path: paths.pnc.path, lazy: appointmentDetailPage },
      { path: paths.apptDetail.path, lazy: appointmentDetailPage },
      {
        path: paths.root.path,
        element: <AuthGuard />,
        children: [
          {
            element: <SessionLoader />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  // SPEC §2: / redirects to /dashboard (the sign-in callback is handled by the guard).
                  { index: true, element: <Navigate to={paths.dashboard.root.href()} replace /> },
                  ...dashboardRoutes,
                  ...moduleRoutes,
                  ...devRoutes,
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
