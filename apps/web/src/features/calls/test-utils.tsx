import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';

const operator: UserDetail = {
  id: '00000000-0000-4000-8000-0000000000a1',
  displayName: 'Olivia Operator',
  mail: 'operator@casedesk.local',
  jobTitle: null,
  role: 'OPERATOR',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: '7025550100',
  defaultDashboard: 'CALL_CENTER',
  accountEnabled: true,
  officeId: null,
};

const CALLS_ALL: Permission[] = [
  {
    permissionType: 'CALLS',
    accessLevelDTO: (['READ', 'CREATE'] as const).map((accessType) => ({ accessType, conditionDTO: [] })),
  },
];

export function renderWithSession(ui: ReactNode, session: Partial<Session> = {}) {
  const value: Session = { user: operator, permissions: CALLS_ALL, ...session };
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
