import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { AttributionRow } from '@casedesk/contract/marketing/attribution';
import type { TrackingLineRow } from '@casedesk/contract/marketing/tracking-line';
import { paths } from '@/config/paths.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { fakeApi, type Handlers } from '@/test/fake-api.ts';
import { page, userDetail, uuid } from '@/test/fixtures.ts';

export const OFFICES = [
  { id: uuid(701), name: 'Call Center', timeZone: 'America/Los_Angeles' },
  { id: uuid(702), name: 'Phoenix', timeZone: 'America/Phoenix' },
];

export function trackingLine(overrides: Partial<TrackingLineRow> = {}): TrackingLineRow {
  return {
    id: uuid(801),
    mappingId: uuid(811),
    dnis: '8885550401',
    source: 'TV – Spanish',
    campaign: 'Univision daytime',
    type: 'TV',
    pointToOfficeId: OFFICES[0]!.id,
    pointTo: 'Call Center',
    officeId: OFFICES[1]!.id,
    officeName: 'Phoenix',
    effectiveFrom: '2025-01-01T00:00:00.000Z',
    effectiveTo: null,
    active: true,
    ...overrides,
  };
}

const touch = (leads: number, signedCases: number, costPerLeadCents: number | null) => ({
  leads,
  appointmentsSet: leads,
  signedCases,
  costPerLeadCents,
  costPerSignedCaseCents: signedCases ? 100_000 : null,
  feesCollectedCents: signedCases ? 350_000 : 0,
});

export function attributionRow(overrides: Partial<AttributionRow> = {}): AttributionRow {
  return {
    source: 'TV – Spanish',
    month: '2026-10',
    calls: 12,
    uniqueCallers: 9,
    spendCents: 125_000,
    firstTouch: touch(5, 1, 25_000),
    lastTouch: touch(3, 1, 41_667),
    ...overrides,
  };
}

export function trackingLinePermissions(levels: AccessType[] = ['READ', 'CREATE', 'UPDATE']): Permission[] {
  return [
    { permissionType: 'TRACKING_LINE', accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })) },
  ];
}

/** The usual answers of the marketing screens; a test adds or replaces its own. */
export function stubMarketing(handlers: Handlers = {}) {
  return fakeApi({
    'GET /api/v1/dnis/typeCounts': [
      { type: 'TV', count: 2 },
      { type: 'RADIO', count: 1 },
      { type: 'BILLBOARD', count: 0 },
      { type: 'DIGITAL', count: 0 },
      { type: 'REFERRAL', count: 0 },
      { type: 'PRINT', count: 0 },
      { type: 'OTHER', count: 0 },
    ],
    'POST /api/v1/dnis/all': page([trackingLine()]),
    'POST /api/v1/dnis/unresolved': page([
      {
        dnis: '8885550499',
        calls: 3,
        firstCallTime: '2026-10-03T15:00:00.000Z',
        lastCallTime: '2026-10-20T15:00:00.000Z',
      },
    ]),
    'POST /api/v1/dnis/attribution': {
      ...page([attributionRow()]),
      totals: {
        calls: 12,
        leads: 5,
        appointmentsSet: 5,
        signedCases: 1,
        spendCents: 125_000,
        costPerLeadCents: 25_000,
        costPerSignedCaseCents: 125_000,
        feesCollectedCents: 350_000,
      },
    },
    'GET /api/v1/dropdown/allOffices': OFFICES,
    'GET /api/v1/dropdown/office': OFFICES.map((o, i) => ({
      ...o,
      officeType: i === 0 ? ('CALL_CENTER' as const) : ('OFFICE' as const),
    })),
    ...handlers,
  });
}

/** Renders a marketing page at a URL, inside its route (so the type segment reaches the page). */
export function renderAt(ui: ReactNode, url: string, permissions: Permission[] = trackingLinePermissions()) {
  const user = userDetail({ role: 'ADMIN' });
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={{ user, permissions }}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={paths.marketing.trackingLines.path} element={ui} />
              <Route path={paths.marketing.trackingLineType.path} element={ui} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select and clicks an option of its own list (closed lists stay in the DOM, hidden). */
export async function pick(user: User, label: RegExp, option: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
