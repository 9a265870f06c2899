import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { appointmentRowColour, type ApptStatus } from '../../packages/contract/src/appointments/row-colour.ts';
import { accessToken, signIn, USERS } from './support/session.ts';
import { toast, watchMoments } from './support/moments.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

/** A lead made through the API (the new-lead screen has its own spec): its inquiry id. */
async function createLead(page: Page, lastName: string, autoText: boolean): Promise<string> {
  const res = await page.request.post('/api/v1/inquiry', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { client: { firstName: 'Booking', lastName, primaryNumber: '2135550142', autoText } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function shoot(page: Page, name: string) {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await setWidth(page, WIDE);
}

test('from a lead: availability, a 15-minute slot booked once, refused the second time', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.operator);
  const firstName = `First${Date.now()}`;
  const first = await createLead(page, firstName, true);
  const second = await createLead(page, `Second${Date.now()}`, true);

  await page.goto(`/communication/lead/${first}`);
  const panel = page.getByRole('region', { name: 'Appointment' });
  await expect(panel.getByText('No appointment booked for this inquiry yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Attorney availability' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attorney Availability' });
  await expect(drawer.getByRole('button', { name: 'Previous week' })).toBeDisabled();
  // Next week: every weekday of it is in the future whatever the time now.
  await drawer.getByRole('button', { name: 'Next week' }).click();
  await drawer.getByText('15 min', { exact: true }).click();
  await expect(drawer.getByRole('button', { name: 'Previous week' })).toBeEnabled();
  const slot = drawer.getByRole('button', { name: /^Book .* at / }).first();
  await expect(slot).toBeVisible();
  await expect(drawer.getByTestId('availability-table')).toHaveAttribute('aria-busy', 'false');
  await shoot(page, 'availability-drawer');
  // The drawer's own content (the lead screen behind it has its own accessibility check).
  expect(await seriousViolations(page, '.mantine-Drawer-content')).toEqual([]);

  // yyyy-MM-dd of the slot, from its label ("Book <attorney> on <date> at <time>").
  const bookedDay = /on (\d{4}-\d{2}-\d{2}) at/.exec((await slot.getAttribute('aria-label')) ?? '')?.[1];
  expect(bookedDay).toBeDefined();
  await slot.click();
  const modal = page.getByRole('dialog', { name: 'Book appointment' });
  const dateTime = modal.getByTestId('appointment-date-time');
  await expect(dateTime).toHaveValue(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)$/);
  await expect(modal.getByRole('radio', { name: '15 min' })).toBeChecked();
  const attorney = await modal.getByRole('combobox', { name: 'Attorney' }).inputValue();
  const when = await dateTime.inputValue();
  await expect(modal.getByRole('button', { name: 'Book' })).toBeEnabled();
  await shoot(page, 'booking-modal');
  expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

  // The saved row as the server answered it (SPEC §3 appointment row: id, stage, apptStatus).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/appointment',
  );
  // Toasts close after 1.5 s (SPEC §9): the page notes them as they show.
  const toasts = await watchMoments(page, {
    booked: toast('Appointment has been booked successfully'),
    welcome: toast('Welcome text sent to the client.'),
  });
  await modal.getByRole('button', { name: 'Book' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  const booked = (await response.json()) as {
    id: string;
    appointmentDateTime: string;
    stageId: number;
    apptStatus: ApptStatus;
    welcomeText: string;
  };
  // The welcome SMS box was ticked (the client allows auto-text, the local simulator delivers): a
  // second toast says what became of it.
  expect(booked.welcomeText).toBe('SENT');
  await expect.poll(async () => Object.values(await toasts()).every((t) => t.shown !== null)).toBe(true);
  // Toasts close after 1.5 s (SPEC §9), so both widths are taken at once.
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.screenshot({ path: path.join(dir, `booked-toasts-${width}.png`) });
  }
  await setWidth(page, WIDE);
  await expect(modal).toBeHidden();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/communication/lead/${first}$`));
  await expect(panel.getByTestId('inquiry-appointment')).toContainText('15 min');

  // It is in the attorney's week view. The calendar opens on this week (Sunday to Saturday); the drawer's
  // first week skips a weekend (SPEC §4), so on a Saturday its next week is two calendar weeks on: the
  // calendar is moved on, a week at a time, until the booked day is one of its columns.
  await panel.getByRole('button', { name: 'Attorney availability' }).click();
  await drawer.getByRole('button', { name: 'Next week' }).click();
  await drawer
    .getByRole('button', { name: `Calendar of ${attorney.split(' · ')[0]}` })
    .first()
    .click();
  const calendarModal = page.getByRole('dialog', { name: /^Calendar · / });
  await expect(calendarModal.locator('.fc-timeGridWeek-view')).toBeVisible();
  // Once the office's zone is known the grid is on the office's today (it may start again on it then).
  await expect(calendarModal.getByTestId('calendar-zone')).toContainText('times in');
  const firstColumn = calendarModal.locator('.fc-col-header-cell').first();
  const bookedColumn = calendarModal.locator(`.fc-col-header-cell[data-date="${bookedDay}"]`);
  for (let week = 0; week < 3 && (await bookedColumn.count()) === 0; week++) {
    const shown = await firstColumn.getAttribute('data-date');
    await calendarModal.getByRole('button', { name: 'Next' }).click();
    await expect(firstColumn).not.toHaveAttribute('data-date', shown ?? '');
  }
  await expect(bookedColumn).toHaveCount(1);
  const block = calendarModal.locator(`[data-appointment-id="${booked.id}"]`);
  await expect(block).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(calendarModal).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // … and in the set list, its row in the colour SPEC §4 gives it.
  const colour = appointmentRowColour(booked);
  await page.goto('/appointments/set');
  const row = page.getByRole('table', { name: 'Set appointments' }).getByRole('row', { name: new RegExp(firstName) });
  await expect(row).toBeVisible();
  // A new appointment is NOT_CALLED: red until someone confirms it.
  expect(colour).toBe('red');
  expect(await row.getAttribute('style')).toContain(`--mantine-color-${colour}-light`);

  // The same attorney and time for another lead: the database refuses the overlap (SPEC §5).
  await page.goto(`/communication/lead/${second}`);
  await page.getByRole('region', { name: 'Appointment' }).getByRole('button', { name: 'Book appointment' }).click();
  const again = page.getByRole('dialog', { name: 'Book appointment' });
  await again.getByRole('combobox', { name: 'Attorney' }).click();
  await page.getByRole('option', { name: attorney }).click();
  await again.getByTestId('appointment-date-time').fill(when);
  await again.getByText('15 min', { exact: true }).click();
  await again.getByRole('button', { name: 'Book' }).click();
  await expect(again.getByRole('alert')).toContainText('Event already scheduled for this date and time');
  await expect(again).toBeVisible();
});

test('a client with auto-text off: the welcome SMS is disabled and says why on hover', async ({ page }) => {
  await signIn(page, USERS.operator);
  const lead = await createLead(page, `NoText${Date.now()}`, false);
  await page.goto(`/communication/lead/${lead}`);
  await page.getByRole('region', { name: 'Appointment' }).getByRole('button', { name: 'Book appointment' }).click();
  const modal = page.getByRole('dialog', { name: 'Book appointment' });
  const checkbox = modal.getByRole('checkbox', { name: 'Send welcome SMS' });
  await expect(checkbox).toBeDisabled();
  await expect(checkbox).not.toBeChecked();
  await modal.getByTestId('welcome-sms-wrapper').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Client has auto-text disabled. Please enable to modify');
  // Nothing chosen yet: Book stays disabled.
  await expect(modal.getByRole('button', { name: 'Book' })).toBeDisabled();
});
