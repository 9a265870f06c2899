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
  await page.goto('/dashboard/dashboard-office');
  await page.getByLabel('Email').fill(USERS.manager);
  await page.getByLabel('Password').fill('casedesk');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signing you in…')).toBeVisible();
  const signingInSince = Date.now();
  await expect(page).toHaveURL('/dashboard/dashboard-office', { timeout: 15_000 });
  // SPEC §2: a 2 second wait (a little slack for when the text first became visible).
  expect(Date.now() - signingInSince).toBeGreaterThanOrEqual(1_500);
});
