import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectLoginPage, signIn, USERS } from './support/session.ts';
import { NARROW, openSidebar, setWidth, topMenu, WIDE } from './support/shell.ts';

// DESIGN §4: the app works at 1280 px (top menu) and 800 px (sidebar). Kept for people to look at
// (e2e/screenshots/, git-ignored).
const WIDTHS = [WIDE, NARROW] as const;
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // menus, popovers and drawers fade or slide in
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function shootAtEachWidth(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await setWidth(page, width);
    await shoot(page, `${name}-${width}`);
  }
}

test('login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expectLoginPage(page);
  await shootAtEachWidth(page, 'login');
});

const SHELL_USERS = ['admin', 'manager', 'operator', 'attorney', 'collector'] as const;

async function shootShell(page: Page, user: string): Promise<void> {
  await expect(page.locator('[data-testid^="figure-"]').first()).toBeVisible();
  await setWidth(page, WIDE);
  await shoot(page, `shell-${user}-${WIDE}`);
  await topMenu(page).getByRole('menuitem').first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shoot(page, `shell-${user}-${WIDE}-menu-open`);
  await page.keyboard.press('Escape');

  await setWidth(page, NARROW);
  await shoot(page, `shell-${user}-${NARROW}`);
  await openSidebar(page);
  await shoot(page, `shell-${user}-${NARROW}-sidebar-open`);
  await page.keyboard.press('Escape');
  await setWidth(page, WIDE);
}

/** Drawers, popovers and the user menu at both widths. */
async function shootOverlays(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await setWidth(page, width);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await shoot(page, `user-menu-${width}`);
    await page.keyboard.press('Escape');

    // The list as it stands: other specs on the same server may have notified this user (a client's text).
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(
      page
        .getByText('No notifications')
        .or(page.getByRole('button', { name: 'Clear all' }))
        .first(),
    ).toBeVisible();
    await shoot(page, `notifications-${width}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Send Text' }).click();
    await expect(page.getByRole('dialog', { name: 'Send Text' })).toBeVisible();
    await shoot(page, `send-text-${width}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Send Text' })).toBeHidden();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change click to call' }).click();
    await expect(page.getByRole('dialog', { name: 'Change click to call' })).toBeVisible();
    await shoot(page, `click-to-call-${width}`);
    await page.keyboard.press('Escape');

    await page.getByRole('combobox', { name: 'Search Client' }).fill('smith');
    await expect(page.getByRole('listbox', { name: 'Clients found' })).toBeVisible();
    await shoot(page, `client-search-${width}`);
    await page.getByRole('combobox', { name: 'Search Client' }).fill('');
    await page.keyboard.press('Escape');
  }
  await setWidth(page, WIDE);
}

for (const user of SHELL_USERS) {
  test(`shell of ${user}`, async ({ page }) => {
    await signIn(page, USERS[user]);
    await shootShell(page, user);

    if (user === 'manager') await shootOverlays(page);

    if (user === 'operator') {
      await page.goto('/admin-panel/user-access');
      await expect(page.getByTestId('access-denied-message')).toBeVisible();
      await shootAtEachWidth(page, 'access-denied-route');
    }

    if (user === 'admin') {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/communication/leads');
      await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
      await shootAtEachWidth(page, 'dark');
      await page.emulateMedia({ colorScheme: 'light' });

      await page.goto('/dashboard');
      await expect(page.locator('[data-testid^="figure-"]').first()).toBeVisible();
      await shootAtEachWidth(page, 'dashboard');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
      await shootAtEachWidth(page, 'logged-out');
    }
  });
}

test('access denied', async ({ page }) => {
  await signIn(page, USERS.disabled);
  await expect(page.getByTestId('access-denied-message')).toBeVisible();
  await shootAtEachWidth(page, 'access-denied');
});
