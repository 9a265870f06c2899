/**
 * Every route of SPEC §2 with its path pattern (for the router) and an href builder (for links).
 * Builders encode parameters and add only the query parameters that are given.
 */
type QueryValue = string | number | null | undefined;

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `/a/b` plus `?key=value` for each given, non-empty query value, in the order given. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && String(value) !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function fixed<P extends string>(path: P) {
  return { path, href: (): P => path } as const;
}

/** SPEC §2 /appointments/{appointmentType}: the four list types. */
export const APPOINTMENT_TYPES = ['set', 'all', 'pi', 'week'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** SPEC §2 /collections/collection-management `collection` query: the tab shown (holidays is SPEC's example). */
export const COLLECTION_MANAGEMENT_TABS = [
  'holidays',
  'statuses',
  'contact-rules',
  'assignment-rules',
  'workflows',
  'templates',
  'access',
] as const;
export type CollectionManagementTab = (typeof COLLECTION_MANAGEMENT_TABS)[number];

export interface AllAccountsQuery {
  account?: string;
  assignee?: string;
  assigneeId?: string;
}

export const paths = {
  root: fixed('/'),
  loggedOut: fixed('/logged-out'),
  pnc: fixed('/pnc'),
  apptDetail: fixed('/appt-detail'),
  dashboard: {
    root: fixed('/dashboard'),
    callCenter: fixed('/dashboard/dashboard-call-center'),
    office: fixed('/dashboard/dashboard-office'),
    corporate: fixed('/dashboard/dashboard-corporate'),
  },
  communication: {
    leads: fixed('/communication/leads'),
    calls: fixed('/communication/calls'),
    reporting: fixed('/communication/reporting'),
    sms: fixed('/communication/sms'),
    /** The Mail outbox: e-mail sent and saved letters (SPEC §7 mail/*; not a SPEC §2 route). */
    mail: fixed('/communication/mail'),
    /** newLead */
    lead: {
      path: '/communication/lead/:inquiryId',
      href: (inquiryId: string) => `/communication/lead/${segment(inquiryId)}`,
    },
    /** newInquiry, opened from another screen (`from` names it, e.g. `client`). */
    inquiry: {
      path: '/:from/inquiry/:inquiryId',
      href: (from: string, inquiryId: string) => `/${segment(from)}/inquiry/${segment(inquiryId)}`,
    },
  },
  client: {
    detail: { path: '/client/:clientId', href: (clientId: string) => `/client/${segment(clientId)}` },
  },
  appointments: {
    set: fixed('/appointments/set'),
    all: fixed('/appointments/all'),
    pi: fixed('/appointments/pi'),
    week: fixed('/appointments/week'),
    byType: {
      path: '/appointments/:appointmentType',
      href: (appointmentType: AppointmentType) => `/appointments/${appointmentType}`,
    },
  },
  accounting: {
    /** `cashflow=office` gives the office-entered view. */
    cashFlow: {
      path: '/accounting/cash-flow',
      href: (query: { cashflow?: 'office' } = {}) => withQuery('/accounting/cash-flow', query),
    },
    cashFlowRecon: fixed('/accounting/cash-flow-recon'),
    /** Client trust money (not a SPEC §2 route; docs/accounting.md). */
    trust: fixed('/accounting/trust'),
    cashFlowManagement: fixed('/accounting/cash-flow-management'),
  },
  payment: {
    detail: { path: '/payment/:paymentId', href: (paymentId: string) => `/payment/${segment(paymentId)}` },
  },
  management: {
    searchClient: {
      path: '/management/search-client',
      href: (query: { searchKeyword?: string } = {}) => withQuery('/management/search-client', query),
    },
    office: fixed('/management/office'),
    officeDetail: {
      path: '/management/office/:officeId',
      href: (officeId: string) => `/management/office/${segment(officeId)}`,
    },
    litigationCalendar: fixed('/management/litigation-calendar'),
    attorney: fixed('/management/attorney'),
    attorneyDetail: {
      path: '/management/attorney/:attorneyId',
      href: (attorneyId: string) => `/management/attorney/${segment(attorneyId)}`,
    },
  },
  collections: {
    dashboard: fixed('/collections/dashboard-collection'),
    management: {
      path: '/collections/collection-management',
      href: (query: { collection?: CollectionManagementTab } = {}) =>
        withQuery('/collections/collection-management', query),
    },
    allAccounts: {
      path: '/collections/all-accounts',
      href: (query: AllAccountsQuery = {}) => withQuery('/collections/all-accounts', { ...query }),
    },
    reporting: {
      path: '/collections/collection-reporting',
      href: (query: { report?: string } = {}) => withQuery('/collections/collection-reporting', query),
    },
    accountDetail: {
      path: '/collections/account-detail/:accountId',
      href: (accountId: string) => `/collections/account-detail/${segment(accountId)}`,
    },
  },
  marketing: {
    trackingLines: fixed('/marketing/tracking-lines'),
    trackingLineType: {
      path: '/marketing/tracking-lines/:trackingLineType',
      href: (trackingLineType: string) => `/marketing/tracking-lines/${segment(trackingLineType)}`,
    },
  },
  adminPanel: {
    userAccess: fixed('/admin-panel/user-access'),
    userAccessDetail: {
      path: '/admin-panel/user-access/:userId',
      href: (userId: string) => `/admin-panel/user-access/${segment(userId)}`,
    },
  },
  /** Not a SPEC §2 screen: the local phone simulator (DESIGN §1), local mode only. */
  tools: {
    phoneSimulator: fixed('/tools/phone-simulator'),
  },
  /** Not a SPEC §2 screen: the shared DataTable with generated rows, for e2e and review. */
  dev: {
    dataTable: {
      path: '/dev/data-table',
      href: (query: { rows?: number } = {}) => withQuery('/dev/data-table', query),
    },
  },
} as const;
