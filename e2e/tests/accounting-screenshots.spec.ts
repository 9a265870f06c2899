import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the accounting screens at 1280 px and 800 px, for people to look at (e2e/screenshots/,
// git-ignored), each checked for serious accessibility violations. The demo seed has three months of cash flow.
// The office-entered view opens on its office's day, as the demo enters today's payments: the browser keeps
// New York time while the first office (Call Center) keeps Pacific time, so after midnight in New York the two
// days differ and the view must still open on the office's.
test.use({ timezoneId: 'America/New_York' });

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
}

test('cash flow: the list with totals, Add payment, the office-entered view and a payment', async ({ page }) => {
  await signIn(page, USERS.admin, '/accounting/cash-flow');
  const table = page.getByTestId('cash-flow-table');
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await expect(table.getByTestId('data-table-totals')).toBeVisible();
  await shootAtEachWidth(page, 'accounting-cash-flow');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'PDF report' })).toBeVisible();
  await shootAtEachWidth(page, 'accounting-cash-flow-export-menu', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: 'Add payment' }).click();
  await expect(page.getByRole('form', { name: 'New payment' })).toBeVisible();
  await shootAtEachWidth(page, 'accounting-add-payment', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByText('Office entered', { exact: true }).click();
  await expect(page).toHaveURL(/cashflow=office/);
  await expect(page.getByRole('table', { name: 'Totals by payment type' })).toBeVisible();
  await expect(page.getByTestId('office-entered-table').getByRole('row').nth(1)).toBeVisible();
  await shootAtEachWidth(page, 'accounting-office-entered');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('office-entered-table').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/payment\//);
  await expect(page.getByRole('heading', { name: /^Payment/ })).toBeVisible();
  await shootAtEachWidth(page, 'accounting-payment');
  expect(await seriousViolations(page)).toEqual([]);
});

test('reconciliation: a month of office days, the summary and the reopen form', async ({ page }) => {
  await signIn(page, USERS.admin, '/accounting/cash-flow-recon');
  const table = page.getByTestId('recon-table');
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await expect(page.getByLabel('Month summary')).toBeVisible();
  await shootAtEachWidth(page, 'accounting-recon');
  expect(await seriousViolations(page)).toEqual([]);

  await table.getByRole('button', { name: 'Reopen' }).first().click();
  await expect(page.getByRole('form', { name: 'Reopen day' })).toBeVisible();
  await shootAtEachWidth(page, 'accounting-recon-reopen', false);
  expect(await seriousViolations(page)).toEqual([]);
});

test('cash-flow management: users and their access, the edit form and the payment types', async ({ page }) => {
  await signIn(page, USERS.admin, '/accounting/cash-flow-management');
  const table = page.getByTestId('cash-flow-access-table');
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await expect(page.getByLabel('Payment types')).toContainText('Money order');
  await shootAtEachWidth(page, 'accounting-cash-flow-management');
  expect(await seriousViolations(page)).toEqual([]);

  await table
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('form', { name: 'Edit cash-flow access' })).toBeVisible();
  await shootAtEachWidth(page, 'accounting-cash-flow-management-edit', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
});
