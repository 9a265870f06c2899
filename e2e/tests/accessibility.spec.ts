import { expect, test, type Page } from '@playwright/test';
import { USERS } from './support/session.ts';
import { NARROW, openSidebar, seriousViolations, setWidth, signedInPage, topMenu, WIDE } from './support/shell.ts';

/** axe-core through Playwright: no serious or critical violation (an acceptance criterion). */
test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await signedInPage(browser, testInfo, USERS.manager);
  });
  test.afterAll(() => page.close());

  test('the shell at 1280 px, with the top menu, notifications and user menu open', async () => {
    await page.goto('/dashboard');
    await setWidth(page, WIDE);
    await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await topMenu(page).getByRole('menuitem', { name: 'Communication' }).click();
    await expect(page.getByRole('menu', { name: 'Communication' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('the shell at 800 px, with the sidebar open', async () => {
    await page.goto('/dashboard');
    await setWidth(page, NARROW);
    await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const sidebar = await openSidebar(page);
    await sidebar.getByRole('button', { name: 'Collections' }).click();
    await expect(sidebar.getByRole('link', { name: 'All Accounts' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await setWidth(page, WIDE);
  });

  test('the Access Denied screen', async () => {
    await page.goto('/admin-panel/user-access');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the User Directory and User Profile drawers', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'User Directory' }).click();
    const directory = page.getByRole('dialog', { name: 'User Directory' });
    await expect(directory).toBeVisible();
    await expect(directory.getByRole('table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(directory).toBeHidden();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'User Profile' });
    await expect(profile).toBeVisible();
    await expect(profile.getByLabel('Name')).not.toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
  });

  test('the quick-action frames and the click-to-call modal', async () => {
    await page.goto('/dashboard');
    for (const name of ['Send Text', 'Attorney Availability']) {
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name })).toBeHidden();
    }
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change click to call' }).click();
    await expect(page.getByRole('dialog', { name: 'Change click to call' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('the dark colour scheme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/communication/leads');
    await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'User Directory' }).click();
    await expect(page.getByRole('dialog', { name: 'User Directory' }).getByRole('table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
