/**
 * Checkout: 50 buyers placing their orders and opening their payment sessions at the same moment.
 *
 *   node --conditions=source --import tsx scripts/bench/checkout.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/checkout.ts
 *
 * Each buyer has a session and a client address of its own and holds one seat (set up before the
 * clock, not timed). Then all of them at once send the guest order (`POST
 * /order/createAnonymousOrder/`, card and e-ticket) and, with the order's answer (its payment
 * session path, token and the session's new id), open the payment session at the sandbox bank
 * (`POST /payment/session/{orderId}/`). Timed per buyer: the order, the payment session and the
 * two together, from the request's write to its answer's last byte (the load generator of
 * load.ts, keep-alive connections opened before the clock). PostgreSQL runs two server processes
 * (buyers alternate), PGlite one. Medians of 3 runs of 50 buyers. Checked after each run: 50
 * orders, 50 payments, no seat in two orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, type Queryable } from '../../packages/server/src/db/index.js';
import { openPglite } from '../../packages/server/src/db/pglite.js';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../packages/server/src/http/session.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import { type ServerProcess, startApiServerProcess } from '../../packages/server/test/support/processes.js';
import { type Connection, openConnections, requestBytes } from './load.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const SECRET = 'bench-secret';
const BUYERS = 50;
const RUNS = 3;
const postgresUrl = process.env.DATABASE_URL || undefined;
type Engine = 'pglite' | 'postgres';

interface Figures {
  order: { p50: number; p99: number };
  session: { p50: number; p99: number };
  both: { p50: number; p99: number };
  wallSeconds: number;
  failures: number;
}

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function form(url: string, pathName: string, sid: string, buyer: number, fields: Record<string, string>): Buffer {
  const body = new URLSearchParams({ ...fields, [CSRF_PARAM]: csrfTokenFor(sid, SECRET) }).toString();
  return requestBytes(
    url,
    'POST',
    pathName,
    {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${SESSION_PARAM}=${sid}`,
      'x-forwarded-for': address(buyer),
    },
    body,
  );
}

async function send(c: Connection, bytes: Buffer): Promise<{ body: Record<string, unknown>; ms: number }> {
  const a = await c.send(bytes);
  return { body: JSON.parse(a.body) as Record<string, unknown>, ms: a.ms };
}

const spread = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });

/** One run: `BUYERS` fresh buyers, each holding one of `seats`, check out at the same moment. */
async function run(urls: string[], seats: number[], first: number): Promise<Figures> {
  const connections = await Promise.all(
    Array.from({ length: BUYERS }, (_, i) => openConnections(urls[i % urls.length]!, 1).then((c) => c[0]!)),
  );
  try {
    const buyers = await Promise.all(
      connections.map(async (c, i) => {
        const n = first + i;
        const sid = issueSessionId(SECRET);
        const url = urls[i % urls.length]!;
        const held = await send(c, form(url, '/hallPlace/select/', sid, n, { cypher: String(seats[i]) }));
        if (held.body.result !== 1) throw new Error(`buyer ${n} could not hold a seat: ${JSON.stringify(held.body)}`);
        const order = form(url, '/order/createAnonymousOrder/', sid, n, {
          email: `buyer${n}@example.ru`,
          name: 'Анна',
          surname: 'Петрова',
          payment: 'card',
        });
        return { c, n, url, order };
      }),
    );
    const orderMs: number[] = [];
    const sessionMs: number[] = [];
    const bothMs: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      buyers.map(async ({ c, n, url, order }) => {
        const placed = await send(c, order);
        const answer = placed.body as {
          error: number;
          url?: string;
          params?: { token?: string };
          session?: { id: string };
        };
        if (answer.error !== 0 || !answer.url || !answer.session) {
          failures++;
          return;
        }
        const pathName = new URL(answer.url, url).pathname;
        const opened = await send(
          c,
          form(url, pathName, answer.session.id, n, { token: String(answer.params?.token ?? '') }),
        );
        if ((opened.body as { error: number }).error !== 0) failures++;
        orderMs.push(placed.ms);
        sessionMs.push(opened.ms);
        bothMs.push(placed.ms + opened.ms);
      }),
    );
    return {
      order: spread(orderMs),
      session: spread(sessionMs),
      both: spread(bothMs),
      wallSeconds: (performance.now() - started) / 1000,
      failures,
    };
  } finally {
    for (const c of connections) c.close();
  }
}

