/**
 * Seat-hold throughput with buyers racing for the same places.
 *
 *   node --conditions=source --import tsx scripts/bench/holds.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/holds.ts
 *
 * Each run: a hall of 400 seats; 2 000 buyers, each with its own session, ask over HTTP for a
 * random seat among the 100 'best' ones, 64 requests in flight. PGlite runs one server process
 * (it is an embedded, single-connection database); PostgreSQL runs two server processes.
 * Reports attempts per second, p50/p99 latency and the count of double holds (must be 0),
 * medians of 3 runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../packages/server/src/db/index.js';
import { openPglite } from '../../packages/server/src/db/pglite.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../packages/server/src/http/session.js';
import { openTestDatabase, postgresUrl, type TestDatabase } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import { startApiServerProcess } from '../../packages/server/test/support/processes.js';
import { machine, median, percentile, writeSection } from './report.js';

const SECRET = 'bench-secret';
const SEATS = 400;
const HOT = 100;
const BUYERS = 2_000;
const IN_FLIGHT = 64;
const RUNS = 3;
const WARM_UP = 200;

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  won: number;
  doubleHolds: number;
}

/**
 * Buyer `n`'s address. Every buyer comes from an address of its own, as in a real rush: the
 * servers trust this process as their proxy (TRUST_PROXY), so X-Forwarded-For names the client
 * that the rate limits and the hold cap per address count.
 */
function buyerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function select(url: string, seat: number, buyer: number): Promise<{ result: number }> {
  const sid = issueSessionId(SECRET);
  const r = await fetch(`${url}/hallPlace/select/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${SESSION_PARAM}=${sid}`,
      'x-forwarded-for': buyerAddress(buyer),
    },
    body: new URLSearchParams({ cypher: String(seat), [CSRF_PARAM]: csrfTokenFor(sid, SECRET) }),
  });
  return (await r.json()) as { result: number };
}

/** Warms each server up (JIT, prepared statements, WASM tiers) on places outside the race. */
async function warmUp(urls: string[], seats: number[]): Promise<void> {
  const cold = seats.slice(HOT, HOT + WARM_UP);
  for (const [i, seat] of cold.entries()) await select(urls[i % urls.length]!, seat, BUYERS + i);
}

async function race(urls: string[], seats: number[]): Promise<RunResult> {
  await warmUp(urls, seats);
  const hot = seats.slice(0, HOT);
  const latencies: number[] = [];
  const winners = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  async function worker(w: number) {
    for (;;) {
      const i = next++;
      if (i >= BUYERS) return;
      const seat = hot[(i * 7919 + w) % HOT]!;
      const t0 = performance.now();
      const body = await select(urls[i % urls.length]!, seat, i);
      latencies.push(performance.now() - t0);
      if (body.result === 1) winners.set(seat, (winners.get(seat) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: BUYERS / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    won: [...winners.values()].reduce((a, b) => a + b, 0),
    doubleHolds: [...winners.values()].filter((n) => n > 1).length,
  };
}

async function runPglite(): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    // The embedded database lives in the server process, as with `npm start`: prepare the data
    // folder here, close it, then let one server process open it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'partera-bench-'));
    const db = await openPglite(dataDir);
    await migrate(db);
    const f = await createHallFixture(db, { seatCount: SEATS });
    await db.close();
    const port = 4690 + run;
    const server = await startApiServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      SECRET,
      NODE_ENV: 'production',
      TRUST_PROXY: '127.0.0.1',
    });
    results.push(await race([server.url], f.seats));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function runPostgres(): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    const db: TestDatabase = await openTestDatabase('postgres');
    const f = await createHallFixture(db.db, { seatCount: SEATS });
    const base = 4700 + run * 2;
    const env = (port: number) => ({
      DATABASE_URL: db.url!,
      PORT: String(port),
      SECRET,
      NODE_ENV: 'production',
      TRUST_PROXY: '127.0.0.1',
    });
    const servers = await Promise.all([startApiServerProcess(env(base)), startApiServerProcess(env(base + 1))]);
    results.push(
      await race(
        servers.map((s) => s.url),
        f.seats,
      ),
    );
    await Promise.all(servers.map((s) => s.stop()));
    await db.close();
  }
  return results;
}

function row(name: string, rs: RunResult[]): string {
  return `| ${name} | ${Math.round(median(rs.map((r) => r.perSecond)))} | ${median(rs.map((r) => r.p50)).toFixed(1)} | ${median(rs.map((r) => r.p99)).toFixed(1)} | ${rs.map((r) => r.won).join(' / ')} | ${rs.reduce((n, r) => n + r.doubleHolds, 0)} |`;
}

const rows = [row('PGlite, 1 server process (embedded database)', await runPglite())];
if (postgresUrl) rows.push(row('PostgreSQL 15, 2 server processes', await runPostgres()));
writeSection(
  'holds',
  `## Seat holds under a sale rush

${BUYERS} buyers (one session each) race for ${HOT} places of a ${SEATS}-place hall over HTTP,
${IN_FLIGHT} requests in flight; each asks for one seat. Each server first serves ${WARM_UP} holds
of other places one by one (warm-up, not timed). Medians of ${RUNS} runs; 'won' is how many
attempts got a seat in each run (at most ${HOT}); double holds must be 0.

| database | hold attempts / s | p50 ms | p99 ms | won per run | double holds |
|---|---|---|---|---|---|
${rows.join('\n')}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/holds.ts\``,
);
process.exit(0);
