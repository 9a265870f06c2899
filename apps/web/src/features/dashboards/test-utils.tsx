import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Dashboard, Figure, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { uuid } from '@/test/fixtures.ts';

export const operator: UserDetail = {
  id: uuid(901),
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
  clickToCall: null,
  defaultDashboard: 'CALL_CENTER',
  accountEnabled: true,
  officeId: null,
};

export function figure(
  kind: DashboardKind,
  key: FigureKey,
  label: string,
  value: number | null,
  unit: Figure['unit'] = 'count',
): Figure {
  return { key, label, unit, value, drill: { dashboard: kind, figure: key } };
}

export function dashboard(kind: DashboardKind, figures: Figure[], more: Partial<Dashboard> = {}): Dashboard {
  return {
    kind,
    period: {
      timeZone: 'America/New_York',
      today: '2026-11-27',
      weekFrom: '2026-11-23',
      weekTo: '2026-11-29',
      monthFrom: '2026-11-01',
      monthTo: '2026-11-30',
    },
    offices: [{ id: uuid(1), name: 'Main Office', timeZone: 'America/New_York' }],
    figures,
    series: [],
    timeline: [],
    generatedAt: '2026-11-27T15:00:00.000Z',
    ...more,
  };
}

export function renderDashboard(ui: ReactNode, user: UserDetail = operator) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={{ user, permissions: [] }}>
          <MemoryRouter>{ui}</MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
