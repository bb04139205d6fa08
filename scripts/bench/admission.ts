/**
 * The admission gate at a sale's start: 5,000 buyers arrive within one second for 500 places.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     node --conditions=source --import tsx scripts/bench/admission.ts
 *
 * Two server processes on PostgreSQL share the queue in Redis, with the gate's defaults or the
 * ADMISSION_RATE / ADMISSION_BURST of the environment (the servers inherit it; the table says
 * which). Each buyer (its own session and address) asks for one of the
 * 500 places at its moment of arrival, spread evenly over the second. Every buyer must get an
 * answer: a place (result 1), a refusal because the place is taken (result 0), or its queue
 * position (429 with Retry-After); none a 5xx, no place held twice. Reported: the answers, the
 * p50/p99 of the answers that went through the gate (the holds of admitted buyers) and of the
 * queue answers. Medians of 3 runs.
 *
 * Each buyer's keep-alive connection is open before the clock starts and the requests are
 * prepared bytes (load.ts): the generator's own CPU and lateness are reported beside the figures.
 * BENCH_GENERATOR_CPU / BENCH_SERVER_CPU pin the generator and the servers (load.ts),
 * BENCH_PROFILE=<folder> writes a CPU profile of each server process there, BENCH_RUNS=1 runs
 * once without writing docs/benchmarks.md.
 */
import os from 'node:os';
import { loadConfig } from '../../packages/server/src/config.js';
import { migrate } from '../../packages/server/src/db/index.js';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../packages/server/src/http/session.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import { startApiServerProcess } from '../../packages/server/test/support/processes.js';
import {
  arrivals,
  type Connection,
  cpuShare,
  openConnections,
  pinProcesses,
  profiledEnv,
  requestBytes,
  serversCpuSplitMs,
} from './load.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const SECRET = 'bench-secret';
const BUYERS = 5_000;
const PLACES = 500;
const ARRIVAL_MS = 1_000;
const WARM_UP = 200;
// BENCH_RUNS narrows a run while tuning; the table in docs/benchmarks.md is written only with the default.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const postgresUrl = process.env.DATABASE_URL;
/** The gate's settings the servers run with: their defaults, or this environment's. */
const gate = loadConfig({
  ADMISSION_RATE: process.env.ADMISSION_RATE,
  ADMISSION_BURST: process.env.ADMISSION_BURST,
}).admission;
const redisUrl = process.env.REDIS_URL;
if (!postgresUrl || !redisUrl) throw new Error('set DATABASE_URL and REDIS_URL');

interface Answer {
  /** The buyer's place in the order of arrival. */
  i: number;
  status: number;
  result: number | null;
  ms: number;
}

let pinned: string | null = null;

/**
 * Servers that have been selling for a while: each serves holds of another performance first,
 * 16 at a time, so that the rush does not measure their start (code compiled on first use, the
 * database pool's connections opened, the database functions' plans made in each connection).
 */
async function warmUp(servers: { url: string }[], connections: Connection[][], seats: number[]): Promise<void> {
  for (let i = 0; i < seats.length; i += 16) {
    await Promise.all(
      seats.slice(i, i + 16).map((seat, k) => {
        const n = i + k;
        const sid = issueSessionId(SECRET);
        const body = new URLSearchParams({ cypher: String(seat), [CSRF_PARAM]: csrfTokenFor(sid, SECRET) }).toString();
        const headers = {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `${SESSION_PARAM}=${sid}`,
          'x-forwarded-for': `10.255.${(n >> 8) & 255}.${n & 255}`,
        };
        const server = n % servers.length;
        return connections[server]![k]!.send(
          requestBytes(servers[server]!.url, 'POST', '/hallPlace/select/', headers, body),
        );
      }),
    );
  }
}

