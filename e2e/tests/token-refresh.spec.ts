import { expect, test, type Request } from '@playwright/test';
import { signIn, storedTokenExpiry, USERS } from './support/session.ts';

function isRefreshGrant(request: Request): boolean {
  if (request.method() !== 'POST' || !/\/idp\/token$/.test(request.url())) return false;
  return new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token';
}

test('an expired access token is refreshed silently and the page still loads its data', async ({ page }) => {
  await signIn(page, USERS.attorney);
  await expect(page).toHaveURL('/dashboard/dashboard-office');
  const name = (await page.getByTestId('dashboard-user-name').textContent()) ?? '';
  expect(name).not.toBe('');

  // The e2e server issues 10 s access tokens; wait until this one is past its expiry.
  const expiresAt = await storedTokenExpiry(page);
  await page.waitForTimeout(Math.max(0, expiresAt * 1000 - Date.now()) + 1_500);

  const refreshes: Request[] = [];
  const unauthorized: string[] = [];
  page.on('request', (request) => {
    if (isRefreshGrant(request)) refreshes.push(request);
  });
  page.on('response', (response) => {
    if (response.status() === 401 && response.url().includes('/api/v1/')) unauthorized.push(response.url());
  });

  await page.reload();
  await expect(page.getByTestId('dashboard-user-name')).toHaveText(name);
  await expect(page).toHaveURL('/dashboard/dashboard-office');
  await expect(page.getByLabel('Password')).toHaveCount(0);

  // SPEC §4: the 401 led to one silent refresh_token grant, then the retry succeeded.
  expect(unauthorized.length).toBeGreaterThanOrEqual(1);
  expect(refreshes).toHaveLength(1);
  expect(await storedTokenExpiry(page)).toBeGreaterThan(expiresAt);
});
