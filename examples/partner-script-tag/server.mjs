// The partner's web server: plain node:http, no dependencies. It serves the partner page with the
// ticket site's address filled in (SITE_URL) and, for the tests, a page that forges messages
// (spoof.html) and one that frames the site without the loader (bare.html).
//
//   SITE_URL=http://localhost:3000 PORT=4000 node server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const PORT = Number(process.env.PORT ?? 4000);
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
/** The demo partner of the development database (npm run partners -- list). */
const PARTNER_HASH = process.env.PARTNER_HASH ?? 'demo-partner-hash';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const pages = {
  '/': readFileSync(new URL('./index.html', import.meta.url), 'utf8'),
  '/spoof.html': readFileSync(new URL('./spoof.html', import.meta.url), 'utf8'),
  '/bare.html': readFileSync(new URL('./bare.html', import.meta.url), 'utf8'),
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const page = pages[url.pathname];
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  // ?start=/performance/12/ opens the frame on that page of the ticket site; ?hash= tries another
  // partner hash and ?spoof=<origin> adds a third-party frame that forges messages (both for the tests).
  const start = url.searchParams.get('start') ?? '/';
  const values = {
    SITE_URL,
    START_URL: SITE_URL + (start.startsWith('/') ? start : '/'),
    PARTNER_HASH: url.searchParams.get('hash') ?? PARTNER_HASH,
    SPOOF_URL: url.searchParams.get('spoof') ?? '',
  };
  const html = page.replace(/\{\{(\w+)\}\}/g, (_, name) => escapeHtml(values[name] ?? ''));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}).listen(PORT, () => console.log(`partner page on http://localhost:${PORT}/ (ticket site ${SITE_URL})`));
