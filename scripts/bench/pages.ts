/**
 * Server-rendered pages: requests per second and latency of the home page and a show page.
 *
 *   node --conditions=source --import tsx scripts/bench/pages.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_BASELINE=<commit> \
 *     node --conditions=source --import tsx scripts/bench/pages.ts
 *
 * Starts the product (server and site pages, NODE_ENV=production, one process) of each tree in
 * its own process with the full demo catalogue: on the embedded database (kept in
 * .data/bench-pglite-{tree} so later runs skip the seeding) and, with DATABASE_URL, on
 * PostgreSQL (schema bench_pages_{tree}, kept too). Then loads each page with autocannon: 10
 * connections, 10 s, 3 runs, medians. With BENCH_BASELINE each run measures the baseline tree
 * right after this one (trees.ts).
 */
import path from 'node:path';
import type { ServerProcess } from '../../packages/server/test/support/processes.js';
import { loadPage, type PageFigures, startProduct } from './product-start.js';
import { machine, markdownTable, median, writeSection } from './report.js';
import { benchTrees, ratio, repoRoot, type Tree } from './trees.js';

const RUNS = 3;
const SECONDS = 10;
const postgresUrl = process.env.DATABASE_URL || undefined;
type Engine = 'pglite' | 'postgres';

let port = 3290;

function startTreeProduct(tree: Tree, engine: Engine): Promise<ServerProcess> {
  return startProduct({
    port: port++,
    cwd: tree.root,
    ...(engine === 'postgres'
      ? { postgresUrl, schema: `bench_pages_${tree.label}` }
      : { dataDir: path.join(repoRoot, `.data/bench-pglite-${tree.label}`) }),
  });
}

type Figures = PageFigures;
const load = (url: string) => loadPage(url, SECONDS);

async function showPathOf(base: string): Promise<string> {
  const home = await (await fetch(`${base}/`)).text();
  const showPath = /href="(\/show\/[^"/]+\/)"/.exec(home)?.[1];
  if (!showPath) throw new Error('no show link on the home page');
  return showPath;
}

const trees = benchTrees();
const engines: Engine[] = postgresUrl ? ['postgres', 'pglite'] : ['pglite'];
const rows: string[][] = [];
for (const engine of engines) {
  const results = new Map<string, { home: Figures[]; show: Figures[] }>(
    trees.map((t) => [t.label, { home: [], show: [] }]),
  );
  let show = '';
  for (let run = 0; run < RUNS; run++) {
    for (const tree of trees) {
      const server = await startTreeProduct(tree, engine);
      try {
        show ||= await showPathOf(server.url);
        // One request each first: the first view warms the process up.
        await fetch(`${server.url}/`);
        await fetch(`${server.url}${show}`);
        const r = results.get(tree.label)!;
        r.home.push(await load(`${server.url}/`));
        r.show.push(await load(`${server.url}${show}`));
      } finally {
        await server.stop();
      }
    }
  }
  const med = (fs: Figures[]): Figures => ({
    rps: median(fs.map((f) => f.rps)),
    p50: median(fs.map((f) => f.p50)),
    p99: median(fs.map((f) => f.p99)),
    errors: fs.reduce((n, f) => n + f.errors, 0),
  });
  const where = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  for (const [page, name] of [
    ['home', 'home page `/`'],
    ['show', `show page \`${show}\``],
  ] as const) {
    const now = med(results.get('now')![page]);
    const base = trees[1] ? med(results.get(trees[1].label)![page]) : undefined;
    rows.push([
      `${where}: ${name}`,
      String(Math.round(now.rps)),
      String(now.p50),
      String(now.p99),
      String(now.errors),
      ...(base
        ? [
            `${Math.round(base.rps)} / ${base.p50} / ${base.p99}`,
            `${ratio(now.rps, base.rps, true)} / ${ratio(now.p99, base.p99, false)}`,
          ]
        : []),
    ]);
    console.log(rows.at(-1)!.join(' | '));
  }
}

const baseline = trees[1];
writeSection(
  'pages',
  `## Server-rendered pages

The product (server and site pages) with the full demo catalogue, NODE_ENV=production, one
process, on PostgreSQL and on the embedded PGlite. autocannon, 10 connections, ${SECONDS} s per
run, requests accepting brotli and gzip as browsers do, medians of ${RUNS} runs; each run starts
the product afresh and views each page once first. Every request comes without a cookie, so each
answer is a new session's page (nothing is answered from a per-session copy).
${baseline ? `\nEach run measured the baseline (commit ${baseline.label}) right after this tree; the ratio is this tree's rate over the baseline's, and the baseline's p99 over this tree's.\n` : ''}
${markdownTable(
  [
    'page',
    'requests / s',
    'p50 ms',
    'p99 ms',
    'errors',
    ...(baseline ? [`${baseline.label}: requests / s / p50 / p99`, 'ratio: rate / p99'] : []),
  ],
  rows,
)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test${baseline ? ` BENCH_BASELINE=${baseline.label}` : ''} node --conditions=source --import tsx scripts/bench/pages.ts\``,
);
process.exit(0);
