import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources, as with Node's `--conditions=source`.
const alias = Object.fromEntries(
  ['contract', 'server', 'core', 'site', 'loader'].map((p) => [
    `@partera/${p}`,
    path.resolve(`packages/${p}/src/index.ts`),
  ]),
);
const resolve = { alias };
// Unit and integration tests live in each package's test/; e2e/ holds the Playwright specs.
const include = ['test/**/*.test.{ts,tsx}'];

export default defineConfig({
  resolve,
  test: {
    projects: [
      { resolve, test: { name: 'contract', root: 'packages/contract', environment: 'node', include } },
      {
        resolve,
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          include,
        },
      },
      { resolve, test: { name: 'core', root: 'packages/core', environment: 'happy-dom', include } },
      { resolve, test: { name: 'site', root: 'packages/site', environment: 'node', include } },
      { resolve, test: { name: 'loader', root: 'packages/loader', environment: 'happy-dom', include } },
    ],
  },
});
