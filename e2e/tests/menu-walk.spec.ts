import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { USERS } from './support/session.ts';
import { signedInPage, topMenu } from './support/shell.ts';

/*
 * Every menu item, in one signed-in session, forward through the menu and then backward through the
 * history: client-side navigation with one shared query cache, as people move between modules all day.
 * Two screens that cache one endpoint in two shapes crash the second one; so does a screen that leaves
 * state behind. None may reach the error screen or throw.
 */
async function menuItems(page: Page): Promise<{ group: string; item: string }[]> {
  const bar = topMenu(page);
  await expect(bar).toBeVisible();
  const items: { group: string; item: string }[] = [];
  for (const group of await bar.getByRole('menuitem').allTextContents()) {
    await bar.getByRole('menuitem', { name: group, exact: true }).click();
    const dropdown = page.getByRole('menu', { name: group, exact: true });
    // allTextContents does not wait: read once the dropdown shows its first item (a group has one at least).
    await expect(dropdown.getByRole('menuitem').first()).toBeVisible();
    for (const item of await dropdown.getByRole('menuitem').allTextContents()) items.push({ group, item });
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
  }
  return items;
}

const errorScreen = (page: Page) => page.getByRole('heading', { name: MESSAGES.somethingWentWrong });

/** The screen settled (its requests answered) and is no error screen. */
async function expectShown(page: Page, errors: string[], where: string) {
  await page.waitForLoadState('networkidle');
  await expect(errorScreen(page), where).toHaveCount(0);
  await expect(page.locator('main h1, main h2').first(), where).toBeVisible();
  expect(errors, where).toEqual([]);
}

for (const user of Object.keys(USERS) as (keyof typeof USERS)[]) {
  if (user === 'disabled') continue;
  test(`${user}: every menu item, forward and back, in one session`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const page = await signedInPage(browser, testInfo, USERS[user]);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // SPEC §2: /dashboard redirects to the user's dashboard 2 s after sign-in; a menu read before then
    // would have its dropdown closed by that navigation.
    await expect(page).not.toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const items = await menuItems(page);
    expect(items.length).toBeGreaterThan(0);
    const historyLength = () => page.evaluate(() => window.history.length);
    const before = await historyLength();
    let shown = 'the landing screen';
    for (const { group, item } of items) {
      // A screen can fall over after it settled (a refetch renders a cached shape it did not expect).
      await expect(errorScreen(page), `still on ${shown}`).toHaveCount(0);
      await topMenu(page).getByRole('menuitem', { name: group, exact: true }).click({ timeout: 10_000 });
      await page
        .getByRole('menu', { name: group, exact: true })
        .getByRole('menuitem', { name: item, exact: true })
        .click({ timeout: 10_000 });
      shown = `${group} → ${item}`;
      await expectShown(page, errors, shown);
    }
    // Back through every entry the walk added (a screen may add its own, e.g. a list's filter in the URL).
    for (let steps = (await historyLength()) - before; steps > 0; steps--) {
      const from = new URL(page.url()).pathname;
      await page.goBack();
      await expectShown(page, errors, `back from ${from} to ${new URL(page.url()).pathname}`);
    }
    await page.close();
  });
}
