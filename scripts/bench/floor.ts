/**
 * The floor under the seat-hold figures (issue 9): what two server processes on this machine
 * answer with the least work a hold request can take, measured with the holds benchmark's own
 * generator and scenarios, so that the product's figures (holds.ts) can be read against it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/floor.ts
 *
 * Servers (floor-server.mjs): Node's own http server answering a small JSON body, without a
 * framework, a session or a rule; 'one query' adds one PostgreSQL round trip per request
 * (`SELECT $1::int + 1`, a pool of 10); 'one query per turn' has the requests that arrived in one
 * turn of the event loop share one query (`unnest` of their values). Scenarios as in holds.ts: 200 requests at the same moment
 * (each on a keep-alive connection of its own, opened before the clock), and 2,000 requests 64
 * in flight, as in admission.ts 5,000 requests spread evenly over one second (each on a connection
 * of its own); the requests alternate between the two processes. Medians of 3 runs.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { arrivals, cpuShare, inTurn, openConnections, requestBytes, serversCpuMs } from './load.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const RUNS = 3;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is needed (the floor with one query is measured on PostgreSQL)');
const serverScript = path.join(import.meta.dirname, 'floor-server.mjs');

type Variant = 'http' | 'query' | 'batched';

async function startServers(variant: Variant, basePort: number): Promise<{ urls: string[]; stop: () => void }> {
  const children = [0, 1].map((k) =>
    spawn(process.execPath, [serverScript], {
      env: {
        ...process.env,
        PORT: String(basePort + k),
        FLOOR_DB: variant === 'http' ? '' : databaseUrl,
        FLOOR_BATCH: variant === 'batched' ? '1' : '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => c.stdout!.on('data', (d: Buffer) => String(d).includes('ready') && resolve())),
    ),
  );
  return {
    urls: [0, 1].map((k) => `http://127.0.0.1:${basePort + k}`),
    stop: () => {
      for (const c of children) c.kill('SIGTERM');
    },
  };
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  serverCpuUs: number;
}

/** `count` requests, `inFlight` at a time (all at once when inFlight >= count), over both servers. */
async function race(urls: string[], count: number, inFlight: number): Promise<Figures> {
  const body = 'cypher=1';
  const bytes = urls.map((url) =>
    requestBytes(url, 'POST', '/hallPlace/select/', { 'content-type': 'application/x-www-form-urlencoded' }, body),
  );
  const workers = Math.min(inFlight, count);
  const connections = await Promise.all(urls.map((url) => openConnections(url, workers)));
  // Warm-up: JIT and the pools' connections, 200 requests 16 a server at a time, as in holds.ts.
  for (let i = 0; i < 200; i += 16 * urls.length) {
    await Promise.all(connections.flatMap((cs, s) => cs.slice(0, 16).map((c) => c.send(bytes[s]!))));
  }
  const cpu0 = serversCpuMs();
  const { result } = await cpuShare(async () => {
    const latencies: number[] = [];
    const started = performance.now();
    await inTurn(count, workers, async (i, w) => {
      const answer = await connections[i % urls.length]![w]!.send(bytes[i % urls.length]!);
      latencies.push(answer.ms);
    });
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  });
  for (const c of connections.flat()) c.close();
  return { ...result, serverCpuUs: ((serversCpuMs() - cpu0) * 1000) / count };
}

/** `count` requests spread evenly over `spanMs`, each on a connection of its own (admission.ts's arrivals). */
async function spread(urls: string[], count: number, spanMs: number): Promise<Figures> {
  const bytes = urls.map((url) =>
    requestBytes(
      url,
      'POST',
      '/hallPlace/select/',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'cypher=1',
    ),
  );
  const connections = await Promise.all(urls.map((url) => openConnections(url, count / urls.length)));
  const cpu0 = serversCpuMs();
  const latencies: number[] = [];
  const started = performance.now();
  await arrivals(count, spanMs, async (i) => {
    const answer = await connections[i % urls.length]![Math.floor(i / urls.length)]!.send(bytes[i % urls.length]!);
    latencies.push(answer.ms);
  });
  const seconds = (performance.now() - started) / 1000;
  for (const c of connections.flat()) c.close();
  return {
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuUs: ((serversCpuMs() - cpu0) * 1000) / count,
  };
}

const scenarios = [
  { title: '200 requests at once', count: 200, inFlight: 200 },
  { title: '2,000 requests, 64 in flight', count: 2_000, inFlight: 64 },
  { title: '5,000 requests within one second', count: 5_000, inFlight: 0 },
];
const rows: string[][] = [];
const loadBefore = os.loadavg()[0] ?? 0;
const titles: Record<Variant, string> = {
  http: "Node's http, 2 processes",
  query: "Node's http, 2 processes, one query a request",
  batched: "Node's http, 2 processes, one query a turn of the event loop",
};
for (const variant of ['http', 'query', 'batched'] as const) {
  for (const s of scenarios) {
    const runs: Figures[] = [];
    for (let r = 0; r < RUNS; r++) {
      const servers = await startServers(variant, 3391);
      try {
        runs.push(
          s.inFlight > 0 ? await race(servers.urls, s.count, s.inFlight) : await spread(servers.urls, s.count, 1_000),
        );
      } finally {
        servers.stop();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const m = (f: (x: Figures) => number) => median(runs.map(f));
    const row = [
      `${titles[variant]}: ${s.title}`,
      m((x) => x.perSecond).toFixed(0),
      m((x) => x.p50).toFixed(1),
      m((x) => x.p99).toFixed(1),
      m((x) => x.serverCpuUs).toFixed(0),
    ];
    console.log(row.join(' | '));
    rows.push(row);
  }
}
const loadAfter = os.loadavg()[0] ?? 0;

writeSection(
  'holds-floor',
  `## The floor under the seat holds

What two server processes on this machine answer when a request does the least a hold can do:
Node's own http server (no framework, no session, no rule) answering a small JSON body, and the
same with one PostgreSQL round trip per request (\`SELECT $1::int + 1\`, a pool of 10, as the
product's), and with the requests that arrive in one turn of the event loop sharing one query. The holds benchmark's generator and scenarios (scripts/bench/load.ts, holds.ts): each
request on a keep-alive connection opened before the clock, the requests alternating between the
two processes, 200 warm-up requests first; and the admission benchmark's arrivals (admission.ts:
5,000 requests spread evenly over one second, each on a connection of its own); medians of 3
runs. The product's own figures are in
'Seat holds' above: what its rules, session, limits and answer add is the difference. Load
average (1 min) before / after: ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}.

${markdownTable(['server', 'requests / s', 'p50 ms', 'p99 ms', 'servers µs CPU / request'], rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/floor.ts\``,
);
