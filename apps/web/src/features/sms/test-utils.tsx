import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import type { SmsMessage } from '@casedesk/contract/sms/sms';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { apiError, fakeApi, type FakeApi, type Handlers } from '@/test/fake-api.ts';
import { clientSummary, userDetail } from '@/test/fixtures.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const USER: UserDetail = userDetail();

/** The seeded operator's SMS grant: every level, in the call-centre and office category types. */
export const OPERATOR_SMS: Permission = {
  permissionType: 'SMS',
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
    accessType,
    conditionDTO: [{ conditionType: 'SMS_CATEGORY_TYPE', relationType: 'EQUALS', values: ['CALL_CENTER', 'OFFICE'] }],
  })),
};

const option = (n: number, dropdownType: DropdownOption['dropdownType'], value: string, groupType: string | null) =>
  ({ id: id(n), value, label: value, dropdownType, active: true, groupType }) satisfies DropdownOption;

export const CATEGORIES = [
  option(11, 'SMS_CATEGORY', 'Call Center', 'CALL_CENTER'),
  option(12, 'SMS_CATEGORY', 'Office', 'OFFICE'),
  option(13, 'SMS_CATEGORY', 'Collections', 'COLLECTIONS'),
];
export const REASONS = [option(21, 'SMS_REASON', 'New Inquiry', null), option(22, 'SMS_REASON', 'Other', null)];
export const OFFICES = [
  { id: id(31), smsNumber: '2135550100', label: 'Los Angeles' },
  { id: id(32), smsNumber: '6195550100', label: 'San Diego' },
];

export function smsMessage(overrides: Partial<SmsMessage> = {}): SmsMessage {
  return {
    id: id(41),
    direction: 'OUTBOUND',
    fromNumber: '2135550100',
    toNumber: '3105550199',
    participantNumber: '3105550199',
    body: 'Hello Ana',
    clientId: id(1),
    clientName: 'Ana Lopez',
    operatorId: USER.id,
    operatorName: 'Olive Operator',
    inquiryId: null,
    collectionAccountId: null,
    collectorId: null,
    officeId: id(31),
    officeName: 'Los Angeles',
    category: { ...CATEGORIES[0]!, dropdownType: 'SMS_CATEGORY' },
    reason: { ...REASONS[0]!, dropdownType: 'SMS_REASON' },
    createdDate: '2026-05-04T15:30:00.000Z',
    status: 'delivered',
    errorCode: null,
    retryOfId: null,
    optedOut: false,
    ...overrides,
  };
}

export interface FakeServer {
  offices?: typeof OFFICES;
  history?: SmsMessage[];
  optedOut?: boolean;
  message?: SmsMessage;
  client?: ClientDetail;
  /** Answer before the defaults, e.g. a send (POST /api/v1/sms/send) that fails. */
  handlers?: Handlers;
}

const sentText = () => smsMessage({ status: 'queued' });

/** What the server answers unless a test says otherwise; `server` is read at each call. */
function defaults(server: FakeServer): Handlers {
  return {
    'GET /api/v1/dropdown/smsOffice': () => server.offices ?? OFFICES,
    'POST /api/v1/dropdown/active': ({ body }) =>
      (body as { filter: { dropdownType: string } }).filter.dropdownType === 'SMS_CATEGORY' ? CATEGORIES : REASONS,
    'GET /api/v1/template/byTemplateType': [
      {
        id: id(51),
        name: 'Greeting',
        label: 'Greeting',
        content: 'Hi @clientFirstName @clientLastName!',
        templateType: 'TEXT',
        purpose: null,
      },
      {
        id: id(52),
        name: 'Payment due',
        label: 'Payment due',
        content: 'Pay @payment by @dueDate',
        templateType: 'TEXT',
        purpose: null,
      },
    ],
    'GET /api/v1/sms/cannedResponses': [
      { id: id(61), message: 'We will call you back shortly.', officeId: null, userId: USER.id },
    ],
    'POST /api/v1/sms/byPhoneNumber': () => {
      const history = server.history ?? [];
      const optedOut = server.optedOut ?? false;
      return { items: history, totalCount: history.length, pageNumber: 1, pageSize: 5, optedOut };
    },
    'POST /api/v1/sms/byId': () => server.message ?? apiError(404, 'Text message not found.'),
    'POST /api/v1/sms/send': sentText,
    'POST /api/v1/sms/retry': sentText,
    'PUT /api/v1/sms': sentText,
    'GET /api/v1/user/role': [{ id: id(71), displayName: 'Mia Manager', mail: 'manager@casedesk.local' }],
    'POST /api/v1/client/search': {
      items: [
        clientSummary({
          id: id(2),
          firstName: 'Bo',
          lastName: 'Chen',
          dateOfBirth: '1990-05-06',
          primaryNumber: '4245550123',
        }),
      ],
      totalCount: 1,
      totalCountIsLowerBound: false,
      pageNumber: 1,
      pageSize: 100,
    },
    'GET /api/v1/client': () => server.client ?? apiError(404, 'Client not found.'),
  };
}

/**
 * The network boundary only (DESIGN §5: no mocks of our own code): our api client, contract schemas
 * and components run for real against these answers. The fake's `requests` has every API call made.
 */
export function stubServer(server: FakeServer = {}): FakeApi {
  return fakeApi({ ...defaults(server), ...server.handlers });
}

export function renderWithSession(ui: ReactNode, permissions: Permission[] = [OPERATOR_SMS]) {
  const session: Session = { user: USER, permissions };
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={session}>{ui}</SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
