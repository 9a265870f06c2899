import { expect, type Page } from '@playwright/test';
import { signIn, USERS } from './session.ts';

/**
 * The shared DataTable on the dev-only demo page (/dev/data-table): generated rows, sorted in
 * memory, page size "All" by default (SPEC §2, §4, §9; issue: page size All with 50,000 rows).
 */
export const ROWS = 50_000;
const demoPath = (rows: number) => `/dev/data-table?rows=${rows}`;

export async function openDemo(page: Page, rows = ROWS): Promise<void> {
  await signIn(page, USERS.admin, demoPath(rows));
  await expect(page).toHaveURL(demoPath(rows));
  await expect(page.getByTestId('demo-row-count')).toHaveText(`${rows.toLocaleString('en-US')} generated rows`);
  await expect(page.locator('tbody tr[aria-rowindex="2"]')).toBeVisible();
}

export const rowElements = (page: Page) => page.locator('table tr').count();
export const firstRowName = (page: Page) => page.locator('tbody tr[aria-rowindex="2"] td').nth(1).textContent();
export const header = (page: Page, name: string) => page.getByRole('columnheader', { name });
