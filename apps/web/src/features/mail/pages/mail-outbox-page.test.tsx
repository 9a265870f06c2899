import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIL_MESSAGES } from '@casedesk/contract/mail/mail';
import { captureDownloads } from '@/test/downloads.ts';
import { apiError, file } from '@/test/fake-api.ts';
import { FAILED_DETAIL, FAILED_ID, grant, MAIL_ID, OFFICE_ID, renderMail, stubServer } from '../test-utils.tsx';
import { MailOutboxPage } from './mail-outbox-page.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Mail outbox', () => {
  it('lists what was sent with status and attempts, and says where mail goes', async () => {
    stubServer();
    renderMail(<MailOutboxPage />);
    const table = await screen.findByRole('table', { name: 'E-mails' });
    expect(await within(table).findByText('Your documents')).toBeTruthy();
    expect(within(table).getByText('Bounced')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('mail-status')
        .map((b) => b.dataset.status),
    ).toEqual(['SENT', 'FAILED']);
    expect(within(table).getByText('550 5.1.1 Recipient address rejected')).toBeTruthy();
    expect((await screen.findByTestId('mail-transport')).textContent).toContain('127.0.0.1:2525');
    expect(screen.getByRole('button', { name: 'Stop mail server' })).toBeTruthy();
  });

  it('opens an e-mail with its attachments and the copy the mail server received, each downloadable', async () => {
    const api = stubServer({
      'GET /api/v1/mail/:id/attachment/:attachmentId': file('%PDF-1.4', 'application/pdf', 'summary.pdf'),
      'GET /api/v1/mail/:id/captured/:attachmentId': file('%PDF-1.4', 'application/pdf', 'summary.pdf'),
    });
    const saved = captureDownloads();
    renderMail(<MailOutboxPage />);
    await userEvent.click(await screen.findByText('Your documents'));
    const drawer = await screen.findByRole('dialog', { name: 'E-mail' });
    expect(within(drawer).getAllByText(/Your documents are attached/)).toHaveLength(2);
    const copy = within(drawer).getByTestId('captured-copy');
    expect(within(copy).getByText('"Casedesk" <no-reply@casedesk.local>')).toBeTruthy();
    const links = within(drawer).getAllByRole('button', { name: 'summary.pdf' });
    await userEvent.click(links[0]!);
    await userEvent.click(links[1]!);
    await waitFor(() => expect(saved).toEqual(['summary.pdf', 'summary.pdf']));
    expect(api.calls('GET /api/v1/mail/:id/attachment/:attachmentId')[0]!.params.id).toBe(MAIL_ID);
    expect(api.calls('GET /api/v1/mail/:id/captured/:attachmentId')).toHaveLength(1);
  });

  it('sends a failed e-mail again', async () => {
    const api = stubServer({ 'POST /api/v1/mail/:id/retry': { ...FAILED_DETAIL, status: 'QUEUED' } });
    renderMail(<MailOutboxPage />);
    await userEvent.click(await screen.findByText('Bounced'));
    const drawer = await screen.findByRole('dialog', { name: 'E-mail' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.calls('POST /api/v1/mail/:id/retry')[0]!.params.id).toBe(FAILED_ID));
  });

  it('sends an e-mail as multipart: the request part and the files; shows the server’s refusal', async () => {
    const api = stubServer({
      'POST /api/v1/mail/sendMail': apiError(400, MAIL_MESSAGES.attachmentType('setup.pdf'), {
        fieldErrors: { attachments: MAIL_MESSAGES.attachmentType('setup.pdf') },
      }),
    });
    renderMail(<MailOutboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send e-mail' }));
    const form = await screen.findByRole('form', { name: 'Send e-mail' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('* To is a required field.')).toBeTruthy();

    const office = within(form).getByRole('combobox', { name: /Office/ });
    await userEvent.click(office);
    const listbox = document.getElementById(office.getAttribute('aria-controls')!)!;
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Los Angeles', hidden: true }));
    await userEvent.type(within(form).getByLabelText(/^To/), 'ana.lopez@example.com,');
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Your documents');
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Attached.');
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'setup.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await within(form).findByText(MAIL_MESSAGES.attachmentType('setup.pdf'))).toBeTruthy();
    const [sent] = api.calls('POST /api/v1/mail/sendMail');
    const body = sent!.body as FormData;
    expect(JSON.parse(await (body.get('request') as Blob).text())).toEqual({
      officeId: OFFICE_ID,
      to: ['ana.lopez@example.com'],
      subject: 'Your documents',
      body: 'Attached.',
      clientId: null,
    });
    expect((body.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['setup.pdf']);
  });

  it('a reader sees the outbox without the send buttons or the server switch', async () => {
    stubServer();
    renderMail(<MailOutboxPage />, [grant(['READ'])]);
    expect(await screen.findByText('Your documents')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send e-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop mail server' })).toBeNull();
  });

  it('lists saved letters with Print and Download', async () => {
    stubServer({ 'GET /api/v1/mail/letter/:id/file': file('%PDF-1.4', 'application/pdf', 'letter.pdf') });
    const saved = captureDownloads();
    renderMail(<MailOutboxPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Letters' }));
    const table = await screen.findByRole('table', { name: 'Letters' });
    expect(await within(table).findByText('Your case file')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['letter.pdf']));
  });
});
