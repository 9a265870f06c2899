import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn, USERS } from './support/session.ts';

/** Letters only, different on every call, so names stay unique when a spec runs again on the same database. */
function uniqueTag(): string {
  const raw = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return raw.replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
}
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** The app's current access token (short-lived in e2e: waits for one that is valid for a few more seconds). */
async function accessToken(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
      const user = JSON.parse(window.localStorage.getItem(key ?? '') ?? '{}') as {
        access_token?: string;
        expires_at?: number;
      };
      return user.access_token && (user.expires_at ?? 0) > Date.now() / 1000 + 3 ? user.access_token : '';
    });
  await expect.poll(read, { timeout: 15_000 }).not.toBe('');
  return read();
}

/** A client with a name no seeded client has, made through the API the way the app makes them. */
async function createClient(page: Page, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post('/api/v1/client', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

test('a partial name in the top search box → results → client detail; Enter → the search page', async ({ page }) => {
  const TAG = uniqueTag();
  await signIn(page, USERS.operator);
  const client = await createClient(page, {
    firstName: 'Thaddeus',
    lastName: `Okonkwo${TAG}`,
    primaryNumber: '(213) 555-0177',
    dateOfBirth: '04-12-1979',
    email: 'thaddeus.or@example.com',
  });

  const box = page.getByTestId('client-search');
  await box.fill(`okonkwo${TAG.slice(0, 2)} thad`);
  const option = page.getByRole('option', { name: `Thaddeus Okonkwo${TAG}` });
  await expect(option).toBeVisible();
  await expect(option).toContainText('(213) 555-0177');
  await option.click();
  await expect(page).toHaveURL(`/client/${client.id}`);
  await expect(page.getByTestId('client-name')).toHaveText(`Thaddeus Okonkwo${TAG}`);
  await expect(page.getByText('(213) 555-0177').first()).toBeVisible();
  await expect(page.getByText('04-12-1979').first()).toBeVisible();
  await expect(page.getByLabel('Date Of Birth')).toHaveValue('04-12-1979');

  // The profile saves through the same rules: a bad date is refused under its field.
  await page.getByLabel('Date Of Birth').fill('02-30-1979');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('* Date Of Birth must be a valid date.')).toBeVisible();
  await page.getByLabel('Date Of Birth').fill('04-13-1979');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('client-saved')).toBeVisible();

  // Enter opens the search page with the keyword; a row opens the client.
  await box.fill(`okonkwo${TAG}`);
  await box.press('Enter');
  await expect(page).toHaveURL(`/management/search-client?searchKeyword=okonkwo${TAG}`);
  const table = page.getByRole('table', { name: 'Clients found' });
  const row = table.getByRole('row', { name: new RegExp(`Okonkwo${TAG}`) });
  await expect(row).toBeVisible();
  await row.getByText(`Thaddeus Okonkwo${TAG}`).click();
  await expect(page).toHaveURL(`/client/${client.id}`);
});

test('exports the search as a real XLSX workbook and as CSV', async ({ page }) => {
  const TAG = uniqueTag();
  await signIn(page, USERS.operator);
  await createClient(page, { firstName: 'Philippa', lastName: `Vandersloot${TAG}`, mobileNumber: '7025550188' });
  await page.goto(`/management/search-client?searchKeyword=vandersloot${TAG}`);
  await expect(page.getByRole('row', { name: new RegExp(`Vandersloot${TAG}`) })).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^clients-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.getWorksheet('Clients')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('First Name');
  expect(sheet.getRow(2).getCell(3).value).toBe(`Vandersloot${TAG}`);
  expect(sheet.getRow(2).getCell(6).value).toBe('(702) 555-0188');

  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
});

test('screenshots of the client screens at 1280 and 800 px', async ({ page }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await signIn(page, USERS.operator);
  const client = await createClient(page, {
    firstName: 'Rosalind',
    lastName: 'Achterberg',
    primaryNumber: '3105550144',
    mobileNumber: '3105550145',
    dateOfBirth: '09-30-1985',
    city: 'Pasadena',
    state: 'CA',
  });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/management/search-client?searchKeyword=a');
    await expect(page.getByRole('table', { name: 'Clients found' }).getByRole('row').nth(2)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `clients-search-${width}.png`), fullPage: false });
    await page.goto('/management/search-client?searchKeyword=zzqqxx');
    await expect(page.getByText('No clients match "zzqqxx"')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `clients-search-empty-${width}.png`) });
    await page.goto(`/client/${client.id}`);
    await expect(page.getByTestId('client-name')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `client-detail-${width}.png`), fullPage: true });
  }
});
