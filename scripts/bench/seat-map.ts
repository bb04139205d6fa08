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

async function measure(performanceId: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const mapResponse = page.waitForResponse((r) => r.url().includes(`/hallview/map/${performanceId}/`));
  await page.goto(`http://127.0.0.1:${PORT}/performance/${performanceId}/`);
  await mapResponse;
  const mapAt = Date.now();
  const free = page.locator('circle.place[fill]').first();
  await free.waitFor({ state: 'attached', timeout: 120_000 });
  const id = await free.getAttribute('data-place-id');
  const select = page.waitForRequest((r) => r.url().includes('/hallPlace/select/'));
  await page.locator(`circle.place[data-place-id="${id}"]`).click({ force: true });
  await select;
  const toClick = Date.now() - mapAt;
  const mounted = await page.locator('circle.place').count();
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
  return { toClick, mounted, frameP50: percentile(frames, 50), frameP95: percentile(frames, 95) };
}

const rows: string[] = [];
for (const h of halls.rows) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(h.performance_id));
  rows.push(
    `| ${h.kind}, ${h.place_count.toLocaleString('ru-RU')} places | ${Math.round(median(runs.map((r) => r.toClick)))} | ${median(runs.map((r) => r.frameP50)).toFixed(1)} | ${median(runs.map((r) => r.frameP95)).toFixed(1)} | ${runs[0]!.mounted} |`,
  );
}
await browser.close();
await server.stop();
writeSection(
  'seat-map',
  `## Seat map at arena and stadium size

Headless Chromium (software rendering, no GPU), 1280 × 900, the product in production mode on
PGlite with the full demo catalogue. 'Map to first click' runs from the JSON map's response to
the select call leaving the browser after a click on a free seat (SVG parsed, places indexed
and painted, click handled). Frame times are requestAnimationFrame intervals while wheel-zooming
and dragging the plan. Medians of ${RUNS} page loads.

| hall | map to first click, ms | frame p50, ms | frame p95, ms | seat elements mounted |
|---|---|---|---|---|
${rows.join('\n')}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`node --conditions=source --import tsx scripts/bench/seat-map.ts\``,
);
process.exit(0);
