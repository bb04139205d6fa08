/** Service calls (hall-basket-checkout.md 7.8; site-browsing-account.md 7 'Service calls'). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { htmlAnswer, htmlFailure, jsonField, request } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const SITE_SERVICE = 'site-browsing-account.md 7 Service calls';

/** Answer of fire-and-forget logging calls (the spec shows none): {ok}. */
const ackAnswer = z.object({ ok: z.boolean(), message: z.string().optional() });
const ackFailure = (message: string) => ({ ok: false, message });

export const POPUP_MODES = ['alert', 'basic', 'dialog'] as const;

export const getPopup = defineCall({
  id: 'service.getPopup',
  method: 'POST',
  path: '/getPopup/',
  params: 'form',
  request: request({
    mode: z.enum(POPUP_MODES),
    msgHtml: z.string(),
    buttons: jsonField(
      z.array(z.looseObject({ text: z.string().optional() })).or(z.record(z.string(), z.unknown())),
    ).optional(),
    blockId: z.string().optional(),
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${HALL} 7.8; ${SITE_SERVICE}`,
  summary: 'Renders a popup (?mode=alert|basic|dialog) with msgHtml and buttons (JSON) into HTML.',
});

export const uiPerformanceLog = defineCall({
  id: 'service.uiPerformanceLog',
  method: 'GET',
  path: '/uiperformancelog/',
  params: 'query',
  request: request({
    location: z.string().optional(),
    iframe_failure: z.string().optional(),
    loc: z.string().optional(),
    iframe_msg: z.string().optional(),
  }),
  answer: 'json',
  response: ackAnswer,
  failure: ackFailure,
  spec: `${HALL} 7.8, 8.7; ${SITE_SERVICE}`,
  summary:
    'Browser timing report (timing fields, location) or an embedding failure {iframe_failure, loc, iframe_msg}; the server stores it in ui_performance_log and answers {ok}.',
});

export const userDebugInfo = defineCall({
  id: 'service.userDebugInfo',
  method: 'GET',
  path: '/service/getUserDebugInfo/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: z.record(z.string(), z.unknown()),
  failure: (message) => ({ message }),
  spec: SITE_SERVICE,
  summary: 'Debug information for the Ctrl+Alt+0 dialog (answer not shown: session, user, region, build).',
});

export const statSeoLog = defineCall({
  id: 'service.statSeoLog',
  method: 'GET',
  path: '/stat-seo-log/',
  params: 'query',
  request: request({ click: z.string().optional(), show: z.string().optional() }),
  answer: 'json',
  response: ackAnswer,
  failure: ackFailure,
  spec: SITE_SERVICE,
  summary: "SEO banner statistics: {click} or {show} (image paths joined by ';').",
});

export const serviceCalls = [getPopup, uiPerformanceLog, userDebugInfo, statSeoLog] as const;
