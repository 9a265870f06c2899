import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permissions';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import type { SmsMessage } from '@casedesk/contract/sms/sms';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const USER: UserDetail = {
  id: id(900),
  displayName: 'Olive Operator',
  mail: 'operator@casedesk.local',
  jobTitle: null,
  role: 'OPERATOR',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'CALL_CENTER',
  accountEnabled: true,
  officeId: null,
};

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

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(status: number, message: string, fieldErrors?: Record<string, string>): Response {
  const code = status === 400 ? 'VALIDATION' : status === 403 ? 'FORBIDDEN' : 'BUSINESS_RULE';
  return json({ statusCode: status, error: 'Error', code, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeServer {
  offices?: typeof OFFICES;
  history?: SmsMessage[];
  optedOut?: boolean;
  message?: SmsMessage;
  client?: ClientDetail;
  /** Answers a send (POST /sms/send) or any route first; undefined falls through to the defaults. */
  override?: (method: string, url: string, body: unknown) => Response | undefined;
}

/**
 * The network boundary only (DESIGN §5: no mocks of our own code): our api client, contract schemas
 * and components run for real against these answers. Returns every API request made.
 */
export function stubServer(server: FakeServer = {}): Recorded[] {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/config')) return json(CONFIG);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      const custom = server.override?.(method, url, body);
      if (custom) return custom;
      const path = new URL(url, 'http://app.test').pathname;
      const history = server.history ?? [];
      switch (`${method} ${path}`) {
        case 'GET /api/v1/dropdown/smsOffice':
          return json(server.offices ?? OFFICES);
        case 'POST /api/v1/dropdown/active':
          return json(
            (body as { filter: { dropdownType: string } }).filter.dropdownType === 'SMS_CATEGORY'
              ? CATEGORIES
              : REASONS,
          );
        case 'GET /api/v1/template/byTemplateType':
          return json([
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
          ]);
        case 'GET /api/v1/sms/cannedResponses':
          return json([{ id: id(61), message: 'We will call you back shortly.', officeId: null, userId: USER.id }]);
        case 'POST /api/v1/sms/byPhoneNumber':
          return json({
            items: history,
            totalCount: history.length,
            pageNumber: 1,
            pageSize: 5,
            optedOut: server.optedOut ?? false,
          });
        case 'POST /api/v1/sms/byId':
          return server.message ? json(server.message) : errorBody(404, 'Text message not found.');
        case 'POST /api/v1/sms/send':
        case 'POST /api/v1/sms/retry':
        case 'PUT /api/v1/sms':
          return json(smsMessage({ status: 'queued' }));
        case 'GET /api/v1/user/role':
          return json([{ id: id(71), displayName: 'Mia Manager', mail: 'manager@casedesk.local' }]);
        case 'POST /api/v1/client/search':
          return json({
            items: [
              {
                id: id(2),
                firstName: 'Bo',
                middleName: null,
                lastName: 'Chen',
                dateOfBirth: '1990-05-06',
                primaryNumber: '4245550123',
                secondaryNumber: null,
                mobileNumber: null,
                homeNumber: null,
                email: null,
                lmsClientNumber: null,
                needlesClientNumber: null,
                city: null,
                state: null,
                officeId: null,
              },
            ],
            totalCount: 1,
            totalCountIsLowerBound: false,
            pageNumber: 1,
            pageSize: 100,
          });
        case 'GET /api/v1/client':
          return server.client ? json(server.client) : errorBody(404, 'Client not found.');
        default:
          return errorBody(404, 'Not found');
      }
    }),
  );
  return requests;
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
