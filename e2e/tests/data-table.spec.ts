import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/**
 * The shared DataTable on the dev-only demo page (/dev/data-table): generated rows, sorted in
 * memory, page size "All" by default (SPEC §2, §4, §9; issue: page size All with 50,000 rows).
 */
const ROWS = 50_000;
const demoPath = (rows: number) => `/dev/data-table?rows=${rows}`;

async function openDemo(page: Page, rows = ROWS): Promise<void> {
  await signIn(page, USERS.admin, demoPath(rows));
  await expect(page).toHaveURL(demoPath(rows));
  await expect(page.getByTestId('demo-row-count')).toHaveText(`${rows.toLocaleString('en-US')} generated rows`);
  await expect(page.locator('tbody tr[aria-rowindex="2"]')).toBeVisible();
}

const rowElements = (page: Page) => page.locator('table tr').count();
const firstRowName = (page: Page) => page.locator('tbody tr[aria-rowindex="2"] td').nth(1).textContent();
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

/** Clicks a sort button inside the page and times it until the frame after the update is painted. */
function timedSortClick(page: Page, name: string) {
  return page.evaluate(async (label) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('th button')].find((b) => b.textContent === label);
    if (!button) throw new Error(`No sort button ${label}`);
    const firstCell = () => document.querySelector('tbody tr[aria-rowindex="2"] td:nth-child(2)')?.textContent;
    const before = firstCell();
    const start = performance.now();
    button.click();
    // React commits the click's update before the next frame; the timeout runs after that frame is painted.
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return { ms: performance.now() - start, before, after: firstCell() };
  }, name);
}

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

  test('scrolls smoothly: frames stay short, whether wheeling or dragging through all rows', async ({ page }) => {
    const scroller = page.getByTestId('data-table-scroller');
    // A wheel moves ~120 px a frame; dragging the scrollbar jumps ~15,000 px, a fresh window each frame.
    const frames = async (pattern: 'wheel' | 'drag') =>
      scroller.evaluate(async (el, jump) => {
        const gaps: number[] = [];
        const step = jump ? el.scrollHeight / 120 : 120;
        let last = performance.now();
        for (let i = 1; i <= 120; i += 1) {
          el.scrollTop = step * i;
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          const now = performance.now();
          gaps.push(now - last);
          last = now;
        }
        gaps.sort((a, b) => a - b);
        const at = (q: number) => Math.round(gaps[Math.floor((gaps.length - 1) * q)]!);
        return { median: at(0.5), p95: at(0.95), max: at(1) };
      }, pattern === 'drag');
    const wheel = await frames('wheel');
    const drag = await frames('drag');
    test.info().annotations.push({ type: 'scroll frames (ms)', description: JSON.stringify({ wheel, drag }) });
    // Medians: the figure other processes on a shared machine disturb least.
    expect(wheel.median).toBeLessThan(34);
    expect(drag.median).toBeLessThan(100);
    expect(await rowElements(page)).toBeLessThanOrEqual(150);
  });

  test('a sort click repaints within 200 ms, cycling ascending → descending → none', async ({ page }) => {
    const original = await firstRowName(page);
    const steps = [
      ['ascending', 'ASC'],
      ['descending', 'DESC'],
      ['none', 'none'],
    ] as const;
    const best = new Map<string, number>();
    const seen: string[] = [];
    // Three rounds; the best of each step is its cost without the noise of other processes.
    for (let round = 0; round < 3; round += 1) {
      for (const column of ['Amount', 'Name']) {
        for (const [ariaSort, label] of steps) {
          const click = await timedSortClick(page, column);
          await expect(header(page, column)).toHaveAttribute('aria-sort', ariaSort);
          // The timed frame already showed the new order.
          expect(click.after).not.toBe(click.before);
          const key = `${column} ${label}`;
          best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, click.ms));
          seen.push(click.ms.toFixed(0));
        }
        expect(await firstRowName(page)).toBe(original);
      }
    }
    const bestText = [...best].map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ');
    test.info().annotations.push({ type: 'sort repaint best (ms)', description: bestText });
    test.info().annotations.push({ type: 'sort repaint all (ms)', description: seen.join(', ') });
    for (const ms of best.values()) expect(ms).toBeLessThanOrEqual(200);
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
