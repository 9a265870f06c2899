import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, type Draft } from '@casedesk/contract/mail/draft';
import { apiError, file } from '@/test/fake-api.ts';
import { captureDownloads } from '@/test/downloads.ts';
import { page } from '@/test/fixtures.ts';
import { CLIENT_ID, grant, id, LETTER, MANAGER, OFFICE_ID, renderMail, stubServer } from '../test-utils.tsx';
import { AccountDraftsPanel } from './account-drafts-panel.tsx';

const ACCOUNT_ID = id(91);
const DRAFT_ID = id(92);
const TEMPLATE_ID = id(93);
const COLLECTOR_ID = id(901);
const TARGET = {
  collectionAccountId: ACCOUNT_ID,
  client: { id: CLIENT_ID, name: 'Ana Lopez', email: 'ana.lopez@example.com', officeId: OFFICE_ID },
};
const HASH = 'ab12cd34ef56'.repeat(5) + 'abcd';

/** A letter draft the collector wrote about the account, waiting for approval. */
function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: DRAFT_ID,
    kind: 'LETTER',
    status: 'DRAFT',
    officeId: OFFICE_ID,
    officeName: 'Los Angeles',
    clientId: CLIENT_ID,
    clientName: 'Ana Lopez',
    collectionAccountId: ACCOUNT_ID,
    templateId: TEMPLATE_ID,
    to: [],
    subject: 'Case update',
    attachmentCount: 0,
    createdById: COLLECTOR_ID,
    createdByName: 'Cora Collector',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    approvedById: null,
    approvedByName: null,
    approvedAt: null,
    contentHash: null,
    mailId: null,
    letterId: null,
    completedByName: null,
    completedAt: null,
    body: 'Dear Ana Lopez,\n\nYour balance is $3,749.50.',
    attachments: [],
    letterUrl: null,
    ...overrides,
  };
}

const approved = (overrides: Partial<Draft> = {}) =>
  draft({
    status: 'APPROVED',
    approvedById: MANAGER.id,
    approvedByName: 'Morgan Manager',
    approvedAt: '2026-11-25T11:00:00.000Z',
    contentHash: HASH,
    ...overrides,
  });

const summary = ({ body: _body, attachments: _files, letterUrl: _url, ...rest }: Draft) => rest;

function serve(d: Draft, more: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'POST /api/v1/draft/all': page([summary(d)]),
    'GET /api/v1/draft': d,
    'GET /api/v1/template/byTemplateType': ({ query }) =>
      query.templateType === 'LETTER'
        ? [
            {
              id: TEMPLATE_ID,
              name: 'Case update letter',
              label: 'Case update letter',
              content: 'Dear @clientName',
              templateType: 'LETTER',
              purpose: null,
            },
          ]
        : [],
    ...more,
  });
}

async function openDraft(subject = 'Case update') {
  await userEvent.click(await screen.findByText(subject));
  return screen.findByTestId('draft-detail');
}

afterEach(() => vi.restoreAllMocks());

