import { expect, test, type Page } from '@playwright/test';
import { USERS } from './support/session.ts';
import {
  NARROW,
  openSidebar,
  quickActions,
  readSidebar,
  readTopMenu,
  setWidth,
  signedInPage,
  topMenu,
  WIDE,
  type MenuListing,
} from './support/shell.ts';

/**
 * SPEC §2 menu groups, each item shown only with its permission (SPEC §6). The expected menus follow
 * from the seeded grants in apps/server/src/seed/permission-profiles.ts; a change there that alters
 * who sees what must change these lists too.
 */
const EVERYTHING: MenuListing = {
  Dashboard: ['Call Center', 'Office', 'Corporate'],
  Accounting: ['Cash Flow', 'Recon', 'Trust', 'Management'],
  Communication: ['Leads', 'Calls', 'SMS', 'Mail', 'Reporting'],
  Appointments: ['Set', 'All', 'PI', 'By Week'],
  Marketing: ['Tracking Lines'],
  Management: ['Office', 'Attorney', 'Litigation Calendar', 'Search Client'],
  Collections: ['Dashboard', 'Management', 'All Accounts', 'Reporting'],
  'Admin Panel': ['User Access'],
};

const EXPECTED: { user: keyof typeof USERS; menu: MenuListing; quickActions: string[] }[] = [
  { user: 'admin', menu: EVERYTHING, quickActions: ['Send Text', 'User Directory', 'Attorney Availability'] },
  {
    user: 'manager',
    menu: {
      Dashboard: ['Office'],
      Accounting: ['Cash Flow', 'Recon', 'Trust'],
      Communication: ['Leads', 'Calls', 'SMS', 'Mail', 'Reporting'],
      Appointments: ['Set', 'All', 'PI', 'By Week'],
      Management: ['Office', 'Attorney', 'Litigation Calendar', 'Search Client'],
      // COLLECTIONS_DASHBOARD with the MANAGER role condition; no management or reporting grant.
      Collections: ['Dashboard', 'All Accounts'],
    },
    quickActions: ['Send Text', 'User Directory', 'Attorney Availability'],
  },
  {
    user: 'operator',
    menu: {
      Dashboard: ['Call Center'],
      Communication: ['Leads', 'Calls', 'SMS', 'Mail'],
      Appointments: ['Set', 'All', 'By Week'],
      Management: ['Search Client'],
    },
    quickActions: ['Send Text', 'User Directory', 'Attorney Availability'],
  },
  {
    user: 'attorney',
    menu: {
      Dashboard: ['Office'],
      Appointments: ['All'],
      Management: ['Attorney', 'Litigation Calendar', 'Search Client'],
    },
    // No SMS grant: no Send Text.
    quickActions: ['User Directory', 'Attorney Availability'],
  },
  {
    user: 'collector',
    menu: {
      Dashboard: ['Office'],
      Communication: ['SMS', 'Mail'],
      Management: ['Search Client'],
      // ALL_ACCOUNTS opens the collections dashboard with the collector's own figures.
      Collections: ['Dashboard', 'All Accounts'],
    },
    // No ATTORNEY_AVAILABILITY grant.
    quickActions: ['Send Text', 'User Directory'],
  },
];

const actionLabels = (page: Page) =>
  quickActions(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));

for (const { user, menu, quickActions: actions } of EXPECTED) {
  test.describe(`menu of ${user}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    test.beforeAll(async ({ browser }, testInfo) => {
      page = await signedInPage(browser, testInfo, USERS[user]);
    });
    test.afterAll(() => page.close());

    test(`${user} sees exactly the menu items and quick actions their permissions allow`, async () => {
      await setWidth(page, WIDE);
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
      expect(await readTopMenu(page)).toEqual(menu);
      expect(await actionLabels(page)).toEqual(actions);

      await setWidth(page, NARROW);
      await expect(topMenu(page)).toHaveCount(0);
      expect(await readSidebar(page)).toEqual(menu);
      expect(await actionLabels(page)).toEqual(actions);
      await page.keyboard.press('Escape');
      await setWidth(page, WIDE);
    });

    if (user === 'admin') {
      test('the active item follows the URL in the top menu and in the sidebar', async () => {
        await activeItemFollowsUrl(page);
      });
    }
  });
}

async function activeItemFollowsUrl(page: Page) {
  await page.goto('/dashboard');
  await setWidth(page, WIDE);

  // Choosing an item navigates and marks it (and only it) as the current page.
  await topMenu(page).getByRole('menuitem', { name: 'Appointments' }).click();
  await page.getByRole('menu', { name: 'Appointments' }).getByRole('menuitem', { name: 'PI' }).click();
  await expect(page).toHaveURL('/appointments/pi');
  await expect(page.getByRole('heading', { name: 'PI appointments' })).toBeVisible();
  await expect(topMenu(page).getByRole('menuitem', { name: 'Appointments' })).toHaveAttribute('data-current', 'true');
  await expect(topMenu(page).locator('[data-current]')).toHaveCount(1);
  await topMenu(page).getByRole('menuitem', { name: 'Appointments' }).click();
  const appointments = page.getByRole('menu', { name: 'Appointments' });
  await expect(appointments.getByRole('menuitem', { name: 'PI' })).toHaveAttribute('aria-current', 'page');
  await expect(appointments.locator('[aria-current]')).toHaveCount(1);
  await page.keyboard.press('Escape');

  // A detail screen keeps its list's item current; so does typing the URL.
  await page.goto('/collections/account-detail/42');
  await expect(page.getByRole('alert').getByText('Account not found')).toBeVisible();
  await expect(topMenu(page).getByRole('menuitem', { name: 'Collections' })).toHaveAttribute('data-current', 'true');
  await topMenu(page).getByRole('menuitem', { name: 'Collections' }).click();
  await expect(
    page.getByRole('menu', { name: 'Collections' }).getByRole('menuitem', { name: 'All Accounts' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');

  await setWidth(page, NARROW);
  let sidebar = await openSidebar(page);
  await expect(sidebar.getByRole('link', { name: 'All Accounts' })).toHaveAttribute('aria-current', 'page');
  await sidebar.getByRole('button', { name: 'Management' }).click();
  await sidebar.getByRole('link', { name: 'Litigation Calendar' }).click();
  // Choosing an item closes the overlay sidebar.
  await expect(sidebar).toBeHidden();
  await expect(page).toHaveURL('/management/litigation-calendar');
  sidebar = await openSidebar(page);
  await expect(sidebar.getByRole('link', { name: 'Litigation Calendar' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  // Esc closes the sidebar too.
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
}
