import { defineConfig } from 'vitest/config';

/** `npm run test:unit` and `npm run test:api`; e2e runs in Playwright (e2e/). Always UTC (DESIGN §5). */
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Component tests: React in happy-dom, no network (DESIGN §5).
        // `@/…` imports resolve through apps/web/tsconfig.json's `paths`, as in the Vite build.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A guard against a hung test, not a speed check: a calendar render takes ~5 s on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/server/**/*.api.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Each file gets its own database; PGlite runs queries on the main thread, so two forks suit 2 cores.
          pool: 'forks',
          maxWorkers: 2,
          // The two forks live for the whole run and keep their imports: every file builds the whole server, and
          // importing it afresh per file took 480 s of the 2,200 s the two workers spent. Each file opens and closes
          // its own app and database; module state a test swaps (workflow wiring, fake clocks) it restores itself.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