describe('AccountDraftsPanel', () => {
  it('lists the account’s drafts and writes a letter from a template, left for the server to fill', async () => {
    const api = serve(draft());
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const table = await screen.findByRole('table', { name: 'Drafts about this account' });
    expect(await within(table).findByText('Case update')).toBeTruthy();
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(within(table).getByText('Cora Collector')).toBeTruthy();
    expect(api.calls('POST /api/v1/draft/all')[0]!.body).toMatchObject({
      filter: { collectionAccountId: ACCOUNT_ID },
    });

    api.use({ 'PUT /api/v1/draft': draft() });
    await userEvent.click(screen.getByRole('button', { name: 'New draft' }));
    const form = await screen.findByRole('form', { name: 'New draft' });
    const template = within(form).getByRole('combobox', { name: /Template/ });
    await userEvent.click(template);
    const listbox = document.getElementById(template.getAttribute('aria-controls')!)!;
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Case update letter', hidden: true }));
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveProperty('value', 'Case update letter');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/draft')).toHaveLength(1));
    expect(api.calls('PUT /api/v1/draft')[0]!.body).toEqual({
      kind: 'LETTER',
      officeId: OFFICE_ID,
      clientId: CLIENT_ID,
      collectionAccountId: ACCOUNT_ID,
      templateId: TEMPLATE_ID,
      to: [],
      subject: 'Case update letter',
      body: null,
    });
    expect(await screen.findByTestId('draft-body')).toHaveProperty('textContent', draft().body);
  });

  it('sends an e-mail draft with its files as multipart, the recipients preset to the client', async () => {
    const api = serve(draft(), { 'PUT /api/v1/draft': draft({ kind: 'EMAIL', to: ['ana.lopez@example.com'] }) });
    renderMail(<AccountDraftsPanel {...TARGET} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New draft' }));
    const form = await screen.findByRole('form', { name: 'New draft' });
    await userEvent.click(within(form).getByText('E-mail'));
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Your statement');
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Attached.');
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/draft')).toHaveLength(1));
    const body = api.calls('PUT /api/v1/draft')[0]!.body as FormData;
    expect(JSON.parse(body.get('draft') as string)).toMatchObject({
      kind: 'EMAIL',
      to: ['ana.lopez@example.com'],
      subject: 'Your statement',
      body: 'Attached.',
      collectionAccountId: ACCOUNT_ID,
    });
    expect((body.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['statement.pdf']);
  });

  it('offers Approve to someone else with MAIL UPDATE and shows the server’s refusal', async () => {
    const api = serve(draft(), {
      'POST /api/v1/draft/approve': apiError(403, DRAFT_MESSAGES.ownDraft),
    });
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const detail = await openDraft();
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    expect(await within(detail).findByText(DRAFT_MESSAGES.ownDraft)).toBeTruthy();
    expect(api.calls('POST /api/v1/draft/approve')[0]!.body).toEqual({ id: DRAFT_ID });
  });

  it('hides Approve from the draft’s author', async () => {
    serve(draft({ createdById: MANAGER.id }));
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const own = await openDraft();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('hides Approve without MAIL UPDATE', async () => {
    serve(draft());
    renderMail(<AccountDraftsPanel {...TARGET} />, [grant(['READ', 'CREATE'])]);
    const detail = await openDraft();
    expect(within(detail).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('discards an unapproved draft after a confirmation', async () => {
    const api = serve(draft(), { 'DELETE /api/v1/draft': draft() });
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const detail = await openDraft();
    await userEvent.click(within(detail).getByRole('button', { name: 'Discard' }));
    expect(api.calls('DELETE /api/v1/draft')).toHaveLength(0);
    await userEvent.click(within(detail).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(api.calls('DELETE /api/v1/draft')).toHaveLength(1));
    expect(api.calls('DELETE /api/v1/draft')[0]!.query).toEqual({ id: DRAFT_ID });
  });

  it('an approved letter shows its approval, is not edited, is printed and its PDF downloaded', async () => {
    const letterId = LETTER.id;
    const api = serve(approved(), {
      'POST /api/v1/draft/print': ({ body }) => ({ ...approved(), status: 'PRINTED', id: (body as { id: string }).id }),
      'GET /api/v1/mail/letter/:id/file': file('%PDF-1.4', 'application/pdf', 'letter.pdf'),
    });
    const saved = captureDownloads();
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const detail = await openDraft();
    expect(within(detail).getByTestId('draft-approval').textContent).toContain('Approved by Morgan Manager');
    expect(within(detail).getByTestId('draft-approval').querySelector('code')!.textContent).toBe(HASH.slice(0, 12));
    expect(within(detail).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Send' })).toBeNull();

    const printed = approved({
      status: 'PRINTED',
      letterId,
      completedByName: 'Morgan Manager',
      completedAt: '2026-11-25T12:00:00.000Z',
      letterUrl: LETTER.downloadUrl,
    });
    api.use({ 'GET /api/v1/draft': printed });
    await userEvent.click(within(detail).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(api.calls('POST /api/v1/draft/print')).toHaveLength(1));
    expect(api.calls('POST /api/v1/draft/print')[0]!.body).toEqual({ id: DRAFT_ID });
    await userEvent.click(await within(detail).findByRole('button', { name: 'Download letter PDF' }));
    await waitFor(() => expect(saved).toEqual(['letter.pdf']));
    expect(within(detail).queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('an approved e-mail with a file: the file downloads, Send sends it, a 409 is shown', async () => {
    const email = approved({
      kind: 'EMAIL',
      to: ['ana.lopez@example.com'],
      attachmentCount: 1,
      attachments: [
        {
          id: id(94),
          filename: 'statement.pdf',
          contentType: 'application/pdf',
          size: 2048,
          sha256: 'f'.repeat(64),
          downloadUrl: `/api/v1/draft/${DRAFT_ID}/attachment/${id(94)}`,
        },
      ],
    });
    serve(email, {
      'POST /api/v1/draft/send': apiError(409, DRAFT_MESSAGES.contentChanged),
      'GET /api/v1/draft/:id/attachment/:attachmentId': file('%PDF-1.4', 'application/pdf', 'statement.pdf'),
    });
    const saved = captureDownloads();
    renderMail(<AccountDraftsPanel {...TARGET} />);
    const detail = await openDraft();
    await userEvent.click(within(detail).getByRole('button', { name: /statement\.pdf/ }));
    await waitFor(() => expect(saved).toEqual(['statement.pdf']));
    expect(within(detail).queryByRole('button', { name: 'Print' })).toBeNull();
    await userEvent.click(within(detail).getByRole('button', { name: 'Send' }));
    expect(await within(detail).findByText(DRAFT_MESSAGES.contentChanged)).toBeTruthy();
  });
});
