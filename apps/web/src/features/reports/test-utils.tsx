import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PermissionType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';

const manager: UserDetail = {
  id: '00000000-0000-4000-8000-0000000000b2',
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
  officeId: null,
};

/** READ on each reporting permission type given, without conditions (offices narrow data, not screens). */
export function reading(...types: PermissionType[]): Permission[] {
  return types.map((permissionType) => ({
    permissionType,
    accessLevelDTO: [{ accessType: 'READ' as const, conditionDTO: [] }],
  }));
}

/** The page as a signed-in user with these permissions sees it. */
export function renderAs(ui: ReactNode, permissions: Permission[]) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={{ user: manager, permissions }}>{ui}</SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
