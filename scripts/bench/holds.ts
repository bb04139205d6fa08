/**
 * Seat holds: one buyer's sequential selects, and buyers racing for the same places.
 *
 *   node --conditions=source --import tsx scripts/bench/holds.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_BASELINE=<commit> \
 *     node --conditions=source --import tsx scripts/bench/holds.ts
 *
 * Scenarios, each over HTTP against real server processes (api-server.ts of the tree measured):
 * - sequential: one buyer selects a seat and deselects it again, 300 times; the select's latency;
 * - burst: 200 buyers (a session and a client address each) ask at the same moment for 20
 *   places, 10 per place;
 * - 64 in flight: 2,000 buyers ask for a random seat among 100, 64 requests at a time.
 * PostgreSQL runs two server processes (the race goes over both), PGlite one (an embedded,
 * single-connection database). Every server first serves 200 holds of other places (warm-up).
 * Medians of 3 runs (BENCH_RUNS=<n>: of n). Double holds must be 0. With BENCH_BASELINE, each run measures the baseline
 * tree right after this one (trees.ts) and the table gives the ratio.
 *
 * The load generator (load.ts) writes prepared requests to keep-alive sockets opened before the
 * clock starts; the servers' and PostgreSQL's CPU per select are reported beside the latencies
 * (figures a busy machine disturbs less; a burst on two cores takes about their sum times the
 * requests, halved). BENCH_GENERATOR_CPU / BENCH_SERVER_CPU pin the generator and the
 * servers to CPUs of their own (load.ts), BENCH_PROFILE=<folder> writes each server's CPU profile.
 * BENCH_GENERATOR=node-http measures with Node's http client instead (the generator of the first
 * figures), BENCH_GENERATOR=both with each in turn, in one sitting, in rows of their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import type { ServerProcess } from '../../packages/server/test/support/processes.js';
import {
  type Connection,
  cpuShare,
  databaseCpuMs,
  type Generator,
  generator,
  inTurn,
  openConnections,
  pinProcesses,
  profiledEnv,
  requestBytes,
  serversCpuMs,
} from './load.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';
import { benchTrees, importFrom, ratio, type Tree } from './trees.js';

const SECRET = 'bench-secret';
const SEATS = 600;
// BENCH_RUNS=<n> takes the medians of more runs, on a machine whose figures wander.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP = 200;
const SEQUENTIAL = 300;
const postgresUrl = process.env.DATABASE_URL || undefined;

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  won: number;
  doubleHolds: number;
  /** The servers' CPU time per request (µs). */
  serverCpuUs: number;
  /** PostgreSQL's CPU time per request (µs; PGlite runs inside the server). */
  databaseCpuUs: number;
  /** The load generator's CPU, as a share of one core. */
  generatorShare: number;
}

type Engine = 'pglite' | 'postgres';
type Scenario = 'sequential' | 'burst' | 'inflight';

/** Buyer `n`'s address: the servers trust this process as their proxy (TRUST_PROXY). */
function buyerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** How the tree measured signs its session ids and derives their CSRF tokens (http/session.ts). */
interface TreeSessions {
  issueSessionId: (secret: string) => string;
  csrfTokenFor: (sessionId: string, secret: string) => string;
}
/** The session functions of the tree under measurement: each tree's servers accept their own. */
let sessions: TreeSessions;
const issueSessionId = (secret: string) => sessions.issueSessionId(secret);

/** A buyer's select or deselect of `seat`, as the bytes sent: its session, CSRF token and address. */
function request(url: string, pathName: string, seat: number, sid: string, buyer: number): Buffer {
  const body = new URLSearchParams({
    cypher: String(seat),
    [CSRF_PARAM]: sessions.csrfTokenFor(sid, SECRET),
  }).toString();
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    cookie: `${SESSION_PARAM}=${sid}`,
    'x-forwarded-for': buyerAddress(buyer),
  };
  return requestBytes(url, 'POST', pathName, headers, body);
}

async function post(connection: Connection, bytes: Buffer): Promise<{ result: number; ms: number }> {
  const answer = await connection.send(bytes);
  return { ...(JSON.parse(answer.body) as { result: number }), ms: answer.ms };
}

/** Places that more than one buyer was told they hold. */
function doubles(wins: Map<number, number>): number {
  return [...wins.values()].filter((n) => n > 1).length;
}

/** The servers', PostgreSQL's and the generator's CPU over `work`, per request. */
async function measured(
  requests: number,
  work: () => Promise<Omit<Figures, 'serverCpuUs' | 'databaseCpuUs' | 'generatorShare'>>,
) {
  const cpu0 = serversCpuMs();
  const database0 = databaseCpuMs();
  const { result, share } = await cpuShare(work);
  return {
    ...result,
    serverCpuUs: ((serversCpuMs() - cpu0) * 1000) / requests,
    databaseCpuUs: ((databaseCpuMs() - database0) * 1000) / requests,
    generatorShare: share,
  };
}

