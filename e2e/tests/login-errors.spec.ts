import { expect, test } from '@playwright/test';
import { expectLoginPage, submitCredentials, USERS } from './support/session.ts';

test('a wrong password shows an error and stays on the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expectLoginPage(page);
  await submitCredentials(page, USERS.manager, 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expectLoginPage(page);
  expect(await page.evaluate(() => Object.keys(window.localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(
    false,
  );
});
