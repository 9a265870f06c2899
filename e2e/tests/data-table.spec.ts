import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { firstRowName, header, openDemo, rowElements, ROWS } from './support/data-table-demo.ts';

/** The DataTable's behaviour on the dev demo page; its frame and repaint timings are in data-table.timing.spec.ts. */

test.describe('DataTable with 50,000 rows at page size All', () => {
  test.beforeEach(async ({ page }) => openDemo(page));

  test('keeps at most 150 row elements in the DOM and shows the last row at the bottom', async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('All');
    await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(ROWS + 2));
    const atTop = await rowElements(page);
    expect(atTop).toBeLessThanOrEqual(150);

    const scroller = page.getByTestId('data-table-scroller');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const lastRow = page.locator(`tbody tr[aria-rowindex="${ROWS + 1}"]`);
    await expect(lastRow).toBeVisible();
    await expect(lastRow).toContainText(` ${ROWS}`);
    await expect(page.getByTestId('data-table-totals')).toBeVisible();
    const atBottom = await rowElements(page);
    expect(atBottom).toBeLessThanOrEqual(150);
    test.info().annotations.push({ type: 'row elements', description: `top ${atTop}, bottom ${atBottom}` });
  });

  test('sorts by name ascending, then descending, then back to the original order', async ({ page }) => {
    const original = await firstRowName(page);
    const sortName = page.getByRole('button', { name: 'Name' });

    await sortName.click();
    await expect(page.getByTestId('demo-sort')).toHaveText('Sorted by name ASC');
    const ascending = await firstRowName(page);
    await sortName.click();
    await expect(page.getByTestId('demo-sort')).toHaveText('Sorted by name DESC');
    const descending = await firstRowName(page);
    expect(ascending!.toLowerCase() < descending!.toLowerCase()).toBe(true);
    await sortName.click();
    await expect(page.getByTestId('demo-sort')).toHaveText('Not sorted');
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'none');
    expect(await firstRowName(page)).toBe(original);
  });

  test('selection stops at 5 rows', async ({ page }) => {
    const boxes = page.locator('tbody input[type="checkbox"]');
    for (let i = 0; i < 5; i += 1) await boxes.nth(i).check();
    await expect(page.getByTestId('demo-selected')).toHaveText('5 selected');
    await expect(boxes.nth(5)).toBeDisabled();
    await expect(boxes.nth(0)).toBeEnabled();
    await expect(boxes.nth(5).locator('xpath=..')).toHaveAttribute('title', 'You can select up to 5 rows');
    await expect(boxes.nth(5)).toHaveAccessibleDescription('You can select up to 5 rows');
    await boxes.nth(1).uncheck();
    await expect(page.getByTestId('demo-selected')).toHaveText('4 selected');
    await expect(boxes.nth(5)).toBeEnabled();
  });
});

test('the table has no serious or critical accessibility violation', async ({ page }) => {
  await openDemo(page, 300);
  await page.locator('tbody input[type="checkbox"]').first().check();
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: string) => Promise<AxeResults> } }).axe;
    const result = await axe.run('main');
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${String(n.target)} ${n.failureSummary ?? ''}`).join('; ')}`);
  });
  expect(violations).toEqual([]);
});

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: unknown; failureSummary?: string }[] }[];
}
