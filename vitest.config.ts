import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './packages/core/scripts/preact-aliases.js';
import { moduleMocks } from './packages/server/test/support/module-mocks.js';

// Workspace packages resolve to their TypeScript sources, as with Node's `--conditions=source`.
// The demo room is a subpath of its own (listed first: an alias matches by prefix).
const alias = Object.fromEntries([
  ['@partera/server/demo', path.resolve('packages/server/src/demo.ts')],
  ...['contract', 'server', 'core', 'site', 'loader'].map((p) => [
    `@partera/${p}`,
    path.resolve(`packages/${p}/src/index.ts`),
  ]),
]);
const resolve = { alias };
// Unit and integration tests live in each package's test/; e2e/ holds the Playwright specs.
const include = ['test/**/*.test.{ts,tsx}'];

// The core widgets' tests run three times: on the sources under React (core), on the ESM build
// under React (core-esm), and under preact/compat (core-preact), where test/bundle also drives
// the script-tag bundle itself. The two build projects need `pnpm --filter @partera/core build`
// first (`npm test` builds before it tests); test/support/require-build.ts says so if not.
const core = {
  root: 'packages/core',
  environment: 'happy-dom',
  // Waits end with what they wait for (test/support/waits.ts), or at the test's own limit.
  setupFiles: [
    path.resolve('packages/core/test/support/waits.ts'),
    path.resolve('packages/core/test/support/canvas.ts'),
  ] as string[],
  testTimeout: 60_000,
} as const;
const widgetTests = ['test/*.test.{ts,tsx}'];
const sourceOnly = ['test/seat-map.units.test.ts', 'test/seat-map.plan.test.ts'];
const requireBuild = [path.resolve('packages/core/test/support/require-build.ts')];

// Test files at once: one per core, and two on a 2-core machine, where Vitest's own default (cores
// less one) runs them one by one while most of a server test's time is spent waiting on
// PostgreSQL, Redis or a child process (the suite took 22 min so on CI, 15.5 with two).
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

/**
 * The server's and the site's tests share one module graph per worker (isolate: false): the
 * product's modules and PGlite's WebAssembly are loaded once per worker, not once per test file
 * (12 of the server's files on a 2-core machine: 94 s each in a graph of its own, 59 s sharing
 * one). A file that replaces a module with vi.mock would see the worker's copy already loaded
 * instead: the server's are listed in packages/server/test/support/module-mocks.ts and run in a
 * graph of their own (`--project 'server*'` runs both); the site has none (decision 0057).
 * packages/server/test/module-mocks.test.ts checks both.
 */
const server = {
  root: 'packages/server',
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // One migrated PGlite for the run, which each test's database is loaded from.
  globalSetup: [path.resolve('packages/server/test/support/pglite-template.ts')] as string[],
} as const;

export default defineConfig({
  resolve,
  test: {
    maxWorkers,
    projects: [
      { resolve, test: { name: 'contract', root: 'packages/contract', environment: 'node', include } },
      {
        resolve,
        test: { ...server, name: 'server', isolate: false, include, exclude: [...moduleMocks] },
      },
      // Those that replace a module of the product keep a module graph of their own.
      { resolve, test: { ...server, name: 'server-mocks', include: [...moduleMocks] } },
      { resolve, test: { ...core, name: 'core', include, exclude: ['test/bundle/**'] } },
      {
        resolve: { alias: { ...alias, '@partera/core': path.resolve('packages/core/dist/esm/index.js') } },
        test: { ...core, name: 'core-esm', include: widgetTests, exclude: sourceOnly, globalSetup: requireBuild },
      },
      {
        resolve: {
          alias: {
            ...alias,
            ...preactAliases,
            // Testing Library for preact, with what Testing Library for React does on top of it.
            '@testing-library/react': path.resolve('packages/core/test/support/testing-preact.ts'),
          },
        },
        test: {
          ...core,
          name: 'core-preact',
          include: [...widgetTests, 'test/bundle/*.test.{ts,tsx}'],
          // React's own server renderer is the site's, not the script-tag bundle's.
          exclude: [...sourceOnly, 'test/seat-map.ssr.test.tsx'],
          globalSetup: requireBuild,
          // Run through Vite, so that their imports of react see the aliases above.
          server: { deps: { inline: ['@testing-library/preact', 'valtio'] } },
        },
      },
      { resolve, test: { name: 'site', root: 'packages/site', environment: 'node', isolate: false, include } },
      { resolve, test: { name: 'loader', root: 'packages/loader', environment: 'happy-dom', include } },
      // The repository's own scripts (npm start's stamps).
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['test/**/*.test.mjs'] } },
    ],
  },
});
