import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the marketing screens at 1280 px and 800 px, for people to look at (e2e/screenshots/,
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

test('tracking lines: attribution, unresolved numbers, a type’s lines and the re-map form', async ({ page }) => {
  await signIn(page, USERS.admin, '/marketing/tracking-lines');
  await expect(page.getByTestId('attribution-table').getByRole('row').nth(3)).toBeVisible();
  await shootAtEachWidth(page, 'marketing-attribution');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Unresolved numbers' }).click();
  await expect(page.getByRole('button', { name: /^Map / }).first()).toBeVisible();
  await shootAtEachWidth(page, 'marketing-unresolved');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/marketing/tracking-lines/tv');
  await expect(page.getByRole('button', { name: 'Re-map' }).first()).toBeVisible();
  await shootAtEachWidth(page, 'marketing-type-tv');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Re-map' }).first().click();
  await expect(page.getByRole('form', { name: 'Re-map tracking line' })).toBeVisible();
  await shootAtEachWidth(page, 'marketing-remap-form', false);
  expect(await seriousViolations(page)).toEqual([]);
});
