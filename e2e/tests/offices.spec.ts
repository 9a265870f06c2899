import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

/** Screenshots to look at; outside the repo (like e2e/screenshots, nothing to commit). */
const SHOTS = process.env.OFFICES_SHOTS_DIR ?? path.join('/tmp', 'shots-offices');
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    // From the top: a full-page picture of a scrolled page paints the sticky header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await setWidth(page, WIDE);
}

/** Ten digits unique to this run, so repeated runs on one database never clash. */
function digits(stamp: number, prefix: string): string {
  return `${prefix}${String(stamp).slice(-7)}`;
}

test('create an office with a time zone, move an attorney in, and book an appointment in it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.admin, '/management/office');
  const table = page.getByRole('table', { name: 'Offices' });
  await expect(table.getByRole('row', { name: /^Los Angeles/ })).toBeVisible();
  await shoot(page, 'offices-list');
  expect(await seriousViolations(page)).toEqual([]);

  // New office, in Arizona's zone (no daylight saving there, unlike the browser's UTC or the seeded offices).
  const stamp = Date.now();
  const name = `Tucson ${stamp}`;
  await page.getByRole('button', { name: 'New office' }).click();
  const form = page.getByRole('form', { name: 'New office' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Phone/ }).fill(digits(stamp, '520'));
  await form.getByRole('textbox', { name: /^SMS Number/ }).fill(digits(stamp, '521'));
  await form.getByRole('textbox', { name: /^Outbound Caller Id/ }).fill(digits(stamp, '522'));
  await form.getByRole('textbox', { name: /^City/ }).fill('Tucson');
  await form.getByRole('textbox', { name: /^State/ }).fill('AZ');
  const zone = form.getByRole('combobox', { name: /^Time Zone/ });
  await zone.click();
  await zone.fill('America/Phoenix');
  await page.getByRole('option', { name: 'America/Phoenix', exact: true }).click();
  await form.getByRole('button', { name: 'Create office' }).click();

  await expect(page).toHaveURL(/\/management\/office\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('America/Phoenix', { exact: false }).first()).toBeVisible();

  // A booking is made with an attorney, and the appointment is in the attorney's office: the office page
  // lets its manager bring an attorney of another office in (PUT /office/{officeId}/attorney).
  const attorneys = page.getByRole('region', { name: /^Attorneys/ });
  await expect(attorneys.getByText('No attorney works for this office yet.')).toBeVisible();
  const chooser = attorneys.getByRole('combobox', { name: 'Add an attorney from another office' });
  await chooser.click();
  const option = page.getByRole('option').first();
  const label = (await option.textContent())!;
  const attorneyName = label.replace(/ \(.*\)$/, '');
  await option.click();
  await attorneys.getByRole('button', { name: 'Add attorney' }).click();
  await expect(attorneys.getByRole('link', { name: attorneyName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Holidays' }).getByText('Christmas Day')).toBeVisible();
  await shoot(page, 'office-page');
  expect(await seriousViolations(page)).toEqual([]);

  // A lead, then a slot of that attorney next week (every weekday of it is in the future).
  const lead = await page.request.post('/api/v1/inquiry', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { client: { firstName: 'Office', lastName: `Booking${stamp}`, primaryNumber: '5205550142' } },
  });
  expect(lead.ok(), await lead.text()).toBe(true);
  const inquiryId = ((await lead.json()) as { id: string }).id;
  await page.goto(`/communication/lead/${inquiryId}`);
  const panel = page.getByRole('region', { name: 'Appointment' });
  await panel.getByRole('button', { name: 'Attorney availability' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attorney Availability' });
  await drawer.getByRole('button', { name: 'Next week' }).click();
  await expect(drawer.getByTestId('availability-table')).toHaveAttribute('aria-busy', 'false');
  await drawer
    .getByRole('button', { name: new RegExp(`^Book ${attorneyName} on `) })
    .first()
    .click();

  const modal = page.getByRole('dialog', { name: 'Book appointment' });
  await expect(modal.getByRole('button', { name: 'Book' })).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/appointment',
  );
  await modal.getByRole('button', { name: 'Book' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  const booked = (await response.json()) as { officeName: string; attorneyName: string };
  expect(booked).toMatchObject({ officeName: name, attorneyName });
  await expect(modal).toBeHidden();
});
