import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

interface SeededClient {
  id: string;
  firstName: string;
  lastName: string;
  primaryNumber: string | null;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The signed-in user's access token, to read seeded clients the way the app does. */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
    return (JSON.parse(window.localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token ?? '';
  });
}

/** Two seeded clients with a primary number (the demo seed has 200). */
async function seededClients(page: Page): Promise<SeededClient[]> {
  const res = await page.request.post('/api/v1/client/search', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { pageNumber: 1, pageSize: 50, filter: {} },
  });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: SeededClient[] };
  return items.filter((c) => c.primaryNumber && /^[A-Za-z]+$/.test(c.firstName + c.lastName)).slice(0, 2);
}

const formatted = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

test('a duplicate and a conflict appear while typing a new lead', async ({ page }) => {
  await signIn(page, USERS.operator, '/newLead/inquiry/new');
  await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();
  const [existing, other] = await seededClients(page);
  expect(other).toBeDefined();
  const client = section(page, 'Client');
  const party = section(page, 'Opposing party');

  // Typing a seeded client's name and phone: the match appears beside the form, with its reasons.
  await client.getByLabel('First Name').pressSequentially(existing!.firstName, { delay: 30 });
  await client.getByLabel('Last Name').pressSequentially(existing!.lastName, { delay: 30 });
  await client.getByLabel('Primary Number').pressSequentially(existing!.primaryNumber!, { delay: 30 });
  const duplicates = page.getByTestId('duplicate-matches');
  const match = duplicates.getByRole('listitem', { name: new RegExp(`${existing!.firstName}.*${existing!.lastName}`) });
  await expect(match).toBeVisible();
  await expect(match.getByText('same phone')).toBeVisible();
  await expect(match.getByText(formatted(existing!.primaryNumber!), { exact: false })).toBeVisible();
  await expect(match.getByRole('button', { name: 'Use this client' })).toBeVisible();

  // An opposing party who is an existing client: a potential-conflict row with the SPEC §2 headers.
  await party.getByLabel('First Name').pressSequentially(other!.firstName, { delay: 30 });
  await party.getByLabel('Last Name').pressSequentially(other!.lastName, { delay: 30 });
  const conflicts = page.getByRole('table', { name: 'Potential conflicts' });
  await expect(conflicts).toBeVisible();
  await expect(conflicts.getByRole('columnheader')).toHaveText(['Names', 'DOB', 'Numbers', 'LMS Client Number']);
  const row = conflicts.getByRole('row', { name: new RegExp(`${other!.firstName}.*${other!.lastName}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Opposing party is an existing client')).toBeVisible();
  await expect(row.getByText(formatted(other!.primaryNumber!))).toBeVisible();

  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.getByTestId('inquiry-side-panels').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, `matching-panels-${width}.png`), fullPage: true });
  }

  // "Use this client" hands the existing client to the form, which is then no longer its own duplicate.
  await page.setViewportSize({ width: 1280, height: 900 });
  await match.getByRole('button', { name: 'Use this client' }).click();
  await expect(match).toBeHidden();
  await expect(client.getByLabel('First Name')).toHaveValue(existing!.firstName);
});

test('a stranger who shares a last name but not the birthday is never a likely duplicate', async ({ page }) => {
  await signIn(page, USERS.operator, '/newLead/inquiry/new');
  await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();
  const [existing] = await seededClients(page);
  const client = section(page, 'Client');
  await client.getByLabel('First Name').pressSequentially('Zebedee', { delay: 30 });
  await client.getByLabel('Last Name').pressSequentially(existing!.lastName, { delay: 30 });
  // The answer for the whole person (names and a birthday no seeded client has), after the debounce.
  const answered = page.waitForResponse(
    (res) =>
      res.url().endsWith('/api/v1/inquiry/duplicate') && res.request().postData()?.includes('1901-01-01') === true,
  );
  await client.getByLabel('Date Of Birth').pressSequentially('01-01-1901', { delay: 30 });
  expect((await answered).ok()).toBe(true);
  const duplicates = page.getByTestId('duplicate-matches');
  await expect(duplicates.getByLabel(/likely duplicate/)).toHaveCount(0);
});
