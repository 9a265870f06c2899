import { expect, test } from '@playwright/test';
import { expectLoginPage, signInThroughLoginPage, storedUserKeys, USERS } from './support/session.ts';

test('Logout revokes the session, clears the token and lands on /logged-out', async ({ page }) => {
  await signInThroughLoginPage(page, USERS.manager);
  await expect(page).toHaveURL('/dashboard/dashboard-office');
  expect(await storedUserKeys(page)).toHaveLength(1);

  const revocation = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/idp\/token\/revocation$/.test(request.url()),
  );
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await revocation;

  await expect(page).toHaveURL('/logged-out');
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  expect(await storedUserKeys(page)).toHaveLength(0);

  // SPEC §2: the guard obtains a token again, so the login page comes back.
  await page.goto('/dashboard');
  await expectLoginPage(page);
});

test('Sign in again from /logged-out shows the login page', async ({ page }) => {
  await page.goto('/logged-out');
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expectLoginPage(page);
});
