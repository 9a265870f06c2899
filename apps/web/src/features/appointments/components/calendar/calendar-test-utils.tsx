import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permissions';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The network boundary: the public config call the api client makes for the token, then `handle`. */
export function stubFetch(handle: (url: URL, init: RequestInit | undefined) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/api/config') return json(CONFIG);
    return (
      handle(url, init) ?? json({ statusCode: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' }, 404)
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const manager: UserDetail = {
  id: id(900),
  displayName: 'Mona Manager',
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
  officeId: null,
};

const grant = (permissionType: Permission['permissionType']): Permission => ({
  permissionType,
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
    accessType,
    conditionDTO: [],
  })),
});

export function renderWithSession(ui: ReactNode, session: Partial<Session> = {}) {
  const value: Session = {
    user: manager,
    permissions: [grant('ATTORNEY_AVAILABILITY'), grant('LITIGATION_CALENDAR'), grant('ATTORNEY_SCHEDULE')],
    ...session,
  };
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={value}>
          <MemoryRouter>{ui}</MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
