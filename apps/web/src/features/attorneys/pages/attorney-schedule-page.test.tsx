import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_MESSAGES } from '@casedesk/contract/attorneys/attorney-schedule';
import { SCHEDULE_SAVED_MESSAGE } from '../components/schedule-editor.tsx';
import { apiError, type FakeApi } from '@/test/fake-api.ts';
import { ATTORNEY_ID, pick, renderPage, SCHEDULE_READ, stubServer } from '../test-utils.tsx';
import { AttorneySchedulePage } from './attorney-schedule-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const PATH = `/management/attorney/${ATTORNEY_ID}`;
const SAVE = 'PUT /api/v1/attorney/:attorneyId/availability';
const puts = (api: FakeApi) => api.calls(SAVE);

async function openEditor() {
  renderPage(<AttorneySchedulePage />, undefined, PATH);
  return screen.findByRole('form', { name: 'Weekly schedule' });
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('attorney schedule editor', { timeout: 60_000 }, () => {
  it('shows each day’s windows in time order, the holidays, and Save disabled until something changes', async () => {
    stubServer();
    const form = await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Alma Attorney' })).toBeTruthy();
    const monday = within(form).getByRole('group', { name: 'Monday' });
    expect(within(monday).getByRole('combobox', { name: 'Monday hours 1 from' })).toHaveProperty('value', '9:00 AM');
    expect(within(monday).getByRole('combobox', { name: 'Monday hours 2 from' })).toHaveProperty('value', '1:00 PM');
    expect(within(form).getByRole('group', { name: 'Sunday' }).textContent).toContain('Not working');
    expect(await screen.findByText('Christmas Day')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', true);
  });

  it('sends the whole week after a change and says it was saved', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    await openEditor();
    await pick(user, 'Wednesday hours 1 to', '3:30 PM');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    await screen.findByText(SCHEDULE_SAVED_MESSAGE);
    expect(puts(api)).toHaveLength(1);
    expect(puts(api)[0]!.body).toEqual({
      entries: [
        { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', lawType: 'Personal Injury', jurisdiction: null },
        { dayOfWeek: 1, startTime: '13:00', endTime: '17:00', lawType: null, jurisdiction: null },
        { dayOfWeek: 3, startTime: '10:00', endTime: '15:30', lawType: null, jurisdiction: 'California' },
      ],
    });
    // Saved: nothing left to save or discard.
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', true));
  });

  it('shows the contract’s messages and keeps Save disabled for an end before the start or overlapping hours', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    await openEditor();
    await pick(user, 'Wednesday hours 1 to', '9:00 AM');
    expect(await screen.findByText(`* ${SCHEDULE_MESSAGES.order}`)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    await pick(user, 'Wednesday hours 1 to', '2:00 PM');
    await waitFor(() => expect(screen.queryByText(`* ${SCHEDULE_MESSAGES.order}`)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    // The new window starts where the last one ends; moving it into the morning overlaps.
    await pick(user, 'Monday hours 3 from', '11:00 AM');
    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(await within(monday).findByText(`* ${SCHEDULE_MESSAGES.overlap}`)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    await user.click(within(monday).getByRole('button', { name: 'Remove Monday hours 3' }));
    await waitFor(() => expect(within(monday).queryByText(`* ${SCHEDULE_MESSAGES.overlap}`)).toBeNull());
    expect(puts(api)).toHaveLength(0);
  });

  it('copies Monday to the weekdays and sends it; Discard first brings the loaded week back', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(screen.getByRole('combobox', { name: 'Friday hours 2 from' })).toHaveProperty('value', '1:00 PM');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Friday hours 1 from' })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Wednesday hours 1 from' })).toHaveProperty('value', '10:00 AM');

    await user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    await screen.findByText(SCHEDULE_SAVED_MESSAGE);
    const { entries } = puts(api)[0]!.body as { entries: { dayOfWeek: number; lawType: string | null }[] };
    expect(entries.map((e) => e.dayOfWeek)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(entries.filter((e) => e.lawType === 'Personal Injury').map((e) => e.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the server’s 400 message in plain words and beside the field it names', async () => {
    stubServer({
      [SAVE]: apiError(400, SCHEDULE_MESSAGES.clock, {
        fieldErrors: { 'entries.2.startTime': SCHEDULE_MESSAGES.clock },
      }),
    });
    const user = userEvent.setup();
    await openEditor();
    await pick(user, 'Wednesday hours 1 law type', 'Family Law');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    const alert = await screen.findByRole('alert', { name: 'The schedule was not saved' });
    expect(alert.textContent).toContain(SCHEDULE_MESSAGES.clock);
    expect(screen.getByText(`* ${SCHEDULE_MESSAGES.clock}`)).toBeTruthy();
  });

  it('asks before leaving with unsaved hours', async () => {
    stubServer();
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    await user.click(screen.getByRole('link', { name: 'Attorneys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('combobox', { name: 'Saturday hours 1 from' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Attorneys' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Attorney list')).toBeTruthy();
  });

  it('is read-only without ATTORNEY_SCHEDULE UPDATE', async () => {
    stubServer();
    renderPage(<AttorneySchedulePage />, SCHEDULE_READ, PATH);
    const section = await screen.findByRole('region', { name: 'Weekly schedule' });
    expect(within(section).getByText('9:00 AM – 12:00 PM')).toBeTruthy();
    expect(within(section).getByText('Personal Injury')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says so when the attorney is not found or not in the user’s offices', async () => {
    stubServer({ 'GET /api/v1/attorney/:attorneyId/availability': apiError(404, 'Attorney not found.') });
    renderPage(<AttorneySchedulePage />, undefined, PATH);
    expect(await screen.findByText('Attorney not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to attorneys' })).toBeTruthy();
  });
});
