import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/** SPEC §2 quick action User Directory opens its drawer. */
async function openDirectory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'User Directory' }).click();
  const drawer = page.getByRole('dialog', { name: 'User Directory' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'User directory' })).toBeVisible();
  return drawer;
}

const bodyRows = (drawer: Locator) =>
  drawer.getByRole('table', { name: 'User directory' }).locator('tbody tr[aria-rowindex]');

/** The text of one column (0-based) in every shown row. */
async function columnTexts(drawer: Locator, column: number): Promise<string[]> {
  return bodyRows(drawer).evaluateAll(
    (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent?.trim() ?? ''),
    column,
  );
}

/** The database sorts text in the C collation (PGlite's and our PostgreSQL's default): by code unit. */
const sorted = (values: string[], order: 'asc' | 'desc') => {
  const copy = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return order === 'asc' ? copy : copy.reverse();
};
const isSorted = async (drawer: Locator, column: number, order: 'asc' | 'desc') => {
  const values = await columnTexts(drawer, column);
  return values.length > 0 && values.join('\n') === sorted(values, order).join('\n');
};

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.operator);
});

test('lists 10 colleagues per page, by name ascending, and pages on', async ({ page }) => {
  const drawer = await openDirectory(page);
  await expect(bodyRows(drawer)).toHaveCount(10);
  await expect(drawer.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  for (const header of ['Email', 'Phone', 'Extension', 'Location']) {
    await expect(drawer.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const names = await columnTexts(drawer, 0);
  expect(names).toEqual(sorted(names, 'asc'));
  const range = drawer.getByTestId('directory-range');
  await expect(range).toHaveText(/^1–10 of \d+$/);
  const total = Number((await range.textContent())!.split(' of ')[1]);
  await drawer.getByRole('button', { name: 'Page 2' }).click();
  await expect(range).toHaveText(`11–${Math.min(20, total)} of ${total}`);
  expect(await columnTexts(drawer, 0)).not.toContain(names[0]);
});

test('searches by name', async ({ page }) => {
  const drawer = await openDirectory(page);
  await drawer.getByLabel('Search').fill('morgan');
  await expect(bodyRows(drawer)).toHaveCount(1);
  await expect(bodyRows(drawer).first()).toContainText('Morgan Manager');
  await expect(bodyRows(drawer).first()).toContainText(USERS.manager);
  await drawer.getByLabel('Search').fill('nobody-by-this-name');
  await expect(drawer.getByTestId('data-table-empty')).toContainText('No users match');
});

test('searches by phone digits, shown with the phone mask', async ({ page }) => {
  const drawer = await openDirectory(page);
  await expect(bodyRows(drawer)).toHaveCount(10);
  const [name] = await columnTexts(drawer, 0);
  const [phone] = await columnTexts(drawer, 2);
  // SPEC §5: phones shown as (###) ###-####.
  expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  const digits = phone!.replace(/\D/g, '');
  await drawer.getByLabel('Search').fill(digits.slice(3));
  await expect(bodyRows(drawer).filter({ hasText: name! })).toHaveCount(1);
  await expect(bodyRows(drawer).first().locator('td').nth(2)).toContainText(digits.slice(6));
});

test('sorts by a column: ascending, descending, then back to the default order', async ({ page }) => {
  const drawer = await openDirectory(page);
  await expect(bodyRows(drawer)).toHaveCount(10);
  const defaultNames = await columnTexts(drawer, 0);
  const email = drawer.getByRole('columnheader', { name: 'Email' });

  const ascending = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/directory') && r.method() === 'POST');
  await email.getByRole('button').click();
  expect((await ascending).postDataJSON()).toMatchObject({ sortBy: 'mail', sortOrder: 'ASC', pageSize: 10 });
  await expect(email).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => isSorted(drawer, 1, 'asc')).toBe(true);

  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => isSorted(drawer, 1, 'desc')).toBe(true);

  // SPEC §4: the third click clears the sort; the directory falls back to its default (SPEC §9).
  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => columnTexts(drawer, 0)).toEqual(defaultNames);
});
