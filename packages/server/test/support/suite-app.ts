import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach } from 'vitest';
import type { ManualClock } from '../../src/clock.js';
import { buildTestApp } from './app.js';
import type { TestDatabase } from './databases.js';

/**
 * The app of a describeEachDatabase suite, built once over the suite's database, its clock back
 * at the start before each test. Read `app` and `clock` inside tests and hooks.
 */
export function suiteApp(get: () => TestDatabase): { readonly app: FastifyInstance; readonly clock: ManualClock } {
  let built: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  beforeAll(async () => {
    built = await buildTestApp(get().db);
  });
  beforeEach(() => built?.clock.reset());
  const current = () => {
    if (!built) throw new Error('the suite’s app is not built yet');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get clock() {
      return current().clock;
    },
  };
}
