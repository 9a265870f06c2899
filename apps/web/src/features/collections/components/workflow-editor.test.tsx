import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import {
  WORKFLOW_MESSAGES,
  type WorkflowDetail,
  type WorkflowRun,
  type WorkflowSummary,
  type WorkflowTemplateOption,
} from '@casedesk/contract/collections/workflow';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { apiError, fakeApi, type Handlers } from '@/test/fake-api.ts';
import { WorkflowEditor } from './workflow-editor.tsx';
import { WorkflowRunsPanel } from './workflow-runs-panel.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TEXT_TEMPLATE = id(11);
const LETTER_TEMPLATE = id(12);
const WORKFLOW_ID = id(21);

const ADMIN: UserDetail = {
  id: id(900),
  displayName: 'Alex Admin',
  mail: 'admin@casedesk.local',
  jobTitle: null,
  role: 'ADMIN',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'CORPORATE',
  accountEnabled: true,
  officeId: null,
};

/** SPEC §6: Collection Management with the ADMIN role condition, as the seeded administrator holds it. */
const management = (levels: AccessType[]): Permission[] => {
  const adminOnly: Condition = { conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] };
  return [
    {
      permissionType: 'COLLECTION_MANAGEMENT',
      accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [adminOnly] })),
    },
  ];
};

const TEMPLATES: WorkflowTemplateOption[] = [
  { id: LETTER_TEMPLATE, name: 'Case update letter', templateType: 'LETTER' },
  { id: TEXT_TEMPLATE, name: 'Balance notice', templateType: 'TEXT' },
];

const SUMMARY: WorkflowSummary = {
  id: WORKFLOW_ID,
  name: 'New account',
  trigger: 'ACCOUNT_OPENED',
  toStatus: null,
  active: true,
  version: 1,
  stepCount: 2,
  liveRuns: 3,
  updatedAt: '2026-11-20T17:30:00.000Z',
  updatedBy: 'Alex Admin',
};
const DETAIL: WorkflowDetail = {
  ...SUMMARY,
  steps: [
    { kind: 'SEND_TEXT', templateId: TEXT_TEMPLATE, delayDays: 0, atHour: null, businessDaysOnly: false },
    { kind: 'SET_FOLLOW_UP', daysFromNow: 2, delayDays: 3, atHour: 9, businessDaysOnly: true },
  ],
};
const ESCALATED: WorkflowSummary = {
  ...SUMMARY,
  id: id(22),
  name: 'Escalated',
  trigger: 'STATUS_CHANGED',
  toStatus: 'ESCALATION',
  active: false,
  liveRuns: 0,
};

function stubServer(handlers: Handlers = {}) {
  return fakeApi({
    'GET /api/v1/workflow': [SUMMARY, ESCALATED],
    'GET /api/v1/workflow/templates': TEMPLATES,
    'GET /api/v1/workflow/:id': ({ params }) =>
      params.id === WORKFLOW_ID ? DETAIL : apiError(404, 'Workflow not found'),
    'POST /api/v1/workflow': ({ body }) => ({ ...DETAIL, ...(body as object), id: id(23), version: 1, liveRuns: 0 }),
    'PUT /api/v1/workflow': ({ body }) => ({ ...DETAIL, ...(body as object), version: 2 }),
    'POST /api/v1/workflow/deactivate': { ...DETAIL, active: false, liveRuns: 0 },
    ...handlers,
  });
}

