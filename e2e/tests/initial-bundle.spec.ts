import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/**
 * The first screen (shell and its dashboard, DESIGN §4) loads ≤ 250 KB of gzipped JavaScript (docs/budgets.md). What
 * keeps it there: answers are typed, not parsed with zod; contract modules the shell reads have no zod; oidc-client-ts
 * loads only to sign in, refresh or sign out; charts load after the figures (docs/decisions/0009-…).
 */
const BUDGET_BYTES = 250 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

test('the first screen loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
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
  // None of the drawers' or modal's own chunks, nor other routes' pages (a shared chunk is named after its group,
  // `vendor` or `mantine`, or the first module in it; a chunk's own name is its module's).
  const ownName =
    /^\/assets\/(profile-drawer|user-directory-drawer|change-click-to-call|data-table|drill-drawer|series-charts)/;
  expect(sizes.map((s) => s.file).filter((file) => ownName.test(file))).toEqual([]);
  // Nor the libraries the first screen does without (each chunk's source map names the files it was built from).
  const libraries = sizes
    .filter(({ file }) => existsSync(path.join(dist, `${file}.map`)))
    .flatMap(({ file }) => {
      const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
      return map.sources.flatMap((source) => /node_modules\/(zod|oidc-client-ts)\//.exec(source)?.[1] ?? []);
    });
  expect([...new Set(libraries)]).toEqual([]);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
