import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { appointmentRowColour, type ApptStatus } from '../../packages/contract/src/appointments/row-colour.ts';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

interface Row {
  clientName: string;
  appointmentDateTime: string;
  stageId: number;
  apptStatus: ApptStatus;
}

/** The first page of a list as the page asks for it (no sort chosen, no filter). */
async function firstPage(page: Page, type: string): Promise<Row[]> {
  const res = await page.request.post(`/api/v1/appointment/${type}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { pageNumber: 1, pageSize: 100, filter: {} },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { items: Row[] }).items;
}

async function screenshots(page: Page, name: string) {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await setWidth(page, WIDE);
}

test('all appointments: rows coloured by SPEC §4, legend, export, screenshots at 1280 and 800 px', async ({ page }) => {
  await signIn(page, USERS.admin, '/appointments/all');
  await expect(page).toHaveURL(/\/appointments\/all$/);
  const items = await firstPage(page, 'all');
  expect(items.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'All appointments' });
  await expect(table.getByRole('row').nth(1)).toContainText(items[0]!.clientName);

  // The first coloured row on the page shows the colour the contract's rule gives it.
  const index = items.findIndex((r) => appointmentRowColour(r) !== null);
  expect(index).toBeGreaterThanOrEqual(0);
  const colour = appointmentRowColour(items[index]!)!;
  const tr = table.getByRole('row').nth(index + 1);
  await expect(tr).toContainText(items[index]!.clientName);
  expect(await tr.getAttribute('style')).toContain(`--mantine-color-${colour}-light`);
  const background = await tr.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await expect(page.getByTestId('appointment-colour-legend')).toContainText('Past, by stage:');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await screenshots(page, 'appointments-list');
  expect(await seriousViolations(page)).toEqual([]);
});

test('set appointments: the booking report opens an inquiry on row click', async ({ page }) => {
  await signIn(page, USERS.admin, '/appointments/set');
  const table = page.getByRole('table', { name: 'Set appointments' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).not.toHaveText('');
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/appointments\/inquiry\/[0-9a-f-]{36}$/);
});

test('appointments by week: weekday totals, a day narrows the table, screenshots at 1280 and 800 px', async ({
  page,
}) => {
  await signIn(page, USERS.admin, '/appointments/week');
  const totals = page.getByTestId('week-totals');
  await expect(totals).toBeVisible();
  const days = totals.getByRole('button');
  await expect(days).toHaveCount(7);
  // The seeded appointments lie from 10 days back to 3 weeks ahead: this week or the next has some.
  const readCounts = () => days.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
  let counts = await readCounts();
  if (counts.every((c) => c === 0)) {
    const nextTotals = page.waitForResponse((r) => r.url().includes('/appointment/weekdayTotals'));
    await page.getByRole('button', { name: 'Next week' }).click();
    await nextTotals;
    await expect(page).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
    await page.waitForTimeout(200);
    counts = await readCounts();
  }
  const busiest = counts.indexOf(Math.max(...counts));
  expect(counts[busiest]).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Appointments by week' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await screenshots(page, 'appointments-week');
  expect(await seriousViolations(page)).toEqual([]);

  await days.nth(busiest).click();
  await expect(days.nth(busiest)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  // The table holds exactly that day's count (one page: the seed has far fewer than 100 a day).
  await expect(table.getByRole('row')).toHaveCount(counts[busiest]! + 1);
});
