import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the leads list and the inquiry screen at 1280 px and 800 px, for people to look at
// (e2e/screenshots/, git-ignored).
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

test('leads list and a lead (no serious accessibility violations), and a new lead with errors', async ({ page }) => {
  await signIn(page, USERS.operator, '/communication/leads');
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.getByRole('row').nth(5)).toBeVisible();
  await shootAtEachWidth(page, 'inquiries-leads');
  expect(await seriousViolations(page)).toEqual([]);

  // A seeded lead with a law type (a lead another spec is creating right now may have none yet).
  await table.getByRole('row').filter({ hasText: 'Personal Injury' }).first().click();
  await expect(page).toHaveURL(/\/communication\/lead\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^Lead · / })).toBeVisible();
  await expect(page.getByTestId('intake-questions')).toBeVisible();
  await shootAtEachWidth(page, 'inquiries-lead');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/newLead/inquiry/new');
  const client = page.getByRole('region', { name: 'Client', exact: true });
  await client.getByLabel('First Name').fill('Jonathan');
  await client.getByLabel('Last Name').fill('S');
  await client.getByLabel('Email').fill('jon@');
  await client.getByLabel('Date Of Birth').fill('02-30-1990');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(client.getByText('* Email must be a valid email.')).toBeVisible();
  await shootAtEachWidth(page, 'inquiries-new-lead-errors');
});
