// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subfolders = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => fs.statSync(`${dir}/${n}`).isDirectory()) : [];
const serverModules = subfolders('apps/server/src/modules');
/** A module's public surface: its service files (`<name>.service.ts`), and its tables for foreign keys. */
const surfaceOf = (m) =>
  fs
    .readdirSync(`apps/server/src/modules/${m}`)
    .filter((n) => n.endsWith('.service.ts') || n === `${m}.tables.ts`)
    .map((n) => `./${m}/${n}`);
const webFeatures = subfolders('apps/web/src/features');

/** DESIGN §2 import rules as zones. */
const zones = [
  // A server module reaches another only through its services (and its tables, for foreign keys).
  ...serverModules.map((m) => ({
    target: `./apps/server/src/modules/${m}`,
    from: './apps/server/src/modules',
    except: [`./${m}`, ...serverModules.filter((o) => o !== m).flatMap(surfaceOf)],
    message: 'Use the other module through its *.service.ts files (DESIGN §2).',
  })),
  // A web feature never imports another feature; app/ composes them.
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: './apps/web/src/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature (DESIGN §2).',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/api'],
    from: './apps/web/src/features',
    message: 'components/, lib/ and api/ never import features.',
  },
  { target: './packages/contract', from: './apps', message: 'contract imports nothing from apps/.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` stays in the output as `import {} from '…'`, which loads the module for nothing: in the
      // browser that can be a contract module's zod schemas on a screen that only needed its types.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Only repositories touch Drizzle (with their table definitions and the query builders they use).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.tables.ts', '**/*.query.ts', '**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories import Drizzle.' }] },
      ],
    },
  },
  {
    // Services never import Fastify; a service defines what it exports, it re-exports nothing (one place per name).
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories import Drizzle.' },
            { group: ['fastify', '@fastify/*'], message: 'Services never import Fastify.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'A service re-exports nothing: import from the source.',
        },
        { selector: 'ExportAllDeclaration', message: 'A service re-exports nothing: import from the source.' },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  { files: ['apps/web/public/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