function renderWith(ui: ReactNode, permissions: Permission[] = management(['READ', 'CREATE', 'UPDATE'])) {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={{ user: ADMIN, permissions }}>
          <MemoryRouter>{ui}</MemoryRouter>
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select and clicks an option of its own list. */
async function choose(user: User, within_: HTMLElement, label: RegExp, option: string) {
  const combobox = within(within_).getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe('WorkflowEditor', () => {
  it('lists the workflows with what starts them, their versions and live runs', async () => {
    stubServer();
    renderWith(<WorkflowEditor />);
    const table = await screen.findByRole('table', { name: 'Workflows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['New account', 'Account opened', '2', '1', '3', 'Active'],
      ['Escalated', 'Status changed to Escalation', '2', '1', '0', 'Inactive'],
    ]);
    expect(screen.getByRole('button', { name: 'New workflow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate New account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate Escalated' })).toBeNull();
  });

  it('offers no changes to a reader', async () => {
    stubServer();
    renderWith(<WorkflowEditor />, management(['READ']));
    await screen.findByRole('table', { name: 'Workflows' });
    expect(screen.queryByRole('button', { name: 'New workflow' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    const api = stubServer({ 'GET /api/v1/workflow': [] });
    renderWith(<WorkflowEditor />);
    expect(await screen.findByText(/No workflows yet/)).toBeTruthy();
    api.use({ 'GET /api/v1/workflow': apiError(500, 'Something went wrong!') });
    renderWith(<WorkflowEditor />);
    expect(await screen.findByText('Workflows could not be loaded')).toBeTruthy();
  });

  it('creates a workflow: checks it with the server’s rules first, then sends only each step’s own settings', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderWith(<WorkflowEditor />);
    await user.click(await screen.findByRole('button', { name: 'New workflow' }));
    const form = await screen.findByRole('form', { name: 'New workflow' });

    await user.click(within(form).getByRole('button', { name: 'Save workflow' }));
    expect(await within(form).findByText(WORKFLOW_MESSAGES.name)).toBeTruthy();
    expect(within(form).getByText(WORKFLOW_MESSAGES.template)).toBeTruthy();
    expect(api.bodies('POST /api/v1/workflow')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Overdue');
    const first = within(form).getByRole('group', { name: 'Step 1' });
    // A text step offers text templates only.
    await user.click(within(first).getByRole('combobox', { name: /^Template/ }));
    expect(await screen.findByRole('option', { name: 'Balance notice', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Case update letter', hidden: true })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Balance notice', hidden: true }));

    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    const second = within(form).getByRole('group', { name: 'Step 2' });
    await user.click(within(second).getByRole('textbox', { name: /^Message/ }));
    await user.paste('Call @clientFirstName');
    await choose(user, second, /^Hour/, '09:00');
    await user.click(within(second).getByRole('checkbox', { name: /Business days only/ }));
    expect(within(second).getByText('After 1 day at 09:00, business days only')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save workflow' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/workflow')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/workflow')[0]).toEqual({
      name: 'Overdue',
      trigger: 'ACCOUNT_OPENED',
      toStatus: null,
      active: true,
      steps: [
        { kind: 'SEND_TEXT', templateId: TEXT_TEMPLATE, delayDays: 0, atHour: null, businessDaysOnly: false },
        { kind: 'NOTIFY_COLLECTOR', message: 'Call @clientFirstName', delayDays: 1, atHour: 9, businessDaysOnly: true },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New workflow' })).toBeNull());
    // Some forty interactions with Mantine inputs: a guard against a hang, with room for a busy machine.
  }, 60_000);

  it('shows the server’s field messages under the step they name, and its other refusals above', async () => {
    const message = WORKFLOW_MESSAGES.templateType.SEND_TEXT;
    const api = stubServer({
      'PUT /api/v1/workflow': apiError(400, message, { fieldErrors: { 'steps.0.templateId': message } }),
    });
    const user = userEvent.setup();
    renderWith(<WorkflowEditor />);
    await user.click(await screen.findByRole('button', { name: 'Edit New account' }));
    const form = await screen.findByRole('form', { name: 'Edit workflow' });
    await user.click(within(form).getByRole('button', { name: 'Save workflow' }));
    const first = within(form).getByRole('group', { name: 'Step 1' });
    expect(await within(first).findByText(message)).toBeTruthy();
    api.use({ 'PUT /api/v1/workflow': apiError(409, WORKFLOW_MESSAGES.nameTaken) });
    await user.click(within(form).getByRole('button', { name: 'Save workflow' }));
    expect(await within(form).findByText(WORKFLOW_MESSAGES.nameTaken)).toBeTruthy();
    expect(within(form).getByText('The workflow was not saved')).toBeTruthy();
  });

  it('changes a workflow with runs under way: the steps become a new version, and it says so', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderWith(<WorkflowEditor />);
    await user.click(await screen.findByRole('button', { name: 'Edit New account' }));
    const form = await screen.findByRole('form', { name: 'Edit workflow' });
    expect(within(form).getByText(/3 runs are under way/)).toBeTruthy();
    const second = within(form).getByRole('group', { name: 'Step 2' });
    await user.click(within(second).getByRole('button', { name: 'Move Step 2 up' }));
    await choose(user, form, /^Starts when/, 'Status changed');
    await choose(user, form, /^Changed to/, 'Review');
    await user.click(within(form).getByRole('button', { name: 'Save workflow' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/workflow')).toHaveLength(1));
    expect(api.bodies('PUT /api/v1/workflow')[0]).toMatchObject({
      id: WORKFLOW_ID,
      trigger: 'STATUS_CHANGED',
      toStatus: 'REVIEW',
      steps: [{ kind: 'SET_FOLLOW_UP' }, { kind: 'SEND_TEXT' }],
    });
    expect(await screen.findByText(/saved as version 2: runs already started keep their steps/)).toBeTruthy();
  });

  it('deactivates a workflow, stopping its live runs when asked', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderWith(<WorkflowEditor />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate workflow' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Also stop its 3 live runs/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/workflow/deactivate')).toEqual([{ id: WORKFLOW_ID, stopRuns: true }]),
    );
  });
});

describe('WorkflowRunsPanel', () => {
  it('shows an account’s runs and each step’s state, times in the office zone', async () => {
    const run: WorkflowRun = {
      id: id(31),
      workflowId: WORKFLOW_ID,
      workflowName: 'New account',
      version: 1,
      trigger: 'ACCOUNT_OPENED',
      status: 'PAUSED',
      statusReason: 'The payment plan is paused.',
      startedAt: '2026-11-20T17:30:00.000Z',
      finishedAt: null,
      steps: [
        {
          stepIndex: 0,
          kind: 'SEND_TEXT',
          description: 'Send text “Balance notice”',
          status: 'REFUSED',
          dueAt: '2026-11-20T17:30:00.000Z',
          executedAt: '2026-11-20T17:30:05.000Z',
          result: 'The template needs @dueDate, which this account does not have.',
        },
        {
          stepIndex: 1,
          kind: 'SET_FOLLOW_UP',
          description: 'Set follow-up 2 days ahead',
          status: 'PENDING',
          dueAt: '2026-11-23T17:00:00.000Z',
          executedAt: null,
          result: null,
        },
      ],
    };
    fakeApi({ 'POST /api/v1/workflow/runs': [run] });
    renderWith(<WorkflowRunsPanel accountId={id(41)} timeZone="America/Los_Angeles" />);
    const card = await screen.findByLabelText('Run of New account');
    expect(within(card).getByText('Paused')).toBeTruthy();
    expect(within(card).getByText('The payment plan is paused.')).toBeTruthy();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '1. Send text “Balance notice”',
        'Refused',
        '11/20/2026, 9:30 AM',
        'The template needs @dueDate, which this account does not have.',
      ],
      ['2. Set follow-up 2 days ahead', 'Pending', '11/23/2026, 9:00 AM', ''],
    ]);
  });
});
