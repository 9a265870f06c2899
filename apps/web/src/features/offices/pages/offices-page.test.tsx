import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFICE_COLUMNS, OFFICE_MESSAGES } from '@casedesk/contract/offices/office';
import { apiError } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { OFFICE, OFFICE_READER, pick, renderPage, stubServer } from '../test-utils.tsx';
import { OfficesPage } from './offices-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('offices list', () => {
  it('shows the SPEC §2 headers and the offices, searches and filters on the server', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderPage(<OfficesPage />, undefined, '/management/office');
    const table = await screen.findByRole('table', { name: 'Offices' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(OFFICE_COLUMNS.map((c) => expect.stringContaining(c.header)));
    expect(await within(table).findByTitle('Los Angeles')).toBeTruthy();
    expect(within(table).getByText('(213) 555-0110')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search offices' }), 'dall');
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/office/all').at(-1)).toMatchObject({ filter: { searchKeyword: 'dall' } }),
    );
  });

  it('says so when nothing matches, and shows a load error with Retry', async () => {
    stubServer({ 'POST /api/v1/office/all': page([]) });
    renderPage(<OfficesPage />);
    expect(await screen.findByText('No offices match this filter')).toBeTruthy();
    stubServer({ 'POST /api/v1/office/all': apiError(500, 'Database down') });
    renderPage(<OfficesPage />);
    expect(await screen.findByText('Offices could not be loaded')).toBeTruthy();
  });

  it('offers New office only with OFFICE CREATE; the form shows the server’s 409 under the name', async () => {
    stubServer();
    renderPage(<OfficesPage />, OFFICE_READER);
    await screen.findByRole('table', { name: 'Offices' });
    expect(screen.queryByRole('button', { name: 'New office' })).toBeNull();

    const api = stubServer({ 'POST /api/v1/office': apiError(409, OFFICE_MESSAGES.duplicateName) });
    const user = userEvent.setup();
    document.body.innerHTML = '';
    renderPage(<OfficesPage />);
    await user.click(await screen.findByRole('button', { name: 'New office' }));
    const form = await screen.findByRole('form', { name: 'New office' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Los Angeles');
    await user.type(within(form).getByRole('textbox', { name: /^Phone/ }), OFFICE.phone);
    await user.type(within(form).getByRole('textbox', { name: /^SMS Number/ }), OFFICE.smsNumber);
    await pick(user, 'Time Zone', 'America/Los_Angeles');
    await user.type(within(form).getByRole('textbox', { name: /^Outbound Caller Id/ }), '21355');
    await user.click(within(form).getByRole('button', { name: 'Create office' }));
    expect(await within(form).findByText(OFFICE_MESSAGES.outboundCallerId, { exact: false })).toBeTruthy();
    expect(api.calls('POST /api/v1/office')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Outbound Caller Id/ }), '50310');
    await user.click(within(form).getByRole('button', { name: 'Create office' }));
    expect(await within(form).findByText(OFFICE_MESSAGES.duplicateName, { exact: false })).toBeTruthy();
    expect(api.bodies('POST /api/v1/office')[0]).toMatchObject({
      name: 'Los Angeles',
      phone: OFFICE.phone,
      outboundCallerId: '2135550310',
      officeType: 'OFFICE',
    });
  });
});