async function sequential(urls: string[], seats: number[]): Promise<Figures> {
  const [connection] = await openConnections(urls[0]!, 1, current);
  // An address of its own for each measurement: counters of the rate limits may outlive a run.
  const address = 2_000_000 + Math.floor(Math.random() * 1_000_000);
  const requests = Array.from({ length: SEQUENTIAL }, (_, i) => i);
  try {
    return await measured(SEQUENTIAL * 2, async () => {
      let sid = issueSessionId(SECRET);
      const latencies: number[] = [];
      const started = performance.now();
      for (const i of requests) {
        // A new session now and then: one session may change its basket 120 times a minute.
        if (i % 50 === 49) sid = issueSessionId(SECRET);
        const seat = seats[i % seats.length]!;
        const body = await post(connection!, request(urls[0]!, '/hallPlace/select/', seat, sid, address));
        latencies.push(body.ms);
        if (body.result !== 1) throw new Error('a sequential select was refused');
        await post(connection!, request(urls[0]!, '/hallPlace/deselect/', seat, sid, address));
      }
      const seconds = (performance.now() - started) / 1000;
      return { perSecond: SEQUENTIAL / seconds, ...spread(latencies), won: SEQUENTIAL, doubleHolds: 0 };
    });
  } finally {
    connection!.close();
  }
}

