import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { COLLECTION_STATUS_OPTIONS } from '@casedesk/contract/collections/account';
import { DEFAULT_CONTACT_RULE } from '@casedesk/contract/collections/contact-rules';
import { paths } from '@/config/paths.ts';
import { requirementOf } from '@/config/route-access.ts';
import { meetsRequirement } from '@/lib/access.ts';
import { apiError } from '@/test/fake-api.ts';
import { uuid } from '@/test/fixtures.ts';
import { COLLECTOR_ID, grant, OFFICE_ID, renderPage, stubServer } from '../test-utils.tsx';
import { CollectionManagementPage } from './collection-management-page.tsx';

const MANAGES = [grant('COLLECTION_MANAGEMENT', ['READ', 'CREATE', 'UPDATE']), grant('ALL_ACCOUNTS', ['READ'])];
const READS = [grant('COLLECTION_MANAGEMENT', ['READ']), grant('ALL_ACCOUNTS', ['READ'])];

const totals = { count: 3, originalCents: 300_00, paidCents: 0, outstandingCents: 300_00 };

function server() {
  return stubServer({
    'POST /api/v1/holiday/all': [],
    'GET /api/v1/collectionAccount/status': COLLECTION_STATUS_OPTIONS,
    'POST /api/v1/collectionAccount/allTotals': totals,
    'GET /api/v1/collectionContactRule': [
      DEFAULT_CONTACT_RULE,
      { ...DEFAULT_CONTACT_RULE, state: 'MA', maxCallAttempts: 2 },
    ],
    'GET /api/v1/collectionContactRule/history': [
      {
        id: 1,
        occurredAt: '2026-11-20T15:00:00.000Z',
        byName: 'Ada Admin',
        state: 'MA',
        before: DEFAULT_CONTACT_RULE,
        after: { ...DEFAULT_CONTACT_RULE, state: 'MA', maxCallAttempts: 2 },
      },
    ],
    'PUT /api/v1/collectionContactRule': () => apiError(400, 'Latest Hour must be later than Earliest Hour.'),
    'GET /api/v1/collectionAssignmentRule': {
      rules: [
        {
          officeId: OFFICE_ID,
          officeName: 'Los Angeles',
          collectors: [{ id: COLLECTOR_ID, displayName: 'Cora Collector' }],
          nextCollectorId: COLLECTOR_ID,
          updatedAt: '2026-11-20T15:00:00.000Z',
          updatedByName: 'Ada Admin',
        },
        {
          officeId: uuid(32),
          officeName: 'San Diego',
          collectors: [],
          nextCollectorId: null,
          updatedAt: null,
          updatedByName: null,
        },
      ],
    },
    'GET /api/v1/collectionAccount/getAccessControl': { users: [] },
  });
}

const open = (query: string, permissions: Permission[] = MANAGES) => {
  const api = server();
  const router = renderPage(<CollectionManagementPage />, {
    permissions,
    path: `${paths.collections.management.path}${query}`,
  });
  return { api, router };
};

describe('collection management page', () => {
  it('opens the tab its `collection` query names, holidays without one, and keeps the tab in the URL', async () => {
    const { router } = open('?collection=holidays');
    expect(await screen.findByRole('tab', { name: 'Holidays', selected: true })).toBeTruthy();
    expect(await screen.findByText('No holidays in the next 12 months.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Statuses' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collection=statuses'));
    const table = await screen.findByRole('table', { name: 'Collection statuses' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getByText('REV')).toBeTruthy();
    expect(within(table).getByText('ESC')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText('$300.00')).toHaveLength(6));
  });

  it('an unknown tab opens holidays', async () => {
    open('?collection=nonsense');
    expect(await screen.findByRole('tab', { name: 'Holidays', selected: true })).toBeTruthy();
  });

  it('contact rules: DEFAULT first, the audited changes, and the server’s message on 400', async () => {
    open('?collection=contact-rules');
    const table = await screen.findByRole('table', { name: 'Contact rules' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Default (every other state)');
    expect(rows[2]!.textContent).toContain('Massachusetts (MA)');
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Massachusetts (MA)' }));
    const form = await screen.findByRole('form', { name: 'Edit Massachusetts (MA)' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByText('Latest Hour must be later than Earliest Hour.')).toBeTruthy();
  });

  it('assignment rules: each office’s rotation, the next collector marked', async () => {
    open('?collection=assignment-rules');
    const table = await screen.findByRole('table', { name: 'Assignment rules' });
    expect(within(table).getByText('1. Cora Collector').closest('[title]')?.getAttribute('title')).toBe(
      'Gets the next account',
    );
    expect(within(table).getByText('No rule: new accounts stay unassigned')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit the rotation of San Diego' })).toBeTruthy();
  });

  it('READ alone shows the rules without edit buttons', async () => {
    open('?collection=contact-rules', READS);
    const table = await screen.findByRole('table', { name: 'Contact rules' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a state' })).toBeNull();
  });

  it('the route needs collection management with the ADMIN role condition (SPEC §6)', () => {
    const forAdmins: Permission[] = [
      {
        permissionType: 'COLLECTION_MANAGEMENT',
        accessLevelDTO: [
          {
            accessType: 'READ',
            conditionDTO: [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] }],
          },
        ],
      },
    ];
    const requirement = requirementOf(paths.collections.management.path);
    expect(meetsRequirement({ permissions: forAdmins, role: 'ADMIN' }, requirement)).toBe(true);
    expect(meetsRequirement({ permissions: forAdmins, role: 'MANAGER' }, requirement)).toBe(false);
    expect(meetsRequirement({ permissions: [], role: 'ADMIN' }, requirement)).toBe(false);
  });
});
