import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CashFlowAccessUser } from '@casedesk/contract/accounting/cash-flow-access';
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '@casedesk/contract/accounting/payment';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { apiError } from '@/test/fake-api.ts';
import { id, OFFICE_ID, renderPage, stubServer } from '../test-utils.tsx';
import { CashFlowManagementPage } from './cash-flow-management-page.tsx';

const DALLAS_ID = id(32);

const grant = (permissionType: Permission['permissionType'], levels: AccessType[], offices: string[] = []) => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({
    accessType,
    conditionDTO: offices.length
      ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: offices }]
      : [],
  })),
});

const CLERK: CashFlowAccessUser = {
  userId: id(901),
  displayName: 'Dana Clerk',
  mail: 'dana@casedesk.local',
  role: 'OPERATOR',
  officeId: DALLAS_ID,
  officeName: 'Dallas',
  accountEnabled: true,
  permissions: [grant('CASH_FLOW', ['READ', 'CREATE'], [DALLAS_ID])],
};
const CONTROLLER: CashFlowAccessUser = {
  ...CLERK,
  userId: id(902),
  displayName: 'Carl Controller',
  mail: 'carl@casedesk.local',
  role: 'MANAGER',
  permissions: [grant('CASH_FLOW', ['READ']), grant('CASH_FLOW_RECON', ['READ', 'CREATE', 'UPDATE'])],
};

const MANAGER = [grant('CASH_FLOW_MANAGEMENT', ['READ', 'UPDATE'])];
const VIEWER = [grant('CASH_FLOW_MANAGEMENT', ['READ'])];

function server(handlers: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'GET /api/v1/cashFlow/accessControl': {
      users: [CLERK, CONTROLLER],
      paymentTypes: PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] })),
    },
    'GET /api/v1/dropdown/allOffices': [
      { id: OFFICE_ID, name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
      { id: DALLAS_ID, name: 'Dallas', timeZone: 'America/Chicago' },
    ],
    ...handlers,
  });
}

const rowOf = async (name: string) =>
  (await within(await screen.findByRole('table', { name: 'Cash-flow access' })).findByText(name)).closest('tr')!;

describe('cash flow management', () => {
  it('lists each user’s cash-flow, recon and management access with its offices, and the fixed payment types', async () => {
    server();
    renderPage(<CashFlowManagementPage />, MANAGER, '/accounting/cash-flow-management');
    const clerk = await rowOf('Dana Clerk');
    await waitFor(() => expect(within(clerk).getByText('Read, Create · Dallas')).toBeTruthy());
    expect(within(clerk).getAllByText('—')).toHaveLength(2);
    const controller = await rowOf('Carl Controller');
    expect(within(controller).getByText('Read · All offices')).toBeTruthy();
    expect(within(controller).getByText('Read, Create, Update · All offices')).toBeTruthy();
    expect(screen.getByText(/These payment types are fixed/)).toBeTruthy();
    const types = screen.getByLabelText('Payment types');
    expect(
      within(types)
        .getAllByText(/./)
        .map((t) => t.textContent),
    ).toEqual(PAYMENT_TYPES.map((type) => PAYMENT_TYPE_LABELS[type]));
  });

  it('changes a user’s access with a reason, and shows the server’s refusal as it says it', async () => {
    const refusal = 'You can only grant access you hold yourself: CASH_FLOW UPDATE.';
    const api = server({ 'PUT /api/v1/cashFlow/updateAccessControl': apiError(403, refusal) });
    const user = userEvent.setup();
    renderPage(<CashFlowManagementPage />, MANAGER, '/accounting/cash-flow-management');
    await user.click(within(await rowOf('Dana Clerk')).getByRole('button', { name: 'Edit Dana Clerk' }));
    const form = await screen.findByRole('form', { name: 'Edit cash-flow access' });
    const cashFlow = within(form).getByRole('group', { name: 'Cash flow' });
    await user.click(within(cashFlow).getByRole('checkbox', { name: 'Update' }));
    const recon = within(form).getByRole('group', { name: 'Recon' });
    await user.click(within(recon).getByRole('checkbox', { name: 'Read' }));

    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await within(form).findByText(ACCESS_ADMIN_MESSAGES.reason)).toBeTruthy();
    expect(api.calls('PUT /api/v1/cashFlow/updateAccessControl')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Takes over the Dallas deposits');
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await within(form).findByText(refusal)).toBeTruthy();
    const sent = api.calls('PUT /api/v1/cashFlow/updateAccessControl')[0]!;
    expect(sent.query.userId).toBe(CLERK.userId);
    expect(sent.body).toEqual({
      permissions: [grant('CASH_FLOW', ['READ', 'CREATE', 'UPDATE'], [DALLAS_ID]), grant('CASH_FLOW_RECON', ['READ'])],
      reason: 'Takes over the Dallas deposits',
    });

    api.use({ 'PUT /api/v1/cashFlow/updateAccessControl': ({ body }) => ({ ...CLERK, ...(body as object) }) });
    const listed = api.calls('GET /api/v1/cashFlow/accessControl').length;
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit cash-flow access' })).toBeNull());
    await waitFor(() => expect(api.calls('GET /api/v1/cashFlow/accessControl').length).toBeGreaterThan(listed));
  });

  it('offers Edit only with CASH_FLOW_MANAGEMENT UPDATE', async () => {
    server();
    renderPage(<CashFlowManagementPage />, VIEWER, '/accounting/cash-flow-management');
    await rowOf('Dana Clerk');
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
