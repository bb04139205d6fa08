import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources, as with Node's `--conditions=source`.
const alias = Object.fromEntries(
  ['contract', 'server', 'core', 'site'].map((p) => [`@partera/${p}`, path.resolve(`packages/${p}/src/index.ts`)]),
);
const resolve = { alias };

export default defineConfig({
  resolve,
  test: {
    projects: [
      { resolve, test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        resolve,
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { resolve, test: { name: 'core', root: 'packages/core', environment: 'happy-dom' } },
      { resolve, test: { name: 'site', root: 'packages/site', environment: 'node' } },
    ],
  },
});