function spread(latencies: number[]) {
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** `buyers` buyers for `hot` places, `inFlight` at a time (all at once when inFlight >= buyers). */
async function race(urls: string[], hot: number[], buyers: number, inFlight: number): Promise<Figures> {
  // Buyer i asks server i % servers for its place: every place gets buyers / places of them,
  // spread over the run. Each of the `inFlight` workers has a connection to every server.
  const requests = Array.from({ length: buyers }, (_, i) => {
    const seat = hot[(i * 7919) % hot.length]!;
    return {
      seat,
      bytes: request(urls[i % urls.length]!, '/hallPlace/select/', seat, issueSessionId(SECRET), 1000 + i),
    };
  });
  const workers = Math.min(inFlight, buyers);
  const connections = await Promise.all(urls.map((url) => openConnections(url, workers, current)));
  try {
    return await measured(buyers, async () => {
      const latencies: number[] = [];
      const wins = new Map<number, number>();
      const started = performance.now();
      await inTurn(buyers, workers, async (i, w) => {
        const { seat, bytes } = requests[i]!;
        const body = await post(connections[i % urls.length]![w]!, bytes);
        latencies.push(body.ms);
        if (body.result === 1) wins.set(seat, (wins.get(seat) ?? 0) + 1);
      });
      const seconds = (performance.now() - started) / 1000;
      // Every place goes: fewer wins mean the servers refused something they should have served.
      if (wins.size !== hot.length) throw new Error(`only ${wins.size} of ${hot.length} places were won`);
      return {
        perSecond: buyers / seconds,
        ...spread(latencies),
        won: [...wins.values()].reduce((a, b) => a + b, 0),
        doubleHolds: doubles(wins),
      };
    });
  } finally {
    for (const c of connections.flat()) c.close();
  }
}

async function runScenario(urls: string[], seats: number[], scenario: Scenario): Promise<Figures> {
  // Warm-up on places outside the race: JIT, prepared statements, WASM tiers, and every server's
  // database pool opened (16 at a time), as on a server that has been selling for a while.
  const cold = seats.slice(300, 300 + WARM_UP);
  const connections = await Promise.all(urls.map((url) => openConnections(url, 16, current)));
  for (let i = 0; i < cold.length; i += 16) {
    await Promise.all(
      cold.slice(i, i + 16).map((seat, k) => {
        const server = (i + k) % urls.length;
        const bytes = request(urls[server]!, '/hallPlace/select/', seat, issueSessionId(SECRET), 900_000 + i + k);
        return connections[server]![k]!.send(bytes);
      }),
    );
  }
  for (const c of connections.flat()) c.close();
  pinned = pinProcesses();
  switch (scenario) {
    case 'sequential':
      return sequential(urls, seats.slice(100, 300));
    case 'burst':
      return race(urls, seats.slice(0, 20), 200, 200);
    case 'inflight':
      return race(urls, seats.slice(0, 100), 2_000, 64);
  }
}

interface TreeModules {
  migrate: (db: unknown) => Promise<unknown>;
  openPglite: (dir: string) => Promise<{ close(): Promise<void> }>;
  openPostgres: (url: string) => Promise<{ close(): Promise<void> }>;
  startApiServerProcess: (env: Record<string, string>) => Promise<ServerProcess>;
  sessions: TreeSessions;
}

async function modulesOf(tree: Tree): Promise<TreeModules> {
  const [db, lite, postgres, processes, session] = await Promise.all([
    importFrom<{ migrate: TreeModules['migrate'] }>(tree, 'packages/server/src/db/index.ts'),
    importFrom<{ openPglite: TreeModules['openPglite'] }>(tree, 'packages/server/src/db/pglite.ts'),
    importFrom<{ openPostgres: TreeModules['openPostgres'] }>(tree, 'packages/server/src/db/postgres.ts'),
    importFrom<{ startApiServerProcess: TreeModules['startApiServerProcess'] }>(
      tree,
      'packages/server/test/support/processes.ts',
    ),
    importFrom<TreeSessions>(tree, 'packages/server/src/http/session.ts'),
  ]);
  return { ...db, ...lite, ...postgres, ...processes, sessions: session };
}

let port = 4700;
const serverEnv = (extra: Record<string, string>) => ({
  PORT: String(port++),
  SECRET,
  TRUST_PROXY: '127.0.0.1',
  // The admission gate off: this measures the holds themselves (admission.ts measures the gate).
  ADMISSION_RATE: '0',
  ...profiledEnv(),
  ...extra,
});
let pinned: string | null = null;
/** The load generator of the measurement under way. */
let current: Generator = generator;

/** One measurement: a fresh database migrated by the tree's own code, its servers, one scenario. */
async function measure(tree: Tree, engine: Engine, scenario: Scenario): Promise<Figures> {
  const m = await modulesOf(tree);
  sessions = m.sessions;
  if (engine === 'pglite') {
    // The embedded database lives in the server process, as with `npm start`: prepare the data
    // folder here, close it, then let one server process open it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'partera-bench-'));
    try {
      const db = await m.openPglite(dataDir);
      await m.migrate(db);
      const f = await createHallFixture(db as never, { seatCount: SEATS });
      await db.close();
      const server = await m.startApiServerProcess(serverEnv({ DATABASE_URL: '', DATA_DIR: dataDir }));
      try {
        return await runScenario([server.url], f.seats, scenario);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const schema = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(postgresUrl!);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(postgresUrl!, schema);
  try {
    const db = await m.openPostgres(url);
    await m.migrate(db);
    const f = await createHallFixture(db as never, { seatCount: SEATS });
    await db.close();
    const servers = await Promise.all([
      m.startApiServerProcess(serverEnv({ DATABASE_URL: url })),
      m.startApiServerProcess(serverEnv({ DATABASE_URL: url })),
    ]);
    try {
      return await runScenario(
        servers.map((s) => s.url),
        f.seats,
        scenario,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

const trees = benchTrees();
// BENCH_ONLY=postgres,burst (any of the engine and scenario names) narrows a run while tuning;
// the table in docs/benchmarks.md is written only by a full run.
const only = process.env.BENCH_ONLY?.split(',') ?? [];
const engines: Engine[] = (postgresUrl ? (['postgres', 'pglite'] as Engine[]) : (['pglite'] as Engine[])).filter(
  (e) => !only.some((o) => o === 'postgres' || o === 'pglite') || only.includes(e),
);
const scenarios: Array<{ scenario: Scenario; title: string }> = (
  [
    { scenario: 'sequential', title: 'one buyer, sequential' },
    { scenario: 'burst', title: '200 buyers at once for 20 places' },
    { scenario: 'inflight', title: '2,000 buyers for 100 places, 64 in flight' },
  ] as const
).filter((s) => !only.some((o) => ['sequential', 'burst', 'inflight'].includes(o)) || only.includes(s.scenario));

const loadAtStart = os.loadavg()[0]!.toFixed(1);
// BENCH_GENERATOR=both measures with the raw sockets and with Node's http client in turn, in one
// sitting, each in rows of its own (load.ts): their figures differ by the generator's own cost.
const generators: Generator[] = process.env.BENCH_GENERATOR === 'both' ? ['raw', 'node-http'] : [generator];
const both = generators.length > 1;
const rows: string[][] = [];
for (const engine of engines) {
  for (const { scenario, title } of scenarios) {
    const results = new Map<string, Figures[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const gen of generators) {
        current = gen;
        for (const tree of trees) {
          const key = `${tree.label} ${gen}`;
          results.set(key, [...(results.get(key) ?? []), await measure(tree, engine, scenario)]);
        }
      }
    }
    for (const gen of generators) rows.push(row(engine, title, gen, results));
    console.log(rows.at(-1)!.join(' | '));
  }
}

/** One row of the table: the medians of a scenario measured with one generator. */
function row(engine: Engine, title: string, gen: Generator, results: Map<string, Figures[]>): string[] {
  const med = (label: string) => {
    const rs = results.get(`${label} ${gen}`)!;
    return {
      perSecond: median(rs.map((r) => r.perSecond)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      won: rs.map((r) => r.won).join(' / '),
      doubleHolds: rs.reduce((n, r) => n + r.doubleHolds, 0),
      serverCpuUs: median(rs.map((r) => r.serverCpuUs)),
      databaseCpuUs: median(rs.map((r) => r.databaseCpuUs)),
      generatorShare: median(rs.map((r) => r.generatorShare)),
    };
  };
  const now = med('now');
  const base = trees[1] ? med(trees[1].label) : undefined;
  const where = engine === 'postgres' ? 'PostgreSQL, 2 processes' : 'PGlite, 1 process';
  return [
    `${where}: ${title}${both ? (gen === 'raw' ? ' (raw sockets)' : " (Node's http)") : ''}`,
    `${Math.round(now.perSecond)}`,
    now.p50.toFixed(1),
    now.p99.toFixed(1),
    now.won,
    String(now.doubleHolds),
    `${Math.round(now.serverCpuUs)} / ${engine === 'postgres' ? Math.round(now.databaseCpuUs) : '—'} / ${now.generatorShare.toFixed(2)}`,
    ...(base
      ? [
          `${Math.round(base.perSecond)} / ${base.p50.toFixed(1)} / ${base.p99.toFixed(1)}`,
          `${ratio(now.perSecond, base.perSecond, true)} / ${ratio(now.p99, base.p99, false)}`,
        ]
      : []),
  ];
}

if (only.length > 0) process.exit(0);
const baseline = trees[1];
const head = [
  'scenario',
  'selects / s',
  'p50 ms',
  'p99 ms',
  'won per run',
  'double holds',
  'CPU µs / request: servers / PostgreSQL, generator CPU',
  ...(baseline ? [`${baseline.label}: selects / s / p50 / p99`, 'ratio: rate / p99'] : []),
];
const nodeHttp = !both && generator === 'node-http';
// Both generators: a section of their own, beside the one a single generator writes.
writeSection(
  both ? 'holds-generators' : 'holds',
  `## Seat holds${both ? ', the two load generators side by side' : ''}

One buyer selecting and deselecting a seat 300 times (the select's latency), 200 buyers asking at
the same moment for 20 places, and 2,000 buyers for 100 places with 64 requests in flight; each
buyer has a session and a client address of its own. Over HTTP against server processes of the
tree measured: PostgreSQL with two (the requests alternate between them), the embedded PGlite
with one. Each server first serves ${WARM_UP} holds of other places, 16 at a time (warm-up, not timed). Medians
of ${RUNS} runs; 'won' is how many attempts got a place in each run; double holds must be 0. The load
generator (scripts/bench/load.ts) ${
    both
      ? "ran two ways in turn, in one sitting: 'raw sockets' writes prepared requests to keep-alive sockets opened before the clock; \"Node's http\" is the client these figures were first measured with, `http.request` over a keep-alive agent of up to 256 sockets per server (BENCH_GENERATOR=both)"
      : nodeHttp
        ? "is Node's `http.request` over a keep-alive agent of up to 256 sockets per server (BENCH_GENERATOR=node-http)"
        : 'writes prepared requests to raw keep-alive sockets opened before the clock'
  }; the servers' CPU time per request (the sequential scenario counts the deselects too), PostgreSQL's
(all its processes on the machine; PGlite works inside the server process) and the generator's own CPU
(share of one core) are given so that each share can be told from the others. Load average
of the machine (other work included) at the start / end: ${loadAtStart} / ${os.loadavg()[0]!.toFixed(1)}.${pinned ? ` Pinned: ${pinned}.` : ''}
${baseline ? `\nEach run measured the baseline (commit ${baseline.label}) right after this tree; the ratio is this tree's rate over the baseline's, and the baseline's p99 over this tree's (higher is better for both).\n` : ''}
${markdownTable(head, rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test${baseline ? ` BENCH_BASELINE=${baseline.label}` : ''}${process.env.BENCH_GENERATOR ? ` BENCH_GENERATOR=${process.env.BENCH_GENERATOR}` : ''}${process.env.BENCH_GENERATOR_CPU ? ` BENCH_GENERATOR_CPU=${process.env.BENCH_GENERATOR_CPU}` : ''}${process.env.BENCH_SERVER_CPU ? ` BENCH_SERVER_CPU=${process.env.BENCH_SERVER_CPU}` : ''} node --conditions=source --import tsx scripts/bench/holds.ts\``,
);
process.exit(0);
