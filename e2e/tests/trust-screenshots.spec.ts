import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the client trust money screen at 1280 px and 800 px, for people to look at (e2e/screenshots/,
// git-ignored), each state checked for serious accessibility violations. The demo seed has trust deposits,
// disbursements and a signed three-way reconciliation of the last full month in every office.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
}

// The demo offices keep New York time; a UTC browser's day runs ahead of theirs from midnight UTC to 5 a.m.
test.use({ timezoneId: 'America/New_York' });

test('trust: the balances, a ledger, Disburse refused past the balance, the three-way reconciliation', async ({
  page,
}) => {
  await signIn(page, USERS.admin, '/accounting/trust');
  const table = page.getByTestId('trust-ledgers-table');
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await table.getByRole('row').nth(1).click();
  const ledger = page.getByRole('table', { name: 'Ledger entries' });
  await expect(ledger.getByRole('row').nth(1)).toBeVisible();

  // A dollar paid out, so the ledger shows a disbursement with its running balance and Reverse.
  await page.getByRole('button', { name: 'Disburse' }).click();
  const form = page.getByRole('form', { name: 'Disburse' });
  await form.getByRole('textbox', { name: /^Amount/ }).fill('1.00');
  await form.getByRole('textbox', { name: /^Payee/ }).fill('County Superior Court');
  await form.getByRole('textbox', { name: /^Purpose/ }).fill('Copy fee');
  await form.getByRole('button', { name: 'Disburse' }).click();
  await expect(ledger.getByText('County Superior Court · Copy fee').first()).toBeVisible();
  await expect(ledger.getByRole('button', { name: 'Reverse' }).first()).toBeVisible();
  await shootAtEachWidth(page, 'accounting-trust');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Disburse' }).click();
  await form.getByRole('textbox', { name: /^Amount/ }).fill('9999999');
  await form.getByRole('textbox', { name: /^Payee/ }).fill('County Superior Court');
  await form.getByRole('textbox', { name: /^Purpose/ }).fill('Filing fee');
  await form.getByRole('button', { name: 'Disburse' }).click();
  await expect(form.getByText(/in trust; a disbursement of \$9,999,999.00 would take it below zero/)).toBeVisible();
  await shootAtEachWidth(page, 'accounting-trust-disburse', false);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();

  const office = page.getByRole('combobox', { name: 'Office' });
  await office.click();
  await page.getByRole('option').first().click();
  const threeWay = page.getByRole('region', { name: 'Three-way reconciliation' });
  await expect(threeWay.getByText('Signed', { exact: true }).first()).toBeVisible();
  await threeWay.getByRole('textbox', { name: /Bank statement/ }).fill('1000.00');
  await expect(threeWay.getByLabel('Three balances').getByText('$1,000.00')).toBeVisible();
  await shootAtEachWidth(page, 'accounting-trust-three-way');
  expect(await seriousViolations(page)).toEqual([]);
});
