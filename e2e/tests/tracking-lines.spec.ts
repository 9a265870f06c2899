import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';

/** The month before now and the one before that, yyyy-MM (UTC: the e2e run's zone). */
function pastMonths(): { last: string; before: string } {
  const now = new Date();
  const month = (back: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  return { last: month(1), before: month(2) };
}

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function showMonth(page: Page, month: string) {
  await page.getByLabel('Month from').fill(month);
  await page.getByLabel('Month to').fill(month);
}

function attributionRow(page: Page, source: string) {
  return page.getByTestId('attribution-table').getByRole('row').filter({ hasText: source });
}

test('re-mapping a tracking line leaves last month’s attribution as it was', async ({ page }) => {
  const { last, before } = pastMonths();
  const run = `${Date.now()}`.slice(-5);
  const dnis = `97255${run}`;
  const source = `E2E TV ${run}`;

  // The test's own line, in force from two months ago, and two calls to it last month.
  await signIn(page, USERS.admin, '/marketing/tracking-lines');
  const offices = (await api(page, 'GET', '/api/v1/dropdown/allOffices')) as { id: string; name: string }[];
  const callCenter = offices.find((o) => o.name === 'Call Center')!.id;
  await api(page, 'POST', '/api/v1/dnis', {
    dnis,
    source,
    campaign: 'Before the re-map',
    type: 'TV',
    pointToOfficeId: callCenter,
    officeId: callCenter,
    effectiveFrom: `${before}-01T00:00:00.000Z`,
  });
  for (const [day, caller] of [
    ['15', '3105550171'],
    ['16', '3105550172'],
  ]) {
    await api(page, 'POST', '/api/v1/call/incoming', {
      callerId: caller,
      numberDialed: dnis,
      startTime: `${last}-${day}T18:00:00.000Z`,
    });
  }

  await showMonth(page, last);
  const row = attributionRow(page, source);
  await expect(row).toHaveCount(1);
  const figures = await row.getByRole('cell').allInnerTexts();
  expect(figures[2]).toBe('2');

  // Re-map the line on its type's page.
  await page.goto('/marketing/tracking-lines/tv');
  await page.getByLabel('Search lines').fill(dnis);
  const line = page.getByRole('row').filter({ hasText: source });
  await expect(line).toHaveCount(1);
  await line.getByRole('button', { name: 'Re-map' }).click();
  const form = page.getByRole('form', { name: 'Re-map tracking line' });
  await form.getByLabel(/^Source/).fill(`${source} re-mapped`);
  await form.getByRole('button', { name: 'Save re-map' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `${source} re-mapped` })).toHaveCount(1);

  // Last month reads as before: the calls keep the source they came in under.
  await page.goto('/marketing/tracking-lines');
  await showMonth(page, last);
  await expect(attributionRow(page, source)).toHaveCount(1);
  expect(await attributionRow(page, source).getByRole('cell').allInnerTexts()).toEqual(figures);
  await expect(attributionRow(page, `${source} re-mapped`)).toHaveCount(0);
});
