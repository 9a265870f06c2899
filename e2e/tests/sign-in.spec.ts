import { expect, test } from '@playwright/test';
import { signInThroughLoginPage, USERS } from './support/session.ts';

// SPEC §2: /dashboard follows defaultDashboard; OFFICE or unset gives the office dashboard.
const landings = [
  { email: USERS.admin, path: '/dashboard/dashboard-corporate', title: 'Corporate dashboard' },
  { email: USERS.manager, path: '/dashboard/dashboard-office', title: 'Office dashboard' },
  { email: USERS.operator, path: '/dashboard/dashboard-call-center', title: 'Call center dashboard' },
  { email: USERS.attorney, path: '/dashboard/dashboard-office', title: 'Office dashboard' },
  { email: USERS.collector, path: '/dashboard/dashboard-office', title: 'Office dashboard' },
] as const;

for (const { email, path, title } of landings) {
  test(`${email} lands on ${path}`, async ({ page }) => {
    await signInThroughLoginPage(page, email);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('dashboard-user-name')).not.toBeEmpty();
    await expect(page.getByTestId('header-user-name')).toHaveText(
      (await page.getByTestId('dashboard-user-name').textContent()) ?? '',
    );
    // The dashboard's own figures (dashboards.spec.ts checks them per role).
    await expect(page.locator('[data-testid^="figure-"]').first()).toBeVisible();
  });
}

test('after login the app waits before the landing redirect and returns to the requested page', async ({ page }) => {
  // The page's timers run on a clock the test moves: the 2 second wait (SPEC §2) is counted on it, so a busy
  // machine can neither shorten nor stretch what is checked.
  await page.clock.install();
  await page.goto('/dashboard/dashboard-office');
  await page.getByLabel('Email').fill(USERS.manager);
  await page.getByLabel('Password').fill('casedesk');
  // Paused a little ahead (the page's clock must not go back; the tokens allow minutes of skew).
  await page.clock.pauseAt(Date.now() + 60_000);
  const tokens = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/token'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signing you in…')).toBeVisible();
  expect((await tokens).ok()).toBe(true);
  // The session is stored: only the wait still holds the page.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.user'))))
    .toBe(true);
  await page.clock.runFor(1_990);
  // A redirect begun now would still load the dashboard's code in real time: give it a moment to show.
  await page.waitForTimeout(1_000);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByText('Signing you in…')).toBeVisible();
  await page.clock.runFor(10);
  await expect(page).toHaveURL('/dashboard/dashboard-office');
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible();
});
