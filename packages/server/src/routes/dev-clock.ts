import { devClock, devClockAdvance } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ManualClock } from '../clock.js';
import { route } from '../http/route.js';

/**
 * Development and browser-test control of the server clock, so a test can let a hold expire
 * without waiting. Registered only when the app runs with a ManualClock and development tools on.
 */
export const devClockRoutes: FastifyPluginAsync = async (app) => {
  const { clock, config } = app.deps;
  if (!(clock instanceof ManualClock) || !config.devTools) return;

  // CSRF-free: the callers are test drivers posting straight to the server (no page of the site
  // has a form for it), and the route exists only on a test server with a manual clock.
  route(
    app,
    devClockAdvance,
    ({ minutes }) => {
      clock.advance(minutes * 60_000);
      return { now: clock.now().toISOString() };
    },
    { csrf: false },
  );

  route(app, devClock, () => ({ now: clock.now().toISOString() }));
};
