import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { CollectionAccountDetail, CollectionAccountRow } from '@casedesk/contract/collections/account';
import type { PaymentPlan } from '@casedesk/contract/collections/payment-plan';
import type { UserDetail } from '@casedesk/contract/users/user';
import { paths } from '@/config/paths.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { fakeApi, type Handlers } from '@/test/fake-api.ts';
import { page, userDetail, uuid } from '@/test/fixtures.ts';
import { addDays, browserDay } from './components/collection-dates.ts';
import { CollectionSlotsContext, type CollectionSlots } from './components/collection-slots.ts';

export const OFFICE_ID = uuid(31);
export const CLIENT_ID = uuid(41);
export const ACCOUNT_ID = uuid(61);
export const PLAN_ID = uuid(71);
export const TERM_PLAN_ID = uuid(81);
export const TERM_FULL_ID = uuid(82);
export const COLLECTOR_ID = uuid(900);
export const OTHER_COLLECTOR_ID = uuid(901);

export const COLLECTOR: UserDetail = userDetail({
  id: COLLECTOR_ID,
  displayName: 'Cora Collector',
  mail: 'collector@casedesk.local',
  role: 'COLLECTOR',
  defaultDashboard: 'OFFICE',
  officeId: OFFICE_ID,
});

export const grant = (permissionType: Permission['permissionType'], levels: AccessType[]): Permission => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })),
});

export const ACCOUNTS_WORKER = [grant('ALL_ACCOUNTS', ['READ', 'UPDATE'])];
export const ACCOUNTS_READER = [grant('ALL_ACCOUNTS', ['READ'])];

export const today = () => browserDay();

export function accountRow(overrides: Partial<CollectionAccountRow> = {}): CollectionAccountRow {
  return {
    id: ACCOUNT_ID,
    accountNumber: 100001,
    officeId: OFFICE_ID,
    office: 'Los Angeles',
    clientId: CLIENT_ID,
    client: 'Ana Lopez',
    inquiryId: null,
    matter: 'Lopez v. Acme',
    status: 'ACTIVE',
    termId: TERM_PLAN_ID,
    term: 'Payment Plan',
    collectorId: COLLECTOR_ID,
    collector: 'Cora Collector',
    followUpDate: addDays(today(), 3),
    originalCents: 500000,
    paidCents: 125050,
    adjustmentsCents: 0,
    balanceCents: 374950,
    lastPaymentDate: '2026-11-02',
    openedAt: '2026-01-05T17:00:00.000Z',
    ...overrides,
  };
}

export function accountDetail(overrides: Partial<CollectionAccountDetail> = {}): CollectionAccountDetail {
  return {
    ...accountRow(),
    clientPhone: '2135550171',
    clientEmail: 'ana@example.com',
    clientState: 'CA',
    // The browser's own zone: the office's day is the browser's day unless a test says otherwise.
    officeTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    statusHistory: [
      { fromStatus: null, toStatus: 'ACTIVE', note: null, by: 'Avery Admin', at: '2026-01-05T17:00:00.000Z' },
    ],
    ...overrides,
  };
}

export function paymentPlan(overrides: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    id: PLAN_ID,
    accountId: ACCOUNT_ID,
    status: 'ACTIVE',
    versions: [
      {
        version: 1,
        amountCents: 50000,
        frequency: 'MONTHLY',
        firstDueDate: '2026-10-01',
        instalmentCount: null,
        by: 'Cora Collector',
        at: '2026-09-20T16:00:00.000Z',
      },
    ],
    pauses: [],
    instalments: [
      { seq: 1, dueDate: '2026-10-01', amountCents: 50000, paidCents: 50000, status: 'PAID', version: 1 },
      { seq: 2, dueDate: '2026-11-01', amountCents: 50000, paidCents: 12000, status: 'MISSED', version: 1 },
      { seq: 3, dueDate: addDays(today(), 10), amountCents: 50000, paidCents: 0, status: 'DUE', version: 1 },
    ],
    createdAt: '2026-09-20T16:00:00.000Z',
    ...overrides,
  };
}

/** What the server answers unless a test says otherwise. */
const DEFAULTS: Handlers = {
  'POST /api/v1/collectionAccount/all': page([accountRow()]),
  'POST /api/v1/collectionAccount/allTotals': {
    count: 1,
    originalCents: 500000,
    paidCents: 125050,
    outstandingCents: 374950,
  },
  'GET /api/v1/collectionAccount/roles': [
    { id: COLLECTOR_ID, displayName: 'Cora Collector' },
    { id: OTHER_COLLECTOR_ID, displayName: 'Carl Collector' },
  ],
  'GET /api/v1/term': [
    { id: TERM_PLAN_ID, name: 'Payment Plan', isPaymentPlan: true, active: true },
    { id: TERM_FULL_ID, name: 'Pay in Full', isPaymentPlan: false, active: true },
  ],
  'GET /api/v1/dropdown/office': [
    { id: OFFICE_ID, name: 'Los Angeles', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
  ],
  'GET /api/v1/collectionAccount': accountDetail(),
  'POST /api/v1/collectionAccount/timeline': { items: [], hasMore: false },
  'POST /api/v1/paymentPlan/list': [],
};

/** The network boundary only (DESIGN §5); `handlers` answer first. */
export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

interface RenderOptions {
  permissions?: Permission[];
  path?: string;
  slots?: CollectionSlots;
}

export function renderPage(
  ui: ReactNode,
  { permissions = ACCOUNTS_WORKER, path = '/', slots = {} }: RenderOptions = {},
) {
  const session: Session = { user: COLLECTOR, permissions };
  const router = createMemoryRouter(
    [
      { path: paths.collections.accountDetail.path, element: ui },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={session}>
          <CollectionSlotsContext value={slots}>
            <RouterProvider router={router} />
          </CollectionSlotsContext>
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
