import { expect, test } from '@playwright/test';
import { signInThroughLoginPage, USERS } from './support/session.ts';

test('a disabled account sees the inactive Access Denied text', async ({ page }) => {
  await signInThroughLoginPage(page, USERS.disabled);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  // SPEC §8, exact wording.
  await expect(page.getByTestId('access-denied-message')).toHaveText(
    'Your account is currently inactive. If this is an error, please contact IT Support',
  );
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
});

test('a dashboard without its permission shows the missing-permission Access Denied text', async ({ page }) => {
  await signInThroughLoginPage(page, USERS.operator);
  await expect(page).toHaveURL('/dashboard/dashboard-call-center');
  await page.goto('/dashboard/dashboard-corporate');
  await expect(page.getByTestId('access-denied-message')).toHaveText(
    "You don't have permissions to view this page. If this is an error, please contact IT Support",
  );
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/dashboard/dashboard-call-center');
});
