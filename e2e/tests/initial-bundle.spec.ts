import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/** DESIGN §4: the first screen (shell and its dashboard) loads ≤ 300 KB of gzipped JavaScript. */
const BUDGET_BYTES = 300 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

test('the first screen loads at most 300 KB of gzipped JavaScript', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page.getByRole('heading', { name: 'Corporate dashboard' })).toBeVisible();

  // A fresh load of the landing page, as a signed-in user opening the app.
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Corporate dashboard' })).toBeVisible();
  await expect(page.getByRole('menubar', { name: 'Main menu' })).toBeVisible();

  const sizes = [...scripts].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
  expect(sizes.length).toBeGreaterThan(3);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `Initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files\n` +
      sizes.map((s) => `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`).join('\n'),
  );
  // None of the drawers' or modal's own chunks, nor other routes' pages (shared library chunks are
  // named after every chunk that uses them, so only a chunk's own name counts here).
  const ownName =
    /^\/assets\/(profile-drawer|user-directory-drawer|change-click-to-call|data-table|drill-drawer|series-charts)/;
  expect(sizes.map((s) => s.file).filter((file) => ownName.test(file))).toEqual([]);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
