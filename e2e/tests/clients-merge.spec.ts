import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';

/** Letters only, different on every call, so names stay unique when a spec runs again on the same database. */
function uniqueTag(): string {
  const raw = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return raw.replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
}
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

async function post(page: Page, url: string, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post(url, { headers: { authorization: `Bearer ${await accessToken(page)}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

test('merges two clients chosen in the search results; the survivor lists the moved inquiries', async ({ page }) => {
  const TAG = uniqueTag();
  await signIn(page, USERS.operator);
  const keep = await post(page, '/api/v1/client', {
    firstName: 'Evangelina',
    lastName: `Marchetti${TAG}`,
    primaryNumber: '6195550131',
    email: 'e.marchetti@example.com',
  });
  const dupe = await post(page, '/api/v1/client', {
    firstName: 'Evangelina',
    lastName: `Marchetti${TAG}`,
    primaryNumber: '6195550132',
    email: 'evangelina.m@example.com',
    dateOfBirth: '03-08-1991',
  });
  await post(page, '/api/v1/inquiry', { clientId: keep.id, caseDescription: 'Intersection collision' });
  await post(page, '/api/v1/inquiry', { clientId: dupe.id, caseDescription: 'Dog bite at a neighbour' });

  await page.goto(`/management/search-client?searchKeyword=marchetti${TAG} evangelina`);
  const table = page.getByRole('table', { name: 'Clients found' });
  await expect(table.getByRole('row', { name: new RegExp(`Marchetti${TAG}`) })).toHaveCount(2);
  const merge = page.getByRole('button', { name: 'Merge…' });
  await expect(merge).toBeDisabled();
  const boxes = table.getByRole('checkbox', { name: `Select Evangelina Marchetti${TAG}` });
  await boxes.nth(0).check();
  await expect(merge).toBeDisabled();
  await boxes.nth(1).check();
  await expect(merge).toBeEnabled();
  await merge.click();

  const modal = page.getByRole('dialog', { name: 'Merge clients' });
  await expect(modal.getByRole('table', { name: 'Differing fields' })).toBeVisible();
  // Keep the first-made record; take the other's email and its date of birth (the kept one has none, so it is preselected).
  await modal.getByRole('radio', { name: `Evangelina Marchetti${TAG} · (619) 555-0131` }).check();
  await modal.getByRole('radio', { name: 'Email: evangelina.m@example.com' }).check();
  await expect(modal.getByRole('radio', { name: 'Date Of Birth: 03-08-1991' })).toBeChecked();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'clients-merge-modal-1280.png') });
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/client/merge'));
  await modal.getByRole('button', { name: /^Merge into/ }).click();
  const body = (await request).postDataJSON() as {
    survivorId: string;
    mergedId: string;
    fields: Record<string, string>;
  };
  expect(body).toMatchObject({ survivorId: keep.id, mergedId: dupe.id });
  expect(body.fields).toMatchObject({ email: 'merged', dateOfBirth: 'merged' });

  await expect(page).toHaveURL(`/client/${body.survivorId}`);
  await expect(page.getByTestId('merged-notice')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('evangelina.m@example.com');
  await expect(page.getByLabel('Date Of Birth')).toHaveValue('03-08-1991');
  const inquiries = page.getByRole('table', { name: 'Inquiries' });
  await expect(inquiries.getByText('Intersection collision')).toBeVisible();
  await expect(inquiries.getByText('Dog bite at a neighbour')).toBeVisible();

  // The merged-away record now leads to the survivor, with a notice.
  await page.goto(`/client/${body.mergedId}`);
  await expect(page).toHaveURL(`/client/${body.survivorId}`);
  await expect(page.getByTestId('merged-notice')).toContainText('was merged into this client');
  // And it is gone from search.
  await page.goto(`/management/search-client?searchKeyword=marchetti${TAG} evangelina`);
  await expect(
    page.getByRole('table', { name: 'Clients found' }).getByRole('row', { name: new RegExp(`Marchetti${TAG}`) }),
  ).toHaveCount(1);
});
