/**
 * Search on PostgreSQL (decision 0037): the header's grouped suggestions, the results page and
 * the filter count, requests per second and latency.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/search.ts
 *
 * Starts the product (server and site pages, NODE_ENV=production, one process) with the full
 * demo catalogue on PostgreSQL (schema bench_search, kept so later runs skip the seeding). Then
 * autocannon, 10 connections, 10 s per load, medians of 3 runs, each run on a fresh process:
 * suggestions for ten queries in turn (typos, wrong layout, transliteration; after the first
 * round they come from the process's cache, as popular queries do), suggestions for a query
 * never asked before on every request (the database's work each time), the results page and
 * the filter count of a few filters in turn.
 *
 * With BENCH_CPU=n (on a shared machine, where requests per second mean little): the server's
 * CPU time per request of each load instead, over n requests (one run; nothing written).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { serverCpuMicros, startProduct } from './product-start.js';
import { machine, markdownTable, median, writeSection } from './report.js';

const CPU_REQUESTS = Number(process.env.BENCH_CPU ?? 0);
const RUNS = CPU_REQUESTS > 0 ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = 10;
const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('set DATABASE_URL');

const QUERIES = [
  'щелкунчек',
  'ogthtlbdb;yrb',
  'peredvizhniki',
  'спектакли',
  'вишневый сат',
  'концерт',
  'ktnexfz vsim',
  'айвазовски',
  'новая сцена',
  'ветрова',
];
const PAGES = ['text=чехов', 'text=&sg=2', 'text=концерт', 'text=&g=1:2'];
const form = (text: string) => new URLSearchParams({ text }).toString();

/** The part of autocannon's options these loads use (autocannon.d.ts declares only the common ones). */
interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request) => Request;
}
interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  requests: Request[];
}
const run = autocannon as unknown as (
  opts: LoadOptions & { connections: number; duration?: number; amount?: number },
) => ReturnType<typeof autocannon>;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(opts: LoadOptions): Promise<Figures> {
  const r = await run({ connections: 10, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** `amount` requests of a load, 10 connections (the CPU mode). */
const loadAmount = (opts: LoadOptions, amount: number) => run({ connections: 10, amount, ...opts });

const post = { method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
const loads: Array<[string, (url: string) => LoadOptions]> = [
  [
    'suggestions, ten queries in turn',
    (url) => ({
      url,
      requests: QUERIES.map((q) => ({ ...post, path: '/search/autocompleteMore/', body: form(q) })),
    }),
  ],
  [
    'suggestions, a new query every time',
    (url) => {
      let n = 0;
      return {
        url,
        requests: [
          {
            ...post,
            path: '/search/autocompleteMore/',
            // A text nobody asked before: the cache cannot answer it.
            setupRequest: (req) => ({ ...req, body: form(`${QUERIES[n % QUERIES.length]} ${n++}`) }),
          },
        ],
      };
    },
  ],
  [
    'results page /search/performance/',
    (url) => ({
      url,
      headers: { 'accept-encoding': 'br, gzip, deflate' },
      requests: PAGES.map((q) => ({ method: 'GET' as const, path: encodeURI(`/search/performance/?${q}`) })),
    }),
  ],
  [
    'filter count /search/performanceCount/',
    (url) => ({
      url,
      requests: PAGES.map((q) => ({ method: 'GET' as const, path: encodeURI(`/search/performanceCount/?${q}`) })),
    }),
  ],
];

const results = new Map<string, Figures[]>(loads.map(([name]) => [name, []]));
/** Other work on the machine skews the figures: the load average is reported with them. */
const loadBefore = os.loadavg()[0] ?? 0;
for (let run = 0; run < RUNS; run++) {
  const server = await startProduct({ port: 3330 + run, postgresUrl, schema: 'bench_search' });
  try {
    for (const q of QUERIES) await fetch(`${server.url}/search/autocompleteMore/`, { ...post, body: form(q) });
    for (const [name, options] of loads) {
      if (CPU_REQUESTS > 0) {
        const before = serverCpuMicros(3330 + run);
        await loadAmount(options(server.url), CPU_REQUESTS);
        const micros = (serverCpuMicros(3330 + run) - before) / CPU_REQUESTS;
        console.log(`${name}: ${Math.round(micros)} µs CPU per request`);
        continue;
      }
      const f = await load(options(server.url));
      results.get(name)!.push(f);
      console.log(`${name}: ${Math.round(f.rps)} rps, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}`);
    }
  } finally {
    await server.stop();
  }
}

const rows = [...results].map(([name, fs]) => [
  name,
  String(Math.round(median(fs.map((f) => f.rps)))),
  String(median(fs.map((f) => f.p50))),
  String(median(fs.map((f) => f.p99))),
  String(fs.reduce((n, f) => n + f.errors, 0)),
]);

if (RUNS === 3 && CPU_REQUESTS === 0) {
  writeSection(
    'search',
    `## Search

The product (server and site pages) with the full demo catalogue on PostgreSQL, NODE_ENV=production,
one process. autocannon, 10 connections, ${SECONDS} s per load, medians of ${RUNS} runs, each on a
fresh process. 'Ten queries in turn': grouped suggestions (POST /search/autocompleteMore/) for
ten texts with typos, a wrong layout and transliteration, answered from the process's cache after
the first round (decision 0037); 'a new query every time': a text never asked before on each
request, so the database searches every time. The results page and the filter count cycle
through four filters (text, genre, several genres).

${markdownTable(['load', 'requests / s', 'p50 ms', 'p99 ms', 'errors'], rows)}

Machine: ${machine()}; load average ${loadBefore.toFixed(1)} before the run. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/search.ts\``,
  );
}
process.exit(0);
