/**
 * The browsing pages on PostgreSQL (issue 13): requests per second and latency of each page a
 * buyer browses, as a browser asks for them (compressed, no cookie: a new visitor each time).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/browsing.ts
 *
 * Starts the product (server and site pages, NODE_ENV=production, one process) with the full demo
 * catalogue on PostgreSQL (schema bench_search, shared with the search benchmark and kept so later
 * runs skip the seeding). Each page's address is found as a buyer finds it, by following links
 * from the pages before it (a show from the home page, its reviews tab, a genre, the schedule of
 * a venue...); a page the product does not link to is reported as not found. Then autocannon, 10
 * connections, 10 s per page, medians of 3 runs, each on a fresh process.
 *
 * With BENCH_CPU=n (on a shared machine, where requests per second mean little): the server's
 * CPU time per request of each page instead, over n requests (one run; nothing written).
 */
import os from 'node:os';
import { cpuPerRequest, loadPage, type PageFigures, startProduct } from './product-start.js';
import { machine, markdownTable, median, writeSection } from './report.js';

const CPU_REQUESTS = Number(process.env.BENCH_CPU ?? 0);
const RUNS = CPU_REQUESTS > 0 ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('set DATABASE_URL');

type Figures = PageFigures;
const load = (url: string) => loadPage(url, SECONDS);

/** The first link on `page` whose path matches `pattern`, as an absolute path. */
function firstLink(html: string, pattern: RegExp): string | undefined {
  for (const m of html.matchAll(/href="([^"#]+)"/g)) {
    const href = m[1]!.replace(/&amp;/g, '&');
    const path = href.startsWith('http') ? new URL(href).pathname + new URL(href).search : href;
    if (pattern.test(path)) return path;
  }
  return undefined;
}

/** Each page of the table: its name, and how its address is found from the pages already read. */
const PAGES: Array<[string, (read: (path: string) => Promise<string>) => Promise<string | undefined>]> = [
  ['home page', async () => '/'],
  ['show page', async (read) => firstLink(await read('/'), /^\/show\/[^/]+\/$/)],
  [
    'show page, reviews tab',
    async (read) => {
      const show = firstLink(await read('/'), /^\/show\/[^/]+\/$/);
      return show && firstLink(await read(show), /^\/show\/[^/]+\/reviews\/$/);
    },
  ],
  ['hall page', async (read) => firstLink(await read('/'), /^\/performance\/\d+\/$/)],
  ['search results', async () => `/search/performance/?text=${encodeURIComponent('чехов')}`],
  ['venue search results', async () => `/search/place/?text=${encodeURIComponent('театр')}`],
  [
    'genre page',
    async (read) =>
      firstLink(await read('/'), /^\/genre\//) ??
      firstLink(await read(firstLink(await read('/'), /^\/show\/[^/]+\/$/) ?? '/'), /^\/genre\//),
  ],
  ['schedule', async (read) => firstLink(await read('/'), /^\/schedule\//) ?? '/schedule/place-all/'],
  ['per-city listing', async (read) => firstLink(await read('/'), /^\/afisha\//)],
  ['box offices /kassa/', async () => '/kassa/'],
  ['recommendations', async () => '/recommendations/'],
  ['sitemap.xml', async () => '/sitemap.xml'],
];

const results = new Map<string, { path: string | undefined; figures: Figures[] }>();
const loadBefore = os.loadavg()[0] ?? 0;
for (let run = 0; run < RUNS; run++) {
  const server = await startProduct({ port: 3360 + run, postgresUrl, schema: 'bench_search' });
  try {
    const pages = new Map<string, string>();
    const read = async (path: string) => {
      let html = pages.get(path);
      if (html === undefined) {
        const r = await fetch(`${server.url}${path}`);
        html = r.ok ? await r.text() : '';
        pages.set(path, html);
      }
      return html;
    };
    for (const [name, find] of PAGES) {
      const found = await find(read);
      // Where the product sends a buyer who follows the link (/schedule/ redirects to its dates).
      const answer = found === undefined ? undefined : await fetch(`${server.url}${found}`);
      const path = answer?.ok ? new URL(answer.url).pathname + new URL(answer.url).search : undefined;
      const entry = results.get(name) ?? { path, figures: [] };
      results.set(name, entry);
      if (!path) {
        entry.path = undefined;
        continue;
      }
      if (CPU_REQUESTS > 0) {
        const micros = await cpuPerRequest(`${server.url}${path}`, 3360 + run, CPU_REQUESTS);
        console.log(`${name} ${path}: ${Math.round(micros)} µs CPU per request`);
        continue;
      }
      const f = await load(`${server.url}${path}`);
      entry.figures.push(f);
      console.log(`${name} ${path}: ${Math.round(f.rps)} rps, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}`);
    }
  } finally {
    await server.stop();
  }
}

const rows = [...results].map(([name, { path, figures }]) =>
  path === undefined || figures.length === 0
    ? [name, 'not served', '', '', '', '']
    : [
        name,
        `\`${decodeURIComponent(path)}\``,
        String(Math.round(median(figures.map((f) => f.rps)))),
        String(median(figures.map((f) => f.p50))),
        String(median(figures.map((f) => f.p99))),
        String(figures.reduce((n, f) => n + f.errors, 0)),
      ],
);

if (RUNS === 3 && CPU_REQUESTS === 0) {
  writeSection(
    'browsing',
    `## Browsing pages

The product (server and site pages) with the full demo catalogue on PostgreSQL, NODE_ENV=production,
one process. Each page is found by following the product's own links; autocannon, 10 connections,
${SECONDS} s per page, requests accepting brotli and gzip, without a cookie (a new visitor each
time); medians of ${RUNS} runs, each on a fresh process. Issue 13's bar: at least 1,000 requests a
second with a p99 of at most 50 ms for every catalogue and search page.

${markdownTable(['page', 'address', 'requests / s', 'p50 ms', 'p99 ms', 'errors'], rows)}

Machine: ${machine()}; load average ${loadBefore.toFixed(1)} before the run. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/browsing.ts\``,
  );
}
process.exit(0);