async function run(runIndex: number) {
  const schema = `bench_gate_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(postgresUrl!);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(postgresUrl!, schema);
  const db = await openPostgres(url);
  await migrate(db);
  const f = await createHallFixture(db, { seatCount: PLACES });
  // Another performance, for the warm-up: the rush's queue starts fresh, as at a sale's opening.
  const other = await createHallFixture(db, { seatCount: WARM_UP });
  const env = (port: number) => ({
    DATABASE_URL: url,
    REDIS_URL: redisUrl!,
    PORT: String(port),
    SECRET,
    TRUST_PROXY: '127.0.0.1',
    ...profiledEnv(),
  });
  const base = 4800 + runIndex * 2;
  const servers = await Promise.all([startApiServerProcess(env(base)), startApiServerProcess(env(base + 1))]);
  pinned = pinProcesses();
  try {
    // Buyer i asks server i % 2 for one of the places, over a connection of its own (its browser's).
    const requests = Array.from({ length: BUYERS }, (_, i) => {
      const sid = issueSessionId(SECRET);
      const body = new URLSearchParams({
        cypher: String(f.seats[(i * 7919) % PLACES]),
        [CSRF_PARAM]: csrfTokenFor(sid, SECRET),
      }).toString();
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${SESSION_PARAM}=${sid}`,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      };
      return requestBytes(servers[i % 2]!.url, 'POST', '/hallPlace/select/', headers, body);
    });
    const connections = await Promise.all(servers.map((s) => openConnections(s.url, BUYERS / 2)));
    await warmUp(servers, connections, other.seats);
    const answers: Answer[] = [];
    const load = os.loadavg()[0]!;
    const cpu0 = serversCpuSplitMs();
    const started = performance.now();
    const { result: schedule, share } = await cpuShare(() =>
      arrivals(BUYERS, ARRIVAL_MS, async (i) => {
        try {
          const a = await connections[i % 2]![i >> 1]!.send(requests[i]!);
          const result = a.status === 200 ? (JSON.parse(a.body) as { result: number }).result : null;
          answers.push({ i, status: a.status, result, ms: a.ms });
        } catch {
          answers.push({ i, status: 0, result: null, ms: 0 });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = serversCpuSplitMs();
    const serverCpuUs = ((cpu1.user + cpu1.system - cpu0.user - cpu0.system) * 1000) / BUYERS;
    const serverSystemUs = ((cpu1.system - cpu0.system) * 1000) / BUYERS;
    for (const c of connections.flat()) c.close();
    const held = await db.query<{ n: number; sessions: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT hold_session_id)::int AS sessions
         FROM performance_places WHERE performance_id = $1 AND state = 1`,
      [f.performanceId],
    );
    const admitted = answers.filter((a) => a.status === 200);
    if (process.env.BENCH_TRACE) {
      console.log(
        admitted
          .sort((a, b) => a.i - b.i)
          .map((a) => `${a.i}:${a.ms.toFixed(0)}`)
          .join(' '),
      );
    }
    const queued = answers.filter((a) => a.status === 429);
    const p = (xs: Answer[], at: number) =>
      xs.length
        ? percentile(
            xs.map((a) => a.ms),
            at,
          )
        : 0;
    return {
      seconds,
      seats: admitted.filter((a) => a.result === 1).length,
      taken: admitted.filter((a) => a.result === 0).length,
      queued: queued.length,
      failed: answers.filter((a) => a.status >= 500 || a.status === 0).length,
      held: held.rows[0]!.n,
      doubleHolds: admitted.filter((a) => a.result === 1).length - held.rows[0]!.n,
      admittedP50: p(admitted, 50),
      admittedP99: p(admitted, 99),
      queuedP50: p(queued, 50),
      queuedP99: p(queued, 99),
      generatorShare: share,
      serverCpuUs,
      serverSystemUs,
      load,
      generatorLateP99: percentile(schedule.lateMs, 99),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

const results: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run(i);
  console.log(JSON.stringify(r));
  results.push(r);
}
const med = (pick: (r: (typeof results)[number]) => number) => median(results.map(pick));
const rows = [
  [
    'answers: place / taken / queue position',
    `${med((r) => r.seats)} / ${med((r) => r.taken)} / ${med((r) => r.queued)}`,
  ],
  ['5xx or no answer (all runs)', String(results.reduce((n, r) => n + r.failed, 0))],
  ['double holds (all runs)', String(results.reduce((n, r) => n + r.doubleHolds, 0))],
  [
    'admitted buyers: hold p50 / p99 ms',
    `${med((r) => r.admittedP50).toFixed(1)} / ${med((r) => r.admittedP99).toFixed(1)}`,
  ],
  [
    'queued buyers: answer p50 / p99 ms',
    `${med((r) => r.queuedP50).toFixed(1)} / ${med((r) => r.queuedP99).toFixed(1)}`,
  ],
  ['all answered within s', med((r) => r.seconds).toFixed(2)],
  ['servers: µs of CPU per buyer', med((r) => r.serverCpuUs).toFixed(0)],
  ['of which the kernel’s (system time: sockets, polls)', med((r) => r.serverSystemUs).toFixed(0)],
  ['machine load average before each run (other work included)', results.map((r) => r.load.toFixed(1)).join(' / ')],
  [
    'load generator: CPU (share of one core) / arrivals late p99 ms',
    `${med((r) => r.generatorShare).toFixed(2)} / ${med((r) => r.generatorLateP99).toFixed(1)}`,
  ],
];
console.log(markdownTable(['figure', 'value'], rows));
if (RUNS !== 3) process.exit(0);
writeSection(
  'admission',
  `## Admission at a sale's start

${BUYERS.toLocaleString('en')} buyers (a session and an address each) arrive evenly within one second for a
${PLACES}-place hall; each asks once for one place, over its own keep-alive connection opened beforehand (the
browser's, which loaded the hall page). Two server processes on PostgreSQL, each warmed up on another
performance first, the queue in Redis; the gate lets in ${gate.rate} buyers a second per performance after a
burst of ${gate.burst}. Medians of ${RUNS} runs. The load
generator (scripts/bench/load.ts) writes prepared bytes to raw sockets; its own CPU and how late its
arrivals went out are reported so that its share can be told from the servers'.${pinned ? ` Pinned: ${pinned}.` : ''}

${markdownTable(['figure', 'value'], rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379${process.env.ADMISSION_RATE ? ` ADMISSION_RATE=${process.env.ADMISSION_RATE}` : ''}${process.env.ADMISSION_BURST ? ` ADMISSION_BURST=${process.env.ADMISSION_BURST}` : ''}${process.env.BENCH_GENERATOR_CPU ? ` BENCH_GENERATOR_CPU=${process.env.BENCH_GENERATOR_CPU}` : ''}${process.env.BENCH_SERVER_CPU ? ` BENCH_SERVER_CPU=${process.env.BENCH_SERVER_CPU}` : ''} node --conditions=source --import tsx scripts/bench/admission.ts\``,
);
process.exit(0);
