import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { signIn } from './session.ts';

/** SPEC §9: the top menu from 1024 px, the sidebar below. */
export const WIDE = 1280;
export const NARROW = 800;

export type MenuListing = Record<string, string[]>;

export async function setWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  // Let Mantine's media queries and the layout settle.
  await page.waitForTimeout(150);
}

export function topMenu(page: Page) {
  return page.getByRole('menubar', { name: 'Main menu' });
}

/** Opens each group of the top menu in turn and reads its items. */
export async function readTopMenu(page: Page): Promise<MenuListing> {
  const bar = topMenu(page);
  await expect(bar).toBeVisible();
  const listing: MenuListing = {};
  const groups = await bar.getByRole('menuitem').allTextContents();
  for (const group of groups) {
    await bar.getByRole('menuitem', { name: group, exact: true }).click();
    const dropdown = page.getByRole('menu', { name: group, exact: true });
    await expect(dropdown).toBeVisible();
    listing[group] = await dropdown.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
  }
  return listing;
}

export async function openSidebar(page: Page) {
  const sidebar = page.getByRole('navigation', { name: 'Main menu' });
  if (!(await sidebar.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  return sidebar;
}

/** Opens the sidebar, expands every group and reads its links. */
export async function readSidebar(page: Page): Promise<MenuListing> {
  const sidebar = await openSidebar(page);
  const listing: MenuListing = {};
  const groupButtons = sidebar.locator('button[aria-controls^="side-menu-"]');
  const count = await groupButtons.count();
  for (let i = 0; i < count; i += 1) {
    const button = groupButtons.nth(i);
    const group = (await button.textContent())?.trim() ?? '';
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    const list = sidebar.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(list).toBeVisible();
    listing[group] = await list.getByRole('link').allTextContents();
  }
  return listing;
}

export function quickActions(page: Page) {
  return page.getByRole('group', { name: 'Quick actions' }).getByRole('button');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousViolations(page: Page, context = 'document'): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const target = selector === 'document' ? document : document.querySelector(selector);
    const result = await axe.run(target, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, context);
}

/**
 * One signed-in page shared by the tests of a serial block: the sign-in form is rate-limited
 * (20 a minute, DESIGN §7), so blocks sign in once instead of once per test.
 */
export async function signedInPage(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
  const page = await browser.newPage({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: WIDE, height: 800 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  await signIn(page, email);
  return page;
}
