import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { file } from '@/test/fake-api.ts';
import { CLIENT_ID, id, LETTER, OFFICE_ID, renderMail, stubServer } from '../test-utils.tsx';
import { ClientMailPanel } from './client-mail-panel.tsx';

const ACCOUNT_ID = id(91);
const CLIENT = { id: CLIENT_ID, name: 'Ana Lopez', email: 'ana.lopez@example.com', officeId: OFFICE_ID };

afterEach(() => vi.restoreAllMocks());

describe('ClientMailPanel on a collection account', () => {
  it('lists the mail about the account and writes a letter that carries the account', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const api = stubServer({
      'POST /api/v1/mail/saveLetter': { ...LETTER, collectionAccountId: ACCOUNT_ID },
      'GET /api/v1/mail/letter/:id/file': file('%PDF-1.4', 'application/pdf', 'letter.pdf'),
    });
    renderMail(<ClientMailPanel client={CLIENT} collectionAccountId={ACCOUNT_ID} />);
    expect(await screen.findByRole('table', { name: 'Letters about this account' })).toBeTruthy();
    await waitFor(() => expect(api.calls('POST /api/v1/mail/letter/all')).toHaveLength(1));
    expect(api.calls('POST /api/v1/mail/letter/all')[0]!.body).toMatchObject({
      filter: { collectionAccountId: ACCOUNT_ID },
    });
    expect(api.calls('POST /api/v1/mail/all')[0]!.body).toMatchObject({ filter: { collectionAccountId: ACCOUNT_ID } });

    await userEvent.click(screen.getByRole('button', { name: 'Write letter' }));
    const form = await screen.findByRole('form', { name: 'Write letter' });
    expect(within(form).getByText('Ana Lopez')).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Your balance');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Letter/ }), 'Dear Ana,');
    await userEvent.click(within(form).getByRole('button', { name: 'Save letter' }));
    await waitFor(() => expect(api.calls('POST /api/v1/mail/saveLetter')).toHaveLength(1));
    expect(api.calls('POST /api/v1/mail/saveLetter')[0]!.body).toMatchObject({
      officeId: OFFICE_ID,
      clientId: CLIENT_ID,
      collectionAccountId: ACCOUNT_ID,
      subject: 'Your balance',
    });
  });
});
