import { defineConfig } from 'vitest/config';

const source = { conditions: ['source'] };

export default defineConfig({
  resolve: source,
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    projects: [
      { resolve: source, test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        resolve: source,
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { resolve: source, test: { name: 'core', root: 'packages/core', environment: 'happy-dom' } },
      { resolve: source, test: { name: 'site', root: 'packages/site', environment: 'node' } },
    ],
  },
});
