import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

// DESIGN §4: the landing dashboards at 1280 px (top menu) and 800 px (sidebar), light and dark. Kept for people
// to look at (e2e/screenshots/, git-ignored).
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

const DASHBOARDS = [
  { user: 'operator', name: 'call-center', path: '/dashboard/dashboard-call-center', chart: 'chart-calls-by-hour' },
  { user: 'manager', name: 'office', path: '/dashboard/dashboard-office', chart: 'office-timeline' },
  { user: 'admin', name: 'corporate', path: '/dashboard/dashboard-corporate', chart: 'chart-funnel' },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // charts draw after their chunk arrives
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

for (const { user, name, path: route, chart } of DASHBOARDS) {
  test(`${name} dashboard at both widths, light and dark`, async ({ page }) => {
    await signIn(page, USERS[user], route);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [WIDE, NARROW]) {
        await setWidth(page, width);
        await expect(page.getByTestId('dashboard-loading')).toHaveCount(0);
        await expect(page.getByTestId(chart)).toBeVisible();
        // The charts come a moment after the first screen (lazy-charts.ts): every skeleton gone.
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        await shoot(page, `dashboard-${name}-${width}-${scheme}`);
      }
      // Every widget drawn, in both schemes (a faded past row or a red-6 label once fell below 4.5:1).
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await setWidth(page, WIDE);
    await page.locator('[data-testid^="figure-"]').first().click();
    await expect(page.getByTestId('drill-total')).toBeVisible();
    await shoot(page, `dashboard-${name}-${WIDE}-drill`);
  });
}
