import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficeDetail } from '@casedesk/contract/offices/office';
import { page } from '@/test/fixtures.ts';
import { INACTIVE_OFFICE_KEEPS } from '../components/office-labels.ts';
import {
  id,
  OFFICE,
  OFFICE_ID,
  OFFICE_READER,
  OTHER_OFFICE_ID,
  pick,
  renderPage,
  STAFF,
  stubServer,
} from '../test-utils.tsx';
import { OFFICE_SAVED_MESSAGE, OfficePage } from './office-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const at = `/management/office/${OFFICE_ID}`;

describe('office page', () => {
  it('edits the details and sends every field', async () => {
    const api = stubServer({
      'PUT /api/v1/office/:officeId': ({ body }) => ({ ...OFFICE, ...(body as Partial<OfficeDetail>) }),
    });
    const user = userEvent.setup();
    renderPage(<OfficePage />, undefined, at);
    const form = await screen.findByRole('form', { name: 'Office Los Angeles' });
    const city = within(form).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Pasadena');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(OFFICE_SAVED_MESSAGE)).toBeTruthy();
    expect(api.bodies('PUT /api/v1/office/:officeId')).toEqual([
      expect.objectContaining({ city: 'Pasadena', timeZone: 'America/Los_Angeles', outboundCallerId: '2135550310' }),
    ]);
  });

  it('deactivates after a confirm that says what the office keeps', async () => {
    let stored = OFFICE;
    const api = stubServer({
      'GET /api/v1/office/:officeId': () => stored,
      'PUT /api/v1/office/:officeId/status': () => (stored = { ...OFFICE, status: 'INACTIVE' }),
    });
    const user = userEvent.setup();
    renderPage(<OfficePage />, undefined, at);
    await user.click(await screen.findByRole('button', { name: 'Deactivate office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Los Angeles?' });
    expect(within(dialog).getByText(INACTIVE_OFFICE_KEEPS)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/office/:officeId/status')).toEqual([{ status: 'INACTIVE' }]));
    expect(await screen.findByRole('button', { name: 'Reactivate office' })).toBeTruthy();
  });

  it('lists attorneys and users, says when tracking lines are not the caller’s to see, and moves an attorney in', async () => {
    const api = stubServer({
      'GET /api/v1/attorney/allSchedule': page([
        {
          id: id(5),
          name: 'Ben Barrister',
          email: 'ben@casedesk.local',
          officeId: OTHER_OFFICE_ID,
          officeName: 'Dallas',
          lawType: 'Family Law',
          jurisdiction: 'Texas',
          zoomLink: null,
          isLitigation: false,
          scheduleEntries: 0,
        },
      ]),
      'PUT /api/v1/office/:officeId/attorney': { ...STAFF.attorneys![0]!, id: id(5), name: 'Ben Barrister' },
    });
    const user = userEvent.setup();
    renderPage(<OfficePage />, undefined, at);
    const attorneys = await screen.findByRole('region', { name: /Attorneys/ });
    expect(within(attorneys).getByText('Alma Attorney')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: /Users/ })).getByText('Morgan Manager')).toBeTruthy();
    expect(
      screen.getByText('You don’t have access to see tracking lines of this office.'.replace('’', "'")),
    ).toBeTruthy();
    await pick(user, 'Add an attorney from another office', 'Ben Barrister (Dallas)');
    await user.click(within(attorneys).getByRole('button', { name: 'Add attorney' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/office/:officeId/attorney')).toEqual([{ attorneyId: id(5) }]));
  });

  it('adds a holiday of the office through the holiday API', async () => {
    const api = stubServer({
      'POST /api/v1/holiday': { id: id(72), date: '2027-01-02', name: 'Staff day', officeId: OFFICE_ID },
    });
    const user = userEvent.setup();
    renderPage(<OfficePage />, undefined, at);
    const card = await screen.findByRole('region', { name: 'Holidays' });
    expect(await within(card).findByText('Office party')).toBeTruthy();
    expect(within(card).getByText('Firm-wide')).toBeTruthy();
    await user.type(within(card).getByLabelText('Date'), '2027-01-02');
    await user.type(within(card).getByRole('textbox', { name: 'Holiday name' }), 'Staff day');
    await user.click(within(card).getByRole('button', { name: 'Add holiday' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/holiday')).toEqual([
        { date: '2027-01-02', name: 'Staff day', officeId: OFFICE_ID },
      ]),
    );
  });

  it('is read-only without OFFICE UPDATE, and says so for an office out of reach', async () => {
    stubServer();
    renderPage(<OfficePage />, OFFICE_READER, at);
    const form = await screen.findByRole('form', { name: 'Office Los Angeles' });
    expect(within(form).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate office' })).toBeNull();
    document.body.innerHTML = '';
    renderPage(<OfficePage />, OFFICE_READER, `/management/office/${OTHER_OFFICE_ID}`);
    expect(await screen.findByText('Office not found')).toBeTruthy();
  });
});
