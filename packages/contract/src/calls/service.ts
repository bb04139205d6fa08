/** Service calls (hall-basket-checkout.md 7.8; site-browsing-account.md 7 'Service calls'). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { htmlAnswer, htmlFailure, jsonField, LIST_MAX, multilineText, request, TEXT_MAX, text } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const SITE_SERVICE = 'site-browsing-account.md 7 Service calls';

/** Answer of fire-and-forget logging calls (the spec shows none): {ok}. */
const ackAnswer = z.object({ ok: z.boolean(), message: z.string().optional() });
const ackFailure = (message: string) => ({ ok: false, message });

/** No query string is longer: Node refuses request headers over 16 KB. */
const REPORT_FIELD_MAX = 16 * 1024;

export const POPUP_MODES = ['alert', 'basic', 'dialog'] as const;

export const getPopup = defineCall({
  id: 'service.getPopup',
  method: 'POST',
  path: '/getPopup/',
  params: 'form',
  request: request({
    mode: z.enum(POPUP_MODES),
    msgHtml: multilineText(TEXT_MAX.text),
    buttons: jsonField(
      z
        .array(z.looseObject({ text: text(TEXT_MAX.name).optional() }))
        .max(LIST_MAX)
        .or(z.record(text(TEXT_MAX.code), z.unknown())),
    ).optional(),
    blockId: text(TEXT_MAX.code).optional(),
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
  // The timing fields are the browser's own names: any other field is a line of the report, text
  // without control characters. Its length is bounded by the query string itself (a GET's
  // headers hold 16 KB), and the server trims each further before it stores the report.
  request: request({
    location: text(TEXT_MAX.url).optional(),
    iframe_failure: text(TEXT_MAX.code).optional(),
    loc: text(TEXT_MAX.url).optional(),
    iframe_msg: multilineText(TEXT_MAX.text).optional(),
  }).catchall(z.union([text(REPORT_FIELD_MAX), z.array(text(REPORT_FIELD_MAX)).max(LIST_MAX)])),
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
  request: request({ click: text(TEXT_MAX.text).optional(), show: text(TEXT_MAX.text).optional() }),
  answer: 'json',
  response: ackAnswer,
  failure: ackFailure,
  spec: SITE_SERVICE,
  summary: "SEO banner statistics: {click} or {show} (image paths joined by ';').",
});

export const serviceCalls = [getPopup, uiPerformanceLog, userDebugInfo, statSeoLog] as const;
