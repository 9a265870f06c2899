import { expect, test, type Page } from '@playwright/test';
import { USERS } from './support/session.ts';
import { NARROW, setWidth, signedInPage, WIDE } from './support/shell.ts';

const MISSING_PERMISSION =
  "You don't have permissions to view this page. If this is an error, please contact IT Support";

test.describe('shell as an operator', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await signedInPage(browser, testInfo, USERS.operator);
  });
  test.afterAll(() => page.close());

  test('a route without its permission shows Access Denied with Go back', async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard/dashboard-call-center');
    await page.goto('/admin-panel/user-access');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByTestId('access-denied-message')).toHaveText(MISSING_PERMISSION);
    // The shell stays, so the user can move on.
    await expect(page.getByRole('menubar', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL('/dashboard/dashboard-call-center');
  });

  test('`/` and Ctrl+K focus the client search, which searches and opens client search on Enter', async () => {
    await page.goto('/dashboard/dashboard-call-center');
    const search = page.getByRole('combobox', { name: 'Search Client' });
    await expect(search).toBeVisible();
    await expect(search).not.toBeFocused();

    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await search.blur();
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();

    const searched = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/client/search'),
    );
    await page.keyboard.type('smith');
    const request = await searched;
    expect(request.postDataJSON()).toEqual({ pageNumber: 1, pageSize: 100, filter: { searchKeyword: 'smith' } });
    await expect(page.getByRole('listbox', { name: 'Clients found' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Application ran into an error' })).toHaveCount(0);

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/management/search-client?searchKeyword=smith');
    await expect(page.getByRole('heading', { name: 'Search client' })).toBeVisible();
  });

  test('Esc closes a quick-action drawer, the notification list and a modal', async () => {
    await page.goto('/dashboard/dashboard-call-center');
    await page.getByRole('button', { name: 'Send Text' }).click();
    const sendText = page.getByRole('dialog', { name: 'Send Text Message' });
    await expect(sendText).toBeVisible();
    await expect(sendText.getByTestId('text-submit')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sendText).toBeHidden();

    await page.getByRole('button', { name: 'User Directory' }).click();
    const directory = page.getByRole('dialog', { name: 'User Directory' });
    await expect(directory).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(directory).toBeHidden();

    await page.getByRole('button', { name: 'Notifications' }).click();
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    // Other specs running alongside may have sent this operator notifications; either state is a list.
    await expect(
      notifications.getByText('No notifications').or(notifications.getByTestId('notification-item').first()),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notifications).toBeHidden();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change click to call' }).click();
    const modal = page.getByRole('dialog', { name: 'Change click to call' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test('at 800 px the header keeps search, quick actions, notifications and user menu without overflow', async () => {
    await page.goto('/dashboard/dashboard-call-center');
    await setWidth(page, NARROW);
    await expect(page.getByRole('combobox', { name: 'Search Client' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attorney Availability' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await setWidth(page, WIDE);
  });
});

test.describe('shell as a manager', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await signedInPage(browser, testInfo, USERS.manager);
  });
  test.afterAll(() => page.close());

  test('collection management opens the tab its query names, for the ADMIN role condition only', async ({
    browser,
  }, testInfo) => {
    // SPEC §6: management needs the ADMIN role condition; the seeded manager holds no such grant.
    const admin = await signedInPage(browser, testInfo, USERS.admin);
    await admin.goto('/collections/collection-management?collection=holidays');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Collection management');
    await expect(admin.getByRole('tab', { name: 'Holidays' })).toHaveAttribute('aria-selected', 'true');
    await admin.getByRole('tab', { name: 'Contact rules' }).click();
    await expect(admin).toHaveURL('/collections/collection-management?collection=contact-rules');
    await expect(admin.getByRole('table', { name: 'Contact rules' })).toBeVisible();
    await admin.close();

    const manager = await signedInPage(browser, testInfo, USERS.manager);
    await manager.goto('/collections/collection-management?collection=holidays');
    await expect(manager.getByTestId('access-denied-message')).toBeVisible();
    await manager.close();
  });

  test('the colour scheme follows the system until chosen, and the choice is kept', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/dashboard');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});

test.describe('Change click to call as a collector', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await signedInPage(browser, testInfo, USERS.collector);
  });
  test.afterAll(() => page.close());

  async function openModal() {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change click to call' }).click();
    const modal = page.getByRole('dialog', { name: 'Change click to call' });
    await expect(modal).toBeVisible();
    return { modal, number: modal.getByLabel('Click to call number') };
  }

  test('validates, saves through PUT /api/v1/user and confirms briefly', async () => {
    await page.goto('/dashboard');
    const { modal, number } = await openModal();

    await number.fill('');
    await number.pressSequentially('55512');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('* Click To Call must be a valid phone number.')).toBeVisible();

    await number.fill('');
    await number.pressSequentially('3125550147');
    await expect(number).toHaveValue('(312) 555-0147');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/user'));
    await modal.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toEqual({ clickToCall: '3125550147' });
    const toast = page.getByText('Click to call number has been updated successfully');
    await expect(toast).toBeVisible();
    await expect(modal).toBeHidden();
    // It goes by itself (its 1500 ms are the web test's, app-providers.test.tsx, read where the timer is set).
    await expect(toast).toBeHidden();

    // The current user was updated: opening again shows the saved number.
    const again = await openModal();
    await expect(again.number).toHaveValue('(312) 555-0147');
    await page.keyboard.press('Escape');
    await expect(again.modal).toBeHidden();
  });

  test('a failing call shows the error popup above the modal, which can be dismissed', async () => {
    await page.goto('/dashboard');
    const { modal, number } = await openModal();
    await number.fill('');
    await number.pressSequentially('2125550100');

    // The connection drops while the call is on its way: a real transport failure, no invented answer.
    // (Playwright's offline mode would not do: TanStack Query pauses mutations while the browser is offline.)
    await page.route('**/api/v1/user', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionreset') : route.fallback(),
    );
    await modal.getByRole('button', { name: 'Save' }).click();
    const popup = page.getByRole('dialog', { name: 'Application ran into an error' });
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('error-popup-message')).toHaveText('Something went wrong!');
    await page.unroute('**/api/v1/user');

    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    // The form stays open with what was typed, so the user can try again.
    await expect(number).toHaveValue('(212) 555-0100');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Click to call number has been updated successfully')).toBeVisible();
  });
});
