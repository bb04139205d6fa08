/**
 * The seat map at arena and stadium size, in headless Chromium (Debian's /usr/bin/chromium).
 *
 *   node --conditions=source --import tsx scripts/bench/seat-map.ts
 *
 * Starts the product with the full demo catalogue (kept in .data/bench-pglite), opens the hall
 * page of the largest arena (~23 000 places) and stadium (~86 000 places) performances, and
 * measures, on the page's own clock: from the map data received (the compact map's answer) to
 * the plan answering, and to the first click on it handled, the click made as soon as the plan
 * answers; frame times while dragging and wheel-zooming the plan (requestAnimationFrame deltas);
 * the elements mounted in the plan. Medians of 3 page loads each. `BENCH_PORT` moves the
 * product off port 3291.
 */
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { startDemoProduct } from './demo-product.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const RUNS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const { server } = await startDemoProduct(PORT);
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
/**
 * Before the page's own scripts: the moment the plan answers (the viewport gets its probe,
 * `ptPlan`) and the moment of each click, on the page's clock, so that what the test script
 * itself spends talking to the browser is not counted as the widget's.
 */
const CLOCKS = `(() => {
  window.__clicks = [];
  document.addEventListener('click', (e) => window.__clicks.push(e.timeStamp), true);
  let planAt = 0;
  const waiting = [];
  Object.defineProperty(HTMLElement.prototype, 'ptPlan', {
    configurable: true,
    set(probe) {
      Object.defineProperty(this, 'ptPlan', { value: probe, configurable: true, writable: true });
      if (!planAt) planAt = performance.now();
      for (const wake of waiting.splice(0)) wake();
    },
  });
  window.__planReady = () => planAt ? Promise.resolve(planAt) : new Promise((r) => waiting.push(() => r(planAt)));
})()`;
/** When the compact map's answer was in (page clock). */
const MAP_END = (performanceId: number) =>
  `performance.getEntriesByType('resource').find((r) => r.name.includes('/hallview/map/${performanceId}/'))?.responseEnd ?? 0`;
/** The frame in which the plan shows seats: the plan's own drawing of that frame has run before this check. */
const SEATS_SHOWN = `new Promise((resolve) => {
  const check = (t) => document.querySelector('.pt-hall-viewport').ptPlan.mode() === 'seats' ? resolve(performance.now()) : requestAnimationFrame(check);
  requestAnimationFrame(check);
})`;
/** When the select call left the browser (page clock). */
const SELECT_SENT = `new Promise((resolve) => {
  const find = () => performance.getEntriesByType('resource').find((r) => r.name.includes('/hallPlace/select/'));
  const check = () => { const r = find(); r ? resolve(r.startTime) : setTimeout(check, 5); };
  check();
})`;
/**
 * A free place in the middle of what is on screen (the edges may be under the page's own bars),
 * the viewport scrolled into view first; client pixels.
 */
const FREE_PLACE = `(() => {
  const view = document.querySelector('.pt-hall-viewport');
  view.scrollIntoView({ block: 'nearest' });
  const p = view.ptPlan;
  const box = view.getBoundingClientRect();
  const [left, right] = [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const [top, bottom] = [Math.max(0, box.y) + 40, Math.min(innerHeight, box.y + box.height) - 120];
  const place = p.freeIn(left, top, right, bottom, 1).map((id) => p.place(id))[0];
  return { mode: p.mode(), x: place.x, y: place.y };
})()`;
/**
 * The plan's own work in each frame, on the page's clock: every requestAnimationFrame callback
 * (the plan draws in one) and every pointer, mouse and wheel listener (pan and zoom handle their
 * input in them), timed with performance.now() around each call. The browser calls the frame's
 * input listeners before its animation callbacks, and every callback of one frame gets the same
 * timestamp: input handled since the last frame is counted to the frame whose callbacks run next.
 * Installed by this script before the page's own scripts, so the product carries nothing of it.
 * Long animation frames (over 50 ms, style, layout and paint included) are counted where Chromium
 * reports them.
 */
