import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

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
