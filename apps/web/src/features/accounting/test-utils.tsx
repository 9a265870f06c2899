import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { CashFlowRow, PaymentDetail } from '@casedesk/contract/accounting/payment';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { apiError, fakeApi, type Handlers } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const OFFICE_ID = id(31);
export const OTHER_OFFICE_ID = id(32);
export const CLIENT_ID = id(41);
export const PAYMENT_ID = id(51);

export const ACCOUNTANT: UserDetail = {
  id: id(900),
  displayName: 'Avery Accountant',
  mail: 'accounting@casedesk.local',
  jobTitle: null,
  role: 'ADMIN',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'CORPORATE',
  accountEnabled: true,
  officeId: OFFICE_ID,
};

export const grant = (permissionType: Permission['permissionType'], levels: AccessType[]): Permission => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })),
});

export const CASH_FLOW_ADMIN = [grant('CASH_FLOW', ['READ', 'CREATE', 'UPDATE'])];
export const CASH_FLOW_READER = [grant('CASH_FLOW', ['READ'])];

export const ROW: CashFlowRow = {
  id: PAYMENT_ID,
  officeEntered: true,
  officeId: OFFICE_ID,
  office: 'Los Angeles',
  clientId: CLIENT_ID,
  client: 'Ana Lopez',
  lmsClientNumber: 'LMS-100',
  inquiryId: null,
  matter: null,
  lawType: 'Family',
  lawTypeId: null,
  paymentType: 'CHECK',
  account: 'OPERATING',
  feesCents: 125050,
  costCents: 2500,
  receiptNumber: 1001,
  enteredById: id(900),
  enteredBy: 'Avery Accountant',
  time: '2026-11-20T17:30:00.000Z',
  paymentDate: '2026-11-20',
  reversesId: null,
  reversedById: null,
};

export const PAYMENT: PaymentDetail = {
  ...ROW,
  totalCents: 127550,
  note: 'Paid at the front desk',
  reason: null,
  reversal: null,
};

/** What the server answers unless a test says otherwise. */
const DEFAULTS: Handlers = {
  'POST /api/v1/cashFlow/all': page([ROW]),
  'POST /api/v1/cashFlow/totals': { count: 1, feesCents: 125050, costCents: 2500, totalCents: 127550 },
  'GET /api/v1/dropdown/office': [
    { id: OFFICE_ID, name: 'Los Angeles', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
  ],
  'GET /api/v1/dropdown/allOffices': [
    { id: OFFICE_ID, name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
    { id: OTHER_OFFICE_ID, name: 'San Diego', timeZone: 'America/Los_Angeles' },
  ],
  'GET /api/v1/payment/:paymentId': ({ params }) =>
    params.paymentId === PAYMENT_ID ? PAYMENT : apiError(404, 'Payment not found'),
};

/** The network boundary only (DESIGN §5); `handlers` answer first. */
export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

export function renderPage(ui: ReactNode, permissions: Permission[] = CASH_FLOW_ADMIN, path = '/') {
  const session: Session = { user: ACCOUNTANT, permissions };
  const router = createMemoryRouter(
    [
      { path: '/payment/:paymentId', element: ui },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