const WORK = `(() => {
  const INPUT = new Set(['wheel', 'pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'mousedown', 'mousemove', 'mouseup', 'click', 'touchstart', 'touchmove', 'touchend']);
  const w = { on: false, input: 0, frames: [], frameAt: -1, long: [] };
  window.__work = w;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    if (!w.on) return cb(t);
    if (t !== w.frameAt) { w.frameAt = t; w.frames.push(w.input); w.input = 0; }
    const s = performance.now();
    try { return cb(t); } finally { w.frames[w.frames.length - 1] += performance.now() - s; }
  });
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const wrap = (type, fn) => {
    if (typeof fn !== 'function' || !INPUT.has(type)) return fn;
    let byType = wrapped.get(fn);
    if (!byType) wrapped.set(fn, (byType = new Map()));
    let timed = byType.get(type);
    if (!timed) {
      timed = function (e) {
        if (!w.on) return fn.call(this, e);
        const s = performance.now();
        try { return fn.call(this, e); } finally { w.input += performance.now() - s; }
      };
      byType.set(type, timed);
    }
    return timed;
  };
  EventTarget.prototype.addEventListener = function (type, fn, o) { return add.call(this, type, wrap(type, fn), o); };
  EventTarget.prototype.removeEventListener = function (type, fn, o) { return remove.call(this, type, wrap(type, fn), o); };
  try {
    new PerformanceObserver((list) => { if (w.on) for (const e of list.getEntries()) w.long.push(e.duration); })
      .observe({ type: 'long-animation-frame' });
  } catch {}
})()`;
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__stop = false;
  Object.assign(window.__work, { on: true, input: 0, frames: [], frameAt: -1, long: [] });
  let last = performance.now();
  const tick = (t) => {
    window.__frames.push(t - last);
    last = t;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES = `(() => {
  window.__stop = true;
  window.__work.on = false;
  return { intervals: window.__frames.slice(1), work: window.__work.frames.slice(1), long: window.__work.long };
})()`;

interface Frames {
  /** requestAnimationFrame intervals, ms. */
  intervals: number[];
  /** The plan's work in each frame (input listeners and animation callbacks), ms. */
  work: number[];
  /** Durations of long animation frames (over 50 ms), ms. */
  long: number[];
}

async function frameTimes(page: Page, action: () => Promise<void>): Promise<Frames> {
  await page.evaluate(START_FRAMES);
  await action();
  return (await page.evaluate(STOP_FRAMES)) as Frames;
}

async function measure(performanceId: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(CLOCKS);
  await page.addInitScript(WORK);
  const mapResponse = page.waitForResponse((r) => r.url().includes(`/hallview/map/${performanceId}/`));
  await page.goto(`http://127.0.0.1:${PORT}/performance/${performanceId}/`);
  await mapResponse;
  // The plan tells where its places are (a canvas has no elements to find): `ptPlan` on the
  // viewport. The first click, as soon as it answers, on a free place in the middle of the view:
  // on the overview it opens that place's section (handled when the frame shows its seats), on a
  // plan of seats it selects the seat (handled when the select call leaves the browser).
  const first = (await page.evaluate(`window.__planReady().then(() => ${FREE_PLACE})`)) as {
    mode: string;
    x: number;
    y: number;
  };
  const add = page.getByRole('button', { name: 'Добавить в корзину' });
  /** Clicks a seat; the select call's start on the page's clock. */
  const selectAt = async (at: { x: number; y: number }) => {
    const sent = page.evaluate(SELECT_SENT) as Promise<number>;
    await page.mouse.click(at.x, at.y);
    // Where the performance offers gifts a click opens the seat's tooltip, whose button adds it.
    await Promise.race([sent, add.click({ timeout: 60_000 }).catch(() => undefined)]);
    return sent;
  };
  let handledAt: number;
  if (first.mode === 'sections') {
    const shown = page.evaluate(SEATS_SHOWN) as Promise<number>;
    await page.mouse.click(first.x, first.y);
    handledAt = await shown;
  } else handledAt = await selectAt(first);
  // Read after the click, so that asking for them does not delay it (they are the page's clock).
  const [planAt = 0, mapAt = 0] = (await page.evaluate(
    `window.__planReady().then((plan) => [plan, ${MAP_END(performanceId)}])`,
  )) as number[];
  const [clickAt = handledAt] = (await page.evaluate('window.__clicks')) as number[];
  const selectedAt = first.mode === 'sections' ? await selectAt(await page.evaluate(FREE_PLACE)) : handledAt;
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
    drawn: planAt - mapAt,
    opensOn: first.mode,
    toClick: handledAt - mapAt,
    clickToShown: handledAt - clickAt,
    toSelect: selectedAt - mapAt,
    mounted,
    frameP50: percentile(frames.intervals, 50),
    frameP95: percentile(frames.intervals, 95),
    workP50: percentile(frames.work, 50),
    workP95: percentile(frames.work, 95),
    workMax: Math.max(...frames.work),
    long: frames.long.length,
    frames: frames.work.length,
  };
}

