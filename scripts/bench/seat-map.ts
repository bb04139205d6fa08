/**
 * The seat map at arena and stadium size, in headless Chromium (Debian's /usr/bin/chromium).
 *
 *   node --conditions=source --import tsx scripts/bench/seat-map.ts
 *
 * Starts the product with the full demo catalogue (kept in .data/bench-pglite), opens the hall
 * page of the largest arena (~23 000 places) and stadium (~86 000 places) performances, and
 * measures: from the map data received (response of /hallview/map/…?json=1) to the first seat
 * click handled (the select call leaves the browser); frame times while dragging and
 * wheel-zooming the plan (requestAnimationFrame deltas); the seat elements mounted. Medians of
 * 3 page loads each.
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { seedDemo } from '../../packages/server/src/demo.js';
import { loadConfig, startServer } from '../../packages/server/src/index.js';
import { sitePages } from '../../packages/site/src/server/index.js';
import { machine, median, percentile, writeSection } from './report.js';

const RUNS = 3;
const PORT = 3291;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  // Production asks for these on purpose: a real secret, and the demo catalogue to measure.
  SECRET: 'bench-secret-of-at-least-thirty-two-characters',
  DEMO_DATA: 'full',
  PORT: String(PORT),
  DATA_DIR: path.resolve('.data/bench-pglite'),
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
});
const server = await startServer({ plugins: [sitePages], config, demo: seedDemo, log: () => {} });
const halls = await server.app.deps.db.query<{ kind: string; place_count: number; performance_id: number }>(
  `SELECT DISTINCT ON (h.kind) h.kind, h.place_count, p.id AS performance_id
     FROM halls h JOIN performances p ON p.hall_id = h.id
    WHERE h.kind IN ('arena', 'stadium') AND p.sale_state = 'on_sale' AND p.starts_at > now()
    ORDER BY h.kind, p.starts_at`,
);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

// Page scripts are passed as text: functions compiled by tsx carry helpers the page lacks.
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__stop = false;
  let last = performance.now();
  const tick = (t) => {
    window.__frames.push(t - last);
    last = t;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES = '(() => { window.__stop = true; return window.__frames.slice(1); })()';

async function frameTimes(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_FRAMES);
  await action();
  return (await page.evaluate(STOP_FRAMES)) as number[];
}

/** Polls a page expression (waitForFunction would compile it in the page, which its CSP forbids). */
async function waitUntil(page: Page, expr: string): Promise<void> {
  const until = Date.now() + 120_000;
  while (!(await page.evaluate(expr))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${expr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function measure(performanceId: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const mapResponse = page.waitForResponse((r) => r.url().includes(`/hallview/map/${performanceId}/`));
  await page.goto(`http://127.0.0.1:${PORT}/performance/${performanceId}/`);
  await mapResponse;
  const mapAt = Date.now();
  // The plan tells where its places are (a canvas has no elements to find): `ptPlan` on the viewport.
  await waitUntil(page, 'Boolean(document.querySelector(".pt-hall-viewport")?.ptPlan)');
  const drawn = Date.now() - mapAt;
  const probe = (expr: string) =>
    page.evaluate(`(() => { const p = document.querySelector('.pt-hall-viewport').ptPlan; return ${expr}; })()`);
  await page.locator('.pt-hall-viewport').scrollIntoViewIfNeeded();
  const view = (await page.locator('.pt-hall-viewport').boundingBox())!;
  // A seat in the middle of what is on screen: the edges may be under the page's own bars.
  const [left, right] = [view.x + view.width * 0.2, view.x + view.width * 0.8];
  const [top, bottom] = [Math.max(0, view.y) + 40, Math.min(900, view.y + view.height) - 120];
  const opensOn = (await probe('p.mode()')) as string;
  // The first click, on a free place in the middle of the view: on the overview it opens that
  // place's section (handled when the seats show), on a plan of seats it selects the seat.
  const mid = (await probe(`p.freeIn(${left}, ${top}, ${right}, ${bottom}, 1).map((id) => p.place(id))[0]`)) as {
    x: number;
    y: number;
  };
  const add = page.getByRole('button', { name: 'Добавить в корзину' });
  /** Clicks a seat and resolves when its select call leaves the browser. */
  const selectAt = async (at: { x: number; y: number }) => {
    const select = page.waitForRequest((r) => r.url().includes('/hallPlace/select/'));
    await page.mouse.click(at.x, at.y);
    // Where the performance offers gifts a click opens the seat's tooltip, whose button adds it.
    await Promise.race([select, add.click({ timeout: 60_000 }).catch(() => undefined)]);
    await select;
  };
  if (opensOn === 'sections') {
    await page.mouse.click(mid.x, mid.y);
    await waitUntil(page, 'document.querySelector(".pt-hall-viewport").ptPlan.mode() === "seats"');
  } else await selectAt(mid);
  const toClick = Date.now() - mapAt;
  if (opensOn === 'sections') {
    const seat = (await probe(`p.freeIn(${left}, ${top}, ${right}, ${bottom}, 1).map((id) => p.place(id))[0]`)) as {
      x: number;
      y: number;
    };
    await selectAt(seat).catch(async (e) => {
      await page.screenshot({ path: '/tmp/bench-fail.png' });
      console.log('seat', seat, await probe('p.mode()'));
      throw e;
    });
  }
  const toSelect = Date.now() - mapAt;
  const mounted = await page.locator('.pt-hall-viewport *').count();
  const box = (await page.locator('.pt-hall-viewport').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const frames = await frameTimes(page, async () => {
    for (let i = 0; i < 4; i++) {
      await page.mouse.move(cx, cy + 100);
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(120);
    }
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 0; i < 30; i++) await page.mouse.move(cx - i * 8, cy - i * 4);
    await page.mouse.up();
    await page.waitForTimeout(200);
  });
  await page.close();
  return {
    drawn,
    opensOn,
    toClick,
    toSelect,
    mounted,
    frameP50: percentile(frames, 50),
    frameP95: percentile(frames, 95),
  };
}

const rows: string[] = [];
const [loadBefore = 0] = os.loadavg();
for (const h of halls.rows) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(h.performance_id));
  rows.push(
    `| ${h.kind}, ${h.place_count.toLocaleString('ru-RU')} places | ${Math.round(median(runs.map((r) => r.drawn)))} | ${runs[0]!.opensOn} | ${Math.round(median(runs.map((r) => r.toClick)))} | ${Math.round(median(runs.map((r) => r.toSelect)))} | ${median(runs.map((r) => r.frameP50)).toFixed(1)} | ${median(runs.map((r) => r.frameP95)).toFixed(1)} | ${runs[0]!.mounted} |`,
  );
}
const [loadAfter = 0] = os.loadavg();

/** The machine's load during the runs: the figures of a busy machine are slower than a quiet one's. */
function loadNote(before: number, after: number): string {
  const cores = os.cpus().length;
  const busy = Math.max(before, after) > cores;
  return `load average (1 min) ${before.toFixed(1)} before the runs and ${after.toFixed(1)} after, on ${cores} cores${
    busy ? ': other work shared the machine, and these figures are slower than a quiet machine’s' : ''
  }.`;
}
await browser.close();
await server.stop();
writeSection(
  'seat-map',
  `## Seat map at arena and stadium size

Headless Chromium (software rendering, no GPU), 1280 × 900, the product in production mode on
PGlite with the full demo catalogue; the places on a canvas over the hall's static SVG (decision
0025). 'Map to plan' runs from the compact map's response to the plan drawn and answering;
'map to first handled click' to the first click on the plan done with: on a plan that opens on
its sections, the section's seats shown; on one of seats, the select call leaving the browser.
'Map to seat selected' adds, on the overview, a click on a seat of the opened section (the test
script's own probing between the clicks included).
Frame times are requestAnimationFrame intervals while wheel-zooming and dragging the plan. DOM
elements: everything inside the plan's viewport (no element per place). Medians of ${RUNS} page
loads. Before (SVG, one element per place, 2026-11-22): arena 3017 ms to first click, frames
p50 16.7 / p95 49.9 ms, 22 912 elements; stadium 4291 ms, p50 50.0 / p95 116.6 ms, 85 792 elements.

| hall | map to plan, ms | opens on | map to first handled click, ms | map to seat selected, ms | frame p50, ms | frame p95, ms | DOM elements in the plan |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Machine: ${machine()}; ${loadNote(loadBefore, loadAfter)}
Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`node --conditions=source --import tsx scripts/bench/seat-map.ts\``,
);
process.exit(0);
