import { uiPerformanceLog } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { readUiReport, recordUiReport } from '../services/partners/index.js';

/** Service calls (hall-basket-checkout.md 7.8; site-browsing-account.md 7 'Service calls'). */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  route(app, uiPerformanceLog, async (input, req) => {
    await recordUiReport(app.deps.db, readUiReport(input), {
      at: app.deps.clock.now(),
      userAgent: req.headers['user-agent'],
    });
    return { ok: true };
  });
};
