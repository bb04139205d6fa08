import { getPopup, statSeoLog, uiPerformanceLog, userDebugInfo } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { readUiReport, recordUiReport } from '../services/partners/index.js';
import { bannerImagesOf, countBannerStats } from '../services/service/banner-stats.js';
import { debugInfoOf } from '../services/service/debug-info.js';
import { popupButtons, popupHtml } from '../services/service/popup.js';
import { signedInAccount } from './signed-in.js';

/** Service calls (hall-basket-checkout.md 7.8; site-browsing-account.md 7 'Service calls'). */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, uiPerformanceLog, async (input, req) => {
    await recordUiReport(deps.db, readUiReport(input), {
      at: deps.clock.now(),
      userAgent: req.headers['user-agent'],
    });
    return { ok: true };
  });

  route(app, getPopup, async (input) =>
    popupHtml(input.mode, input.msgHtml, popupButtons(input.buttons), input.blockId),
  );

  route(app, userDebugInfo, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(deps.db, req, reply);
    return debugInfoOf(
      {
        sessionId: req.session.id,
        sessionIsNew: req.session.isNew,
        userAgent: req.headers['user-agent'],
        now: deps.clock.now(),
      },
      account,
    );
  });

  route(app, statSeoLog, async (input) => {
    await countBannerStats(
      deps.db,
      { shows: bannerImagesOf(input.show), clicks: bannerImagesOf(input.click).slice(0, 1) },
      deps.clock.now(),
    );
    return { ok: true };
  });
};
