import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (or a run and CI) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A fresh database per run. Workers load this file again; they inherit the variable instead of
// creating directories of their own.
process.env.CASEDESK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'casedesk-e2e-'));
const dataDir = process.env.CASEDESK_E2E_DATA_DIR;

const desktop = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };
const TIMING_SPECS = /\.timing\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    timezoneId: 'UTC',
    // No transitions (the theme respects reduced motion): axe and screenshots never catch a half-faded menu.
    reducedMotion: 'reduce',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // DESIGN §5: Debian's Chromium, never a downloaded browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: desktop, testIgnore: TIMING_SPECS },
    // Frame and repaint timings run last, once the other specs have finished: on two cores a
    // neighbouring worker's browser and server would otherwise decide the figures.
    { name: 'timing', use: desktop, testMatch: TIMING_SPECS, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // First start migrates and seeds a new database.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Short-lived access tokens so the refresh spec sees one expire.
      ACCESS_TOKEN_TTL_SECONDS: '10',
      SEED_CLIENTS: '200',
      TZ: 'UTC',
      LOG_LEVEL: 'warn',
    },
  },
});
