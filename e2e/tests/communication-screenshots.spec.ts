import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the communication screens at 1280 px and 800 px, for people to look at (e2e/screenshots/,
// git-ignored), each checked for serious accessibility violations.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
}

test('calls, SMS and reporting lists', async ({ page }) => {
  await signIn(page, USERS.admin, '/communication/calls');
  await expect(page.getByRole('table', { name: 'Calls' }).getByRole('row').nth(5)).toBeVisible();
  await shootAtEachWidth(page, 'communication-calls');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/communication/sms');
  await expect(page.getByRole('table').getByRole('row').nth(5)).toBeVisible();
  await shootAtEachWidth(page, 'communication-sms');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/communication/reporting');
  await expect(page.getByTestId('call-summary')).toBeVisible();
  await expect(page.getByTestId('appointment-summary')).toBeVisible();
  await expect(page.getByTestId('review-report')).toBeVisible();
  await expect(page.getByTestId('chat-count-summary')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Appointment summary' }).getByRole('row').nth(1)).toBeVisible();
  await page.waitForTimeout(500);
  await shootAtEachWidth(page, 'communication-reporting');
  expect(await seriousViolations(page)).toEqual([]);
});

test('send-text drawer, click-to-call modal, phone simulator and the bell', async ({ page }) => {
  await signIn(page, USERS.operator, '/communication/calls');
  await page.getByTestId('quick-action-sendText').click();
  const drawer = page.getByRole('dialog', { name: 'Send Text Message' });
  await expect(drawer.getByTestId('text-submit')).toBeVisible();
  await shootAtEachWidth(page, 'communication-text-drawer', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('main').getByRole('button', { name: 'Call', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Click to call' })).toBeVisible();
  await shootAtEachWidth(page, 'communication-click-to-call', false);
  await page.keyboard.press('Escape');

  await page.goto('/tools/phone-simulator');
  await expect(page.getByRole('form', { name: 'Inbound text' })).toBeVisible();
  await shootAtEachWidth(page, 'communication-phone-simulator');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await shootAtEachWidth(page, 'communication-bell', false);
});
