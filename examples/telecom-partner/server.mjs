// The telecom partner: its web page and its back end in one plain node:http server, no
// dependencies. The page frames the ticket site with the loader; when the buyer pays, the site
// hands the page an orderToken, the page passes it to this back end, and the back end reads the
// order from the ticket site, takes the money "in the operator's app" (simulated here) and
// confirms it to the ticket site. Both calls to the ticket site are signed with the notify secret.
//
//   SITE_URL=http://localhost:3000 PORT=4100 node server.mjs
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const PORT = Number(process.env.PORT ?? 4100);
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
/** The demo telecom partner of the development database (packages/server/src/seed/extras.ts). */
const PARTNER_HASH = process.env.PARTNER_HASH ?? 'demo-telecom-hash';
/** Development only: a real partner keeps its secret out of the code and the page. */
const NOTIFY_SECRET = process.env.NOTIFY_SECRET ?? 'demo-telecom-secret';

const ORDER_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DECLINE_REASON = 'Абонент отказался от оплаты в приложении оператора';

// ------------------------------------------------------------------ talking to the ticket site

/**
 * The three signature headers (docs/embedding.md, "The partner's own pay flow"): an HMAC-SHA256
 * with the notify secret over
 *   v1 \n {timestamp} \n {partner hash} \n {METHOD} \n {path} [\n {field} …]
 */
function signedHeaders(method, path, fields = []) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const canonical = ['v1', timestamp, PARTNER_HASH, method, path, ...fields].join('\n');
  return {
    'x-partera-partner': PARTNER_HASH,
    'x-partera-timestamp': timestamp,
    'x-partera-signature': createHmac('sha256', NOTIFY_SECRET).update(canonical, 'utf8').digest('hex'),
  };
}

async function callSite(method, path, { fields, body } = {}) {
  const headers = signedHeaders(method, path, fields);
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(SITE_URL + path, { method, headers, body: body && JSON.stringify(body) });
  return { status: res.status, answer: await res.json().catch(() => ({})) };
}

/** GET /partner-pay/orders/{orderToken}/: what to charge, in kopecks, with the cashback. */
const readOrder = (orderToken) => callSite('GET', `/partner-pay/orders/${orderToken}/`);

/**
 * Our own ids of the notifications sent, by orderToken and outcome: a retry after a lost answer
 * sends the same event again, which the ticket site applies once (and answers 'replayed').
 */
const eventIds = new Map();

/** POST /payment/callback/mts_pay/: the payment succeeded or was declined. */
async function confirm(orderToken, status) {
  // The amount comes from the ticket site, never from the browser.
  const order = await readOrder(orderToken);
  if (order.status !== 200) return order;
  const key = `${orderToken}:${status}`;
  if (order.answer.status !== 'pending' && !eventIds.has(key)) {
    return { status: 409, answer: { message: 'Этот заказ уже не ждёт оплаты.' } };
  }
  const eventId = eventIds.get(key) ?? randomUUID();
  eventIds.set(key, eventId);
  const reason = status === 'declined' ? DECLINE_REASON : '';
  const amount = String(order.answer.amount);
  return callSite('POST', '/payment/callback/mts_pay/', {
    fields: [orderToken, eventId, status, amount, reason],
    body: { orderToken, eventId, status, amount, ...(reason ? { reason } : {}) },
  });
}

// ------------------------------------------------------------------ the partner's web server

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8');

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The page's own JSON posts. Requiring JSON keeps other sites' forms out (a cross-site JSON post needs CORS). */
async function readJson(req) {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return null;
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const api = {
  /** The page received an orderToken from the ticket frame: show what the buyer is about to pay. */
  '/api/order': (token) => readOrder(token),
  '/api/pay': (token) => confirm(token, 'succeeded'),
  '/api/decline': (token) => confirm(token, 'declined'),
};

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (req.method === 'GET' && url.pathname === '/') {
    // ?start=/performance/12/ opens the frame on that page; ?cashback=7 overrides the cashback.
    const start = url.searchParams.get('start') ?? '/';
    const startUrl = new URL(start.startsWith('/') ? start : '/', SITE_URL);
    const cashback = url.searchParams.get('cashback');
    if (cashback && /^\d{1,3}$/.test(cashback)) startUrl.searchParams.set('cashback_value', cashback);
    // Tests only: ?hash= tries another partner hash on the page; ?spoof=<origin> adds a frame of
    // that origin which forges messages (examples/partner-script-tag/spoof.html).
    const spoof = url.searchParams.get('spoof') ?? '';
    const values = {
      SITE_URL,
      START_URL: startUrl.href,
      PARTNER_HASH: url.searchParams.get('hash') ?? PARTNER_HASH,
      SPOOF_SRC: /^https?:\/\/[\w.:-]+$/.test(spoof) ? `${spoof}/spoof.html` : 'about:blank',
    };
    const html = page.replace(/\{\{(\w+)\}\}/g, (_, name) => escapeHtml(values[name] ?? ''));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    return;
  }
  const handler = req.method === 'POST' ? api[url.pathname] : undefined;
  if (!handler) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const body = await readJson(req);
  const token = body?.orderToken;
  if (typeof token !== 'string' || !ORDER_TOKEN.test(token)) {
    send(res, 400, { message: 'Нет токена заказа.' });
    return;
  }
  try {
    const { status, answer } = await handler(token);
    send(res, status, answer);
  } catch (error) {
    console.error(error);
    send(res, 502, { message: 'Сайт продажи билетов не отвечает. Попробуйте позже.' });
  }
}).listen(PORT, () => console.log(`telecom partner page on http://127.0.0.1:${PORT}/ (ticket site ${SITE_URL})`));
