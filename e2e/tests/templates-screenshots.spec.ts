import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: collection management's Templates tab and its form at 1280 px and 800 px, for people to look at
// (e2e/screenshots/, git-ignored), each checked for serious accessibility violations. Signed in as the admin.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
}

test('templates: the list by type, and the form with a live preview and the opt-out refusal', async ({ page }) => {
  await signIn(page, USERS.admin, '/collections/collection-management?collection=templates');
  const table = page.getByRole('table', { name: 'Templates' });
  await expect(table.getByRole('row', { name: /Balance notice/ })).toBeVisible();
  await shootAtEachWidth(page, 'collections-templates');
  expect(await seriousViolations(page)).toEqual([]);

  await setWidth(page, WIDE);
  await table.getByRole('button', { name: 'Edit Balance notice' }).click();
  const form = page.getByRole('form', { name: 'Edit template' });
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option').first().click();
  const preview = form.getByTestId('template-preview-content');
  await expect(preview).not.toContainText('@clientFirstName');
  const content = form.getByRole('textbox', { name: 'Content' });
  await content.fill('Hi @clientFirstName, your balance is @balance. Your next payment is @payment on @dueDate.');
  await expect(form.getByTestId('template-preview-problem')).toBeVisible();
  await shootAtEachWidth(page, 'collections-template-form', false);
  expect(await seriousViolations(page)).toEqual([]);
});
