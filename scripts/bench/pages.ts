/**
 * Server-rendered pages: requests per second and latency of the home page and a show page.
 *
 *   node --conditions=source --import tsx scripts/bench/pages.ts
 *
 * Starts the product on the embedded database with the full demo catalogue (kept in
 * .data/bench-pglite so later runs skip the seeding), then loads each page with autocannon:
 * 10 connections for 10 s, 3 runs, medians reported.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { seedDemo } from '../../packages/server/src/demo.js';
import { loadConfig, startServer } from '../../packages/server/src/index.js';
import { sitePages } from '../../packages/site/src/server/index.js';
import { machine, median, writeSection } from './report.js';

const RUNS = 3;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  // Production asks for these on purpose: a real secret, and the demo catalogue to measure.
  SECRET: 'bench-secret-of-at-least-thirty-two-characters',
  DEMO_DATA: 'full',
  PORT: '3290',
  DATA_DIR: path.resolve('.data/bench-pglite'),
  PUBLIC_URL: 'http://127.0.0.1:3290',
});
const server = await startServer({ plugins: [sitePages], config, demo: seedDemo, log: () => {} });
const base = 'http://127.0.0.1:3290';
const home = await (await fetch(`${base}/`)).text();
const showPath = /href="(\/show\/[^"/]+\/)"/.exec(home)?.[1];
if (!showPath) throw new Error('no show link on the home page');

async function load(url: string) {
  const runs: Array<{ rps: number; p50: number; p99: number; errors: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await autocannon({ url, connections: 10, duration: 10 });
    runs.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  return {
    rps: Math.round(median(runs.map((r) => r.rps))),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

const rows: string[] = [];
for (const [name, url] of [
  ['home page `/`', `${base}/`],
  [`show page \`${showPath}\``, `${base}${showPath}`],
] as const) {
  const r = await load(url);
  rows.push(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}
await server.stop();
writeSection(
  'pages',
  `## Server-rendered pages

The product on the embedded database (PGlite) with the full demo catalogue, NODE_ENV=production,
one process. autocannon, 10 connections, 10 s per run, medians of ${RUNS} runs.

| page | requests / s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${rows.join('\n')}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`node --conditions=source --import tsx scripts/bench/pages.ts\``,
);
process.exit(0);
