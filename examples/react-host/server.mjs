// The partner app's web server: plain node:http, no dependencies. It serves the page with the
// ticket site's address filled in (SITE_URL), the app's bundle (dist/, `node build.mjs`) and, for
// the tests, a page that forges the bank frame's messages (spoof.html).
//
//   SITE_URL=http://localhost:3000 PORT=4200 node server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const PORT = Number(process.env.PORT ?? 4200);
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The origin of an http(s) address, or null (nothing else may become a frame's src). */
const httpOrigin = (text) => {
  try {
    const parsed = new URL(text ?? '');
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

const read = (file) => readFileSync(new URL(file, import.meta.url));
const pages = { '/': read('./index.html').toString('utf8'), '/spoof.html': read('./spoof.html').toString('utf8') };
/** The bundle's files (the app and the parts it loads on demand), read on each request: a rebuild needs no restart. */
const ASSET = /^\/assets\/([\w.-]+\.js(\.map)?)$/;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const page = pages[url.pathname];
  if (page) {
    // Tests only: ?spoof=<origin> adds a frame of that origin that forges the bank frame's messages.
    const spoof = httpOrigin(url.searchParams.get('spoof'));
    const values = {
      SITE_URL: escapeHtml(SITE_URL),
      SPOOF_FRAME: spoof ? `<iframe id="spoof" title="spoof" src="${escapeHtml(`${spoof}/spoof.html`)}"></iframe>` : '',
    };
    const html = page.replace(/\{\{(\w+)\}\}/g, (_, name) => values[name] ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    return;
  }
  const asset = ASSET.exec(url.pathname);
  if (asset) {
    let body;
    try {
      body = read(`./dist/${asset[1]}`);
    } catch {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('No such file: run `node build.mjs` first');
      return;
    }
    const type = asset[2] ? 'application/json' : 'text/javascript; charset=utf-8';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(body);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}).listen(PORT, () => console.log(`partner app on http://localhost:${PORT}/ (ticket site ${SITE_URL})`));
