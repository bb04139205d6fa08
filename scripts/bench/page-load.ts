/**
 * Page loads on a slow network, in Chromium's headless shell (Debian's package).
 *
 *   node --conditions=source --import tsx scripts/bench/page-load.ts
 *
 * Starts the product in production mode with the demo catalogue (kept in .data/bench-pglite, as
 * scripts/bench/seat-map.ts does) and opens the home page, a show page and the hall page of a
 * theatre performance at the 575 px width, each in a fresh browser context (nothing cached),
 * with the network emulated at 1.5 MB/s down, 0.75 MB/s up and a round trip of 0, 40 and
 * 150 ms. Reported, medians of 5 loads: the requests made, the time to the page's `load` event
 * and, for the hall, to the seat map answering (the plan's probe on its viewport). The server
 * answers HTTP/1.1, so Chromium asks for at most six files at once: what a page costs on a slow
 * network is mostly how many rounds of files it needs. `BENCH_PORT` moves the product off port
 * 3292, `BENCH_RUNS=1` measures once without writing docs/benchmarks.md.
 */
import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../packages/site/e2e/chromium.js';
import { startDemoProduct } from './demo-product.js';
import { machine, markdownTable, median, writeSection } from './report.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUND_TRIPS = [0, 40, 150];
const PORT = Number(process.env.BENCH_PORT ?? 3292);
const { server, origin } = await startDemoProduct(PORT);
const found = await server.app.deps.db.query<{ performance_id: number; slug: string }>(
  `SELECT p.id AS performance_id, s.slug
     FROM performances p JOIN halls h ON h.id = p.hall_id JOIN shows s ON s.id = p.show_id
    WHERE h.kind = 'theatre' AND p.sale_state = 'on_sale' AND p.starts_at > now()
    ORDER BY p.starts_at LIMIT 1`,
);
const theatre = found.rows[0];
if (!theatre) throw new Error('no theatre performance on sale in the demo catalogue');

const pages = [
  { name: 'home', path: '/' },
  { name: 'show', path: `/show/${theatre.slug}/` },
  { name: 'hall', path: `/performance/${theatre.performance_id}/`, ready: 'seat map answering' },
];

/** Resolves in the first frame in which the plan's probe is on the viewport. */
const PLAN_ANSWERS = `new Promise((resolve) => {
  const check = () => document.querySelector('.pt-hall-viewport')?.ptPlan ? resolve(true) : requestAnimationFrame(check);
  check();
})`;

interface Load {
  requests: number;
  loadMs: number;
  readyMs: number | null;
}

async function load(browser: Browser, url: string, roundTripMs: number, waitForPlan: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 575, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: roundTripMs,
      downloadThroughput: 1.5e6,
      uploadThroughput: 0.75e6,
    });
    let requests = 0;
    page.on('request', () => requests++);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const loadMs = Date.now() - started;
    let readyMs: number | null = null;
    if (waitForPlan) {
      // The plan puts its probe on the viewport when it answers (core's seat map, `ptPlan`).
      // Passed as text, run through the protocol: the page's policy allows no evaluated strings.
      await page.evaluate(PLAN_ANSWERS);
      readyMs = Date.now() - started;
    }
    return { requests, loadMs, readyMs };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
const rows: string[][] = [];
try {
  for (const roundTrip of ROUND_TRIPS) {
    for (const p of pages) {
      // One load first, not counted: the server renders and keeps the page on its first request.
      await load(browser, origin + p.path, 0, false);
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await load(browser, origin + p.path, roundTrip, Boolean(p.ready)));
      const ready = loads.map((l) => l.readyMs).filter((ms): ms is number => ms !== null);
      const row = [
        p.name,
        String(roundTrip),
        String(median(loads.map((l) => l.requests))),
        String(Math.round(median(loads.map((l) => l.loadMs)))),
        ready.length ? `${Math.round(median(ready))} (${p.ready})` : '—',
      ];
      rows.push(row);
      console.log(row.join('  '));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const table = markdownTable(['page', 'round trip ms', 'requests', '`load` ms', 'ready ms'], rows);
console.log(table);
if (RUNS === 5) {
  writeSection(
    'page-load',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, with
\`node --conditions=source --import tsx scripts/bench/page-load.ts\`: the production server on
PGlite with the demo catalogue, Chromium's headless shell at 575 px, a fresh context for each
load, the network at 1.5 MB/s down and the round trip given; medians of ${RUNS} loads.

${table}`,
  );
}
