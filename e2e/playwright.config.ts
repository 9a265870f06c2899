import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

import { MAIN_PORT, REFRESH_PORT, serverUrl } from './tests/support/servers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A fresh database per run and server. Workers load this file again; they inherit the variables
// instead of creating directories of their own.
process.env.CASEDESK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'casedesk-e2e-'));
process.env.CASEDESK_E2E_REFRESH_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'casedesk-e2e-refresh-'));

interface ServerOptions {
  port: number;
  dataDir: string;
  seedClients: number;
  accessTokenSeconds?: number;
}

const E2E_RATE_LIMITS = {
  SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
  MATCHING_RATE_LIMIT_PER_MINUTE: '1000000',
  EXPORT_RATE_LIMIT_PER_MINUTE: '1000000',
  CLICK_TO_CALL_RATE_LIMIT_PER_MINUTE: '1000000',
  SMS_RATE_LIMIT_PER_MINUTE: '1000000',
};

function casedeskServer({ port, dataDir, seedClients, accessTokenSeconds }: ServerOptions) {
  return {
    // The compiled server, as `npm start` runs it (`npm run build:e2e` builds it beside the web app).
    command: 'node --enable-source-maps apps/server/dist/server.mjs',
    cwd: repoRoot,
    url: `${serverUrl(port)}/api/health`,
    reuseExistingServer: false,
    // First start migrates and seeds a new database.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_CLIENTS: String(seedClients),
      ...(accessTokenSeconds ? { ACCESS_TOKEN_TTL_SECONDS: String(accessTokenSeconds) } : {}),
      TZ: 'UTC',
      LOG_LEVEL: 'warn',
      // The specs share a few seeded users and one server for the whole run: per-user rate limits would
      // refuse them for their number, not for anything a spec checks (API tests cover the limits).
      ...E2E_RATE_LIMITS,
    },
  };
}

const desktop = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };
const TIMING_SPECS = /\.timing\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // One at a time: on the two-core machines CI runs on, a second worker made the suite no faster
  // (185 s against 175 s for the same 22 specs) and each spec twice as slow, so long specs met their
  // timeouts and short-lived messages their polls.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: serverUrl(MAIN_PORT),
    timezoneId: 'UTC',
    // No transitions (the theme respects reduced motion): axe and screenshots never catch a half-faded menu.
    reducedMotion: 'reduce',
    locale: 'en-US',
    // Recording a trace (DOM snapshots and a screencast of every action) made the suite about a quarter
    // slower (21 specs: 275 s against 204 s), and CI keeps no artifacts to open one in: local runs only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
    // Frame and repaint timings are a measurement, not a test: `npm test` asserts no elapsed time, so they
    // run only on their own (`npm run bench:browser`), with nothing else sharing the cores they measure.
    // Never traced: recording a screencast doubled the wheel-scroll frame gaps (median 17 ms untraced,
    // 33-43 ms traced).
    { name: 'timing', use: { ...desktop, trace: 'off' }, testMatch: TIMING_SPECS },
  ],
  webServer: [
    // The app as staff use it: access tokens live the default 10 minutes, so no spec's flow is
    // interrupted by an expiry it did not ask for.
    casedeskServer({ port: MAIN_PORT, dataDir: process.env.CASEDESK_E2E_DATA_DIR, seedClients: 200 }),
    // token-refresh.spec.ts only: 10 s access tokens, so its waits see one expire (SPEC §4).
    casedeskServer({
      port: REFRESH_PORT,
      dataDir: process.env.CASEDESK_E2E_REFRESH_DATA_DIR,
      seedClients: 20,
      accessTokenSeconds: 10,
    }),
  ],
});
