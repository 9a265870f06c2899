import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { ManagedTemplate, TemplatePreview } from '@casedesk/contract/templates/template';
import { TEMPLATE_MESSAGES } from '@casedesk/contract/templates/template';
import { paths } from '@/config/paths.ts';
import { apiError } from '@/test/fake-api.ts';
import { uuid } from '@/test/fixtures.ts';
import { grant, renderPage, stubServer } from '../../test-utils.tsx';
import { CollectionManagementPage } from '../../pages/collection-management-page.tsx';

const MANAGES = [grant('COLLECTION_MANAGEMENT', ['READ', 'CREATE', 'UPDATE']), grant('ALL_ACCOUNTS', ['READ'])];
const READS = [grant('COLLECTION_MANAGEMENT', ['READ']), grant('ALL_ACCOUNTS', ['READ'])];

const template = (overrides: Partial<ManagedTemplate> = {}): ManagedTemplate => ({
  id: uuid(501),
  name: 'Balance notice',
  label: 'Balance notice',
  content: 'Hi @clientFirstName, your balance is @balance. Reply STOP to opt out.',
  templateType: 'TEXT',
  purpose: null,
  active: true,
  collections: true,
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const TEMPLATES = [
  template(),
  template({ id: uuid(502), name: 'Welcome text', purpose: 'WELCOME_TEXT', collections: false }),
  template({ id: uuid(503), name: 'Old letter', templateType: 'LETTER', active: false, collections: false }),
];

const filled = (overrides: Partial<TemplatePreview> = {}): TemplatePreview => ({
  content: 'Hi Ana, your balance is @balance.',
  missing: ['@balance'],
  unknown: [],
  problem: null,
  termNotPaymentPlan: false,
  ...overrides,
});

function open(permissions: Permission[] = MANAGES) {
  const api = stubServer({
    'GET /api/v1/template/manage': ({ query }) =>
      TEMPLATES.filter((t) => !query.templateType || t.templateType === query.templateType),
    'POST /api/v1/template/preview': ({ body }) =>
      filled({ content: String((body as { content: string }).content).replace('@clientFirstName', 'Ana') }),
    'PUT /api/v1/template/active': ({ body }) => ({ ...TEMPLATES[0]!, active: (body as { active: boolean }).active }),
  });
  renderPage(<CollectionManagementPage />, {
    permissions,
    path: `${paths.collections.management.path}?collection=templates`,
  });
  return api;
}

describe('collection management: the Templates tab', () => {
  it('lists every template with its type and status; the type filter asks the server', async () => {
    const api = open();
    expect(await screen.findByRole('tab', { name: 'Templates', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Templates' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Collection');
    expect(rows[3]!.textContent).toContain('Inactive');
    // A template the product sends stays active: no Deactivate button for it.
    expect(within(table).queryByRole('button', { name: 'Deactivate Welcome text' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Reactivate Old letter' })).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Letter' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.calls('GET /api/v1/template/manage').at(-1)!.query.templateType).toBe('LETTER');
  });

  it('deactivates a template', async () => {
    const api = open();
    const table = await screen.findByRole('table', { name: 'Templates' });
    await userEvent.click(within(table).getByRole('button', { name: 'Deactivate Balance notice' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/template/active')).toEqual([{ id: uuid(501), active: false }]));
  });

  it('the form shows the live preview and the server’s refusal under Content', async () => {
    const api = open();
    api.use({
      'POST /api/v1/template': apiError(400, TEMPLATE_MESSAGES.optOut.TEXT, {
        fieldErrors: { content: TEMPLATE_MESSAGES.optOut.TEXT },
      }),
      'POST /api/v1/template/preview': filled({ problem: TEMPLATE_MESSAGES.optOut.TEXT }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Short balance');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Content' }), 'Hi, balance due.');
    expect(await within(form).findByTestId('template-preview-problem')).toBeTruthy();
    expect(within(form).getByTestId('template-preview-content').textContent).toBe('Hi Ana, your balance is @balance.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    // The contract's own check refuses it before the server is asked, with the server's words.
    expect((await within(form).findAllByText(TEMPLATE_MESSAGES.optOut.TEXT)).length).toBeGreaterThan(0);
    expect(api.bodies('POST /api/v1/template')).toEqual([]);
  });

  it('an unknown placeholder is refused with the server’s message', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nick');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Content' }), 'Hi @nick. Reply STOP to opt out.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText(TEMPLATE_MESSAGES.unknownPlaceholders(['@nick']))).toBeTruthy();
  });

  it('READ alone shows the list without New or edit buttons', async () => {
    open(READS);
    const table = await screen.findByRole('table', { name: 'Templates' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
  });
});
