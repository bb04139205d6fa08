import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ManualClock } from '../clock.js';

const advanceBody = z.object({
  minutes: z.coerce
    .number()
    .min(0)
    .max(60 * 24 * 365),
});

/**
 * Development and browser-test control of the server clock, so a test can let a hold expire
 * without waiting. Registered only when the app runs with a ManualClock and development tools on.
 */
export const devClockRoutes: FastifyPluginAsync = async (app) => {
  const { clock, config } = app.deps;
  if (!(clock instanceof ManualClock) || !config.devTools) return;
  app.post('/dev/clock/advance', async (req, reply) => {
    const parsed = advanceBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'minutes: a number of minutes' });
    clock.advance(parsed.data.minutes * 60_000);
    return { now: clock.now().toISOString() };
  });
  app.get('/dev/clock', async () => ({ now: clock.now().toISOString() }));
};