/** After the runs: every buyer one order and one payment, and no seat in two orders. */
async function check(db: Queryable, expected: number): Promise<void> {
  const r = await db.query<{ orders: number; payments: number; doubled: number }>(
    `SELECT (SELECT count(*) FROM orders)::int AS orders,
            (SELECT count(*) FROM payments)::int AS payments,
            (SELECT count(*) FROM (SELECT performance_place_id FROM order_items oi JOIN orders o ON o.id = oi.order_id
               WHERE o.status <> 'cancelled' GROUP BY performance_place_id HAVING count(*) > 1) d)::int AS doubled`,
  );
  const { orders, payments, doubled } = r.rows[0]!;
  if (orders !== expected || payments !== expected || doubled !== 0) {
    throw new Error(`after the runs: ${orders} orders, ${payments} payments, ${doubled} seats in two orders`);
  }
}

let port = 4900;
const serverEnv = (extra: Record<string, string>) => ({
  PORT: String(port++),
  SECRET,
  TRUST_PROXY: '127.0.0.1',
  ADMISSION_RATE: '0',
  ...extra,
});

async function measure(engine: Engine): Promise<Figures[]> {
  const results: Figures[] = [];
  const runAll = async (urls: string[], seats: number[]) => {
    for (let r = 0; r < RUNS; r++) {
      results.push(await run(urls, seats.slice(r * BUYERS, (r + 1) * BUYERS), 1000 + r * BUYERS));
    }
  };
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'partera-bench-'));
    try {
      const db = await openPglite(dataDir);
      await migrate(db);
      const f = await createHallFixture(db, { seatCount: BUYERS * RUNS + 20 });
      await db.close();
      const server: ServerProcess = await startApiServerProcess(serverEnv({ DATABASE_URL: '', DATA_DIR: dataDir }));
      try {
        await runAll([server.url], f.seats);
      } finally {
        await server.stop();
      }
      const after = await openPglite(dataDir);
      await check(after, BUYERS * RUNS).finally(() => after.close());
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return results;
  }
  const schema = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(postgresUrl!);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(postgresUrl!, schema);
  try {
    const db = await openPostgres(url);
    await migrate(db);
    const f = await createHallFixture(db, { seatCount: BUYERS * RUNS + 20 });
    const servers = await Promise.all([
      startApiServerProcess(serverEnv({ DATABASE_URL: url })),
      startApiServerProcess(serverEnv({ DATABASE_URL: url })),
    ]);
    try {
      await runAll(
        servers.map((s) => s.url),
        f.seats,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    await check(db, BUYERS * RUNS).finally(() => db.close());
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
  return results;
}

const rows: string[][] = [];
for (const engine of (postgresUrl ? ['postgres', 'pglite'] : ['pglite']) as Engine[]) {
  const rs = await measure(engine);
  const med = (pick: (f: Figures) => number) => median(rs.map(pick)).toFixed(1);
  rows.push([
    engine === 'postgres' ? 'PostgreSQL, 2 processes' : 'PGlite, 1 process',
    `${med((f) => f.order.p50)} / ${med((f) => f.order.p99)}`,
    `${med((f) => f.session.p50)} / ${med((f) => f.session.p99)}`,
    `${med((f) => f.both.p50)} / ${med((f) => f.both.p99)}`,
    med((f) => f.wallSeconds * 1000),
    String(rs.reduce((n, f) => n + f.failures, 0)),
  ]);
  console.log(rows.at(-1)!.join(' | '));
}

writeSection(
  'checkout',
  `## Checkout: order and payment session

${BUYERS} buyers, each with a session, a client address and one held seat, place a guest order (card,
e-ticket) and open its payment session at the sandbox bank at the same moment. Latency from the
request's write to the answer's last byte (keep-alive connections opened before the clock);
medians of ${RUNS} runs. Checked after the runs: one order and one payment per buyer, no seat in two
orders.

${markdownTable(['database', 'order p50 / p99 ms', 'payment session p50 / p99 ms', 'both p50 / p99 ms', 'all 50 done, ms', 'failures'], rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`${postgresUrl ? 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ' : ''}node --conditions=source --import tsx scripts/bench/checkout.ts\``,
);
process.exit(0);
