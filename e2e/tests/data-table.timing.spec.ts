import { expect, test, type Page } from '@playwright/test';
import { firstRowName, header, openDemo, rowElements } from './support/data-table-demo.ts';

/**
 * The DataTable's frame and repaint timings with 50,000 rows: a measurement, run on its own with
 * `npm run bench:browser` (the `timing` project, outside `npm test`), so no other spec's browser and
 * server share the two cores with the frames measured here.
 */

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

interface FrameGaps {
  median: number;
  p95: number;
  max: number;
}

/** Scrolls 120 frames from the top and returns the gaps between painted frames. */
function scrollFrames(page: Page, pattern: 'wheel' | 'drag'): Promise<FrameGaps> {
  // A wheel moves ~120 px a frame; dragging the scrollbar jumps ~15,000 px, a fresh window each frame.
  return page.getByTestId('data-table-scroller').evaluate(async (el, jump) => {
    el.scrollTop = 0;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
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
}

test.describe('DataTable with 50,000 rows at page size All: timings', () => {
  test.beforeEach(async ({ page }) => openDemo(page));

  test('scrolls smoothly: frames stay short, whether wheeling or dragging through all rows', async ({ page }) => {
    const rounds: { wheel: FrameGaps; drag: FrameGaps }[] = [];
    // Three rounds; the best median of each pattern is its cost without a passing disturbance.
    for (let round = 0; round < 3; round += 1) {
      rounds.push({ wheel: await scrollFrames(page, 'wheel'), drag: await scrollFrames(page, 'drag') });
      expect(await rowElements(page)).toBeLessThanOrEqual(150);
    }
    test.info().annotations.push({ type: 'scroll frames (ms)', description: JSON.stringify(rounds) });
    const bestMedian = (pattern: 'wheel' | 'drag') => Math.min(...rounds.map((r) => r[pattern].median));
    // Two 60 Hz frames at most while wheeling: a dropped frame now and then, never a stutter.
    expect(bestMedian('wheel')).toBeLessThan(34);
    expect(bestMedian('drag')).toBeLessThan(100);
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
});
