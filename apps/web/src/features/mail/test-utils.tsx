import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { Letter } from '@casedesk/contract/mail/letter';
import type { MailDetail, MailSummary } from '@casedesk/contract/mail/mail';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { apiError, fakeApi, type Handlers } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const OFFICE_ID = id(31);
export const CLIENT_ID = id(41);
export const MAIL_ID = id(51);
export const FAILED_ID = id(52);

export const MANAGER: UserDetail = {
  id: id(900),
  displayName: 'Morgan Manager',
  mail: 'manager@casedesk.local',
  jobTitle: null,
  role: 'MANAGER',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'OFFICE',
  accountEnabled: true,
  officeId: OFFICE_ID,
};

export const grant = (levels: AccessType[]): Permission => ({
  permissionType: 'MAIL',
  accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })),
});

export const SENT: MailSummary = {
  id: MAIL_ID,
  officeId: OFFICE_ID,
  officeName: 'Los Angeles',
  to: ['ana.lopez@example.com'],
  subject: 'Your documents',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  clientId: CLIENT_ID,
  clientName: 'Ana Lopez',
  collectionAccountId: null,
  createdByName: 'Morgan Manager',
  createdAt: '2026-11-20T17:30:00.000Z',
  sentAt: '2026-11-20T17:30:02.000Z',
  messageId: `<${MAIL_ID}@casedesk.local>`,
  attachmentCount: 1,
};

export const FAILED: MailSummary = {
  ...SENT,
  id: FAILED_ID,
  subject: 'Bounced',
  status: 'FAILED',
  attempts: 9,
  lastError: '550 5.1.1 Recipient address rejected',
  sentAt: null,
  attachmentCount: 0,
  messageId: `<${FAILED_ID}@casedesk.local>`,
};

export const SENT_DETAIL: MailDetail = {
  ...SENT,
  body: 'Dear Ana,\n\nYour documents are attached.',
  attachments: [
    {
      id: id(61),
      filename: 'summary.pdf',
      contentType: 'application/pdf',
      size: 2048,
      downloadUrl: `/api/v1/mail/${MAIL_ID}/attachment/${id(61)}`,
    },
  ],
  captured: [
    {
      id: id(71),
      receivedAt: '2026-11-20T17:30:02.000Z',
      envelopeFrom: 'no-reply@casedesk.local',
      envelopeTo: ['ana.lopez@example.com'],
      from: '"Casedesk" <no-reply@casedesk.local>',
      to: 'ana.lopez@example.com',
      subject: 'Your documents',
      text: 'Dear Ana,\n\nYour documents are attached.',
      headers: [{ name: 'subject', value: 'Subject: Your documents' }],
      size: 4096,
      attachments: [
        {
          id: id(72),
          filename: 'summary.pdf',
          contentType: 'application/pdf',
          size: 2048,
          downloadUrl: `/api/v1/mail/${MAIL_ID}/captured/${id(72)}`,
        },
      ],
    },
  ],
};

export const FAILED_DETAIL: MailDetail = { ...FAILED, body: 'Hello', attachments: [], captured: [] };

export const LETTER: Letter = {
  id: id(81),
  officeId: OFFICE_ID,
  officeName: 'Los Angeles',
  clientId: CLIENT_ID,
  clientName: 'Ana Lopez',
  collectionAccountId: null,
  subject: 'Your case file',
  size: 2600,
  pages: 1,
  batchId: null,
  createdByName: 'Morgan Manager',
  createdAt: '2026-11-21T10:00:00.000Z',
  downloadUrl: `/api/v1/mail/letter/${id(81)}/file`,
};

const DEFAULTS: Handlers = {
  'POST /api/v1/mail/all': ({ body }) => {
    const filter = (body as { filter?: { clientId?: string } }).filter ?? {};
    return page(filter.clientId && filter.clientId !== CLIENT_ID ? [] : [SENT, FAILED]);
  },
  'GET /api/v1/mail/:id': ({ params }) =>
    params.id === MAIL_ID ? SENT_DETAIL : params.id === FAILED_ID ? FAILED_DETAIL : apiError(404, 'E-mail not found'),
  'GET /api/v1/mail/transport': {
    mode: 'EMBEDDED',
    running: true,
    host: '127.0.0.1',
    port: 2525,
    from: 'Casedesk <no-reply@casedesk.local>',
  },
  'POST /api/v1/mail/letter/all': page([LETTER]),
  'GET /api/v1/dropdown/office': [
    { id: OFFICE_ID, name: 'Los Angeles', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
  ],
  'GET /api/v1/dropdown/allOffices': [{ id: OFFICE_ID, name: 'Los Angeles', timeZone: 'America/Los_Angeles' }],
};

export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

export function renderMail(ui: ReactNode, permissions: Permission[] = [grant(['READ', 'CREATE', 'UPDATE'])]) {
  const session: Session = { user: MANAGER, permissions };
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/communication/mail'] });
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
