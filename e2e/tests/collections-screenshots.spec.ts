import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the collections screens at 1280 px and 800 px, for people to look at (e2e/screenshots/, git-ignored),
// each checked for serious accessibility violations. Signed in as the seeded collector.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shootAtEachWidth(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
}

/** Neither screen may scroll sideways: only a table scrolls inside its own box. */
async function expectNoPageScroll(page: Page): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than the window at ${width} px`).toBeLessThanOrEqual(0);
  }
}

test('all accounts: the list with colours, totals, filters, the bulk assign and the export menu', async ({ page }) => {
  await signIn(page, USERS.collector, '/collections/all-accounts');
  const table = page.getByTestId('accounts-table');
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await expect(table.getByTestId('data-table-totals')).toBeVisible();
  await expectNoPageScroll(page);
  await shootAtEachWidth(page, 'collections-all-accounts');
  expect(await seriousViolations(page)).toEqual([]);

  await setWidth(page, WIDE);
  await table.getByRole('checkbox').nth(0).check();
  await table.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: /^Assign to… \(2\)/ }).click();
  await expect(page.getByRole('form', { name: 'Assign accounts' })).toBeVisible();
  await shootAtEachWidth(page, 'collections-assign', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'PDF report' })).toBeVisible();
  await shootAtEachWidth(page, 'collections-export-menu', false);
  await page.keyboard.press('Escape');
});

test("all accounts drilled down from the dashboard: the figure's filters as chips above the list", async ({ page }) => {
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  await signIn(
    page,
    USERS.collector,
    `/collections/all-accounts?status=ACTIVE,REVIEW,ESCALATION,PAYMENT_PLAN&balanceFrom=1&today=${today}&aging=0-30&plan=ACTIVE&paidFrom=${monthStart}&paidTo=${today}`,
  );
  const chips = page.getByRole('group', { name: 'Dashboard filters' });
  await expect(chips.getByText(/^Aging 0–30 days/)).toBeVisible();
  await expect(chips.getByText('Plan active')).toBeVisible();
  await expect(page.getByTestId('accounts-table').getByTestId('data-table-totals')).toBeVisible();
  await expectNoPageScroll(page);
  await shootAtEachWidth(page, 'collections-all-accounts-drilled');
  expect(await seriousViolations(page)).toEqual([]);

  await setWidth(page, WIDE);
  await chips.getByRole('button', { name: 'Remove Plan active' }).click();
  await expect(page).not.toHaveURL(/plan=ACTIVE/);
  await expect(page).toHaveURL(/aging=0-30/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(chips).toBeHidden();
  await expect(page).toHaveURL(/\/collections\/all-accounts$/);
});

test('account detail: header, plan, activity, status history and the edit form', async ({ page }) => {
  await signIn(page, USERS.collector, '/collections/all-accounts');
  const table = page.getByTestId('accounts-table');
  // The totals row shows once the rows are the server's, not the loading placeholders.
  await expect(table.getByTestId('data-table-totals')).toBeVisible();
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/collections\/account-detail\//);
  await expect(page.getByTestId('account-title')).toBeVisible();
  await expect(page.getByTestId('payment-plan-panel')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expectNoPageScroll(page);
  await shootAtEachWidth(page, 'collections-account-detail');
  expect(await seriousViolations(page)).toEqual([]);

  await setWidth(page, WIDE);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit account' })).toBeVisible();
  await shootAtEachWidth(page, 'collections-account-edit', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  const create = page.getByRole('button', { name: 'Create plan' });
  if (await create.isVisible()) {
    await create.click();
    const form = page.getByRole('form', { name: 'New payment plan' });
    await form.getByRole('textbox', { name: /^Instalment Amount/ }).fill('100');
    await expect(form.getByTestId('plan-preview')).toBeVisible();
    await shootAtEachWidth(page, 'collections-plan-create', false);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('collection management: every tab, and the contact-rule and rotation forms', async ({ page }) => {
  // SPEC §6: collection management is the ADMIN role's.
  await signIn(page, USERS.admin, '/collections/collection-management?collection=holidays');
  await expect(page.getByRole('tab', { name: 'Holidays', selected: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add holiday' })).toBeVisible();
  const tabs: [string, string, () => Promise<void>][] = [
    ['holidays', 'Holidays', () => expect(page.getByRole('form', { name: 'Add holiday' })).toBeVisible()],
    ['statuses', 'Statuses', () => expect(page.getByRole('table', { name: 'Collection statuses' })).toBeVisible()],
    [
      'contact-rules',
      'Contact rules',
      () =>
        expect(page.getByRole('table', { name: 'Rule changes' }).or(page.getByText('No changes yet'))).toBeVisible(),
    ],
    [
      'assignment-rules',
      'Assignment rules',
      () => expect(page.getByRole('table', { name: 'Assignment rules' })).toBeVisible(),
    ],
    ['workflows', 'Workflows', () => expect(page.getByRole('heading', { name: 'Workflows' })).toBeVisible()],
    [
      'access',
      'Access control',
      () => expect(page.getByTestId('collection-access-table').getByRole('row').nth(2)).toBeVisible(),
    ],
  ];
  for (const [query, name, loaded] of tabs) {
    await setWidth(page, WIDE);
    await page.getByRole('tab', { name }).click();
    await expect(page).toHaveURL(`/collections/collection-management?collection=${query}`);
    await loaded();
    await expectNoPageScroll(page);
    await shootAtEachWidth(page, `collections-management-${query}`);
    expect(await seriousViolations(page), query).toEqual([]);
  }

  await setWidth(page, WIDE);
  await page.getByRole('tab', { name: 'Contact rules' }).click();
  await page.getByRole('button', { name: 'Edit Massachusetts (MA)' }).click();
  await expect(page.getByRole('form', { name: 'Edit Massachusetts (MA)' })).toBeVisible();
  await shootAtEachWidth(page, 'collections-management-contact-rule-form', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await setWidth(page, WIDE);
  await page.getByRole('tab', { name: 'Assignment rules' }).click();
  await page
    .getByRole('button', { name: /^Edit the rotation of / })
    .first()
    .click();
  await expect(page.getByRole('form', { name: /^Rotation of / })).toBeVisible();
  await shootAtEachWidth(page, 'collections-management-rotation-form', false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
});
