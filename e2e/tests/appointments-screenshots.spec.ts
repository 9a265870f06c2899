import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

// Appointments so far: the client's appointments tab carries the seeded appointments (active and deleted toggle).
test('client detail: the appointments tab at 1280 and 800 px', async ({ page }) => {
  await signIn(page, USERS.admin);
  const res = await page.request.post('/api/v1/appointment/all', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { pageNumber: 1, pageSize: 1 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const [first] = ((await res.json()) as { items: { clientId: string }[] }).items;
  await page.goto(`/client/${first!.clientId}`);
  await page.getByRole('tab', { name: /Appointments/ }).click();
  const table = page.getByRole('table', { name: 'Appointments' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `client-appointments-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
});