const rows: string[][] = [];
const [loadBefore = 0] = os.loadavg();
for (const h of halls.rows) {
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(h.performance_id));
  const ms = (pick: (r: (typeof runs)[number]) => number) => String(Math.round(median(runs.map(pick))));
  rows.push([
    `${h.kind}, ${h.place_count.toLocaleString('ru-RU')} places`,
    ms((r) => r.drawn),
    runs[0]!.opensOn,
    ms((r) => r.toClick),
    ms((r) => r.clickToShown),
    ms((r) => r.toSelect),
    median(runs.map((r) => r.frameP50)).toFixed(1),
    median(runs.map((r) => r.frameP95)).toFixed(1),
    median(runs.map((r) => r.workP50)).toFixed(1),
    median(runs.map((r) => r.workP95)).toFixed(1),
    median(runs.map((r) => r.workMax)).toFixed(1),
    `${median(runs.map((r) => r.long))} of ${median(runs.map((r) => r.frames))}`,
    String(runs[0]!.mounted),
  ]);
}
const table = markdownTable(
  [
    'hall',
    'map to plan, ms',
    'opens on',
    'map to first handled click, ms',
    'of which click to handled, ms',
    'map to seat selected, ms',
    'frame interval p50, ms',
    'frame interval p95, ms',
    'plan work per frame p50, ms',
    'plan work per frame p95, ms',
    'plan work per frame, max, ms',
    'long frames (> 50 ms) of frames',
    'DOM elements in the plan',
  ],
  rows,
);
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
0025). Times are on the page's own clock, from the compact map's answer received. 'Map to plan'
runs to the plan drawn and answering (its probe on the viewport); 'map to first handled click'
to the first click on the plan done with, the click sent as soon as the plan answers (the test
script's one look at where a free place is, and sending the click, included): on a plan that
opens on its sections, the frame that shows the section's seats; on one of seats, the select
call leaving the browser. 'Of which click to handled' is that last part alone, from the click's
event. 'Map to seat selected' adds, on the overview, a click on a seat of the opened section
(the test script's own probing between the clicks included). Until 2026-11-25 the script timed
on its own clock from the map's response event and asked the page four times before clicking
and every 5 ms after, which counted its own talk with the browser as the widget's (decision 0044).
Frame intervals are requestAnimationFrame intervals while wheel-zooming and dragging the plan:
at 60 Hz they are 16.7 ms at best, so they show whether frames were missed, not how long one
takes. The plan's work per frame is what its code spent in each of those frames, on the page's
clock: its pointer, mouse and wheel listeners (pan and zoom) and its animation-frame callbacks
(the canvas drawn), timed with performance.now() around each call by a wrapper this script
installs before the page's scripts (the product carries no measuring code); the browser's own
style, layout, paint and raster are not in it. Long frames: animation frames over 50 ms,
rendering included, as Chromium's long-animation-frame entries report them (medians of the
counts). DOM elements: everything inside the plan's viewport (no element per place). Medians of
${RUNS} page loads. Before (SVG, one element per place, 2026-11-22): arena 3017 ms to first click, frames
p50 16.7 / p95 49.9 ms, 22 912 elements; stadium 4291 ms, p50 50.0 / p95 116.6 ms, 85 792 elements.

${table}

Machine: ${machine()}; ${loadNote(loadBefore, loadAfter)}
Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`node --conditions=source --import tsx scripts/bench/seat-map.ts\``,
);
process.exit(0);
