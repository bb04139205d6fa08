/**
 * The admission gate at a sale's start: 5,000 buyers arrive within one second for 500 places.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     node --conditions=source --import tsx scripts/bench/admission.ts
 *
 * Two server processes on PostgreSQL share the queue in Redis (the gate's defaults: 200 buyers
 * a second after a burst of 400). Each buyer (its own session and address) asks for one of the
 * 500 places at its moment of arrival, spread evenly over the second. Every buyer must get an
 * answer: a place (result 1), a refusal because the place is taken (result 0), or its queue
 * position (429 with Retry-After); none a 5xx, no place held twice. Reported: the answers, the
 * p50/p99 of the answers that went through the gate (the holds of admitted buyers) and of the
 * queue answers. Medians of 3 runs.
 */
import http from 'node:http';
import { migrate } from '../../packages/server/src/db/index.js';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../packages/server/src/http/session.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import { startApiServerProcess } from '../../packages/server/test/support/processes.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const SECRET = 'bench-secret';
const BUYERS = 5_000;
const PLACES = 500;
const ARRIVAL_MS = 1_000;
const RUNS = 3;
const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!postgresUrl || !redisUrl) throw new Error('set DATABASE_URL and REDIS_URL');

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Answer {
  status: number;
  result: number | null;
  ms: number;
}

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/hallPlace/select/`, { method: 'POST', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run(runIndex: number) {
  const schema = `bench_gate_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(postgresUrl!);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(postgresUrl!, schema);
  const db = await openPostgres(url);
  await migrate(db);
  const f = await createHallFixture(db, { seatCount: PLACES });
  const env = (port: number) => ({
    DATABASE_URL: url,
    REDIS_URL: redisUrl!,
    PORT: String(port),
    SECRET,
    TRUST_PROXY: '127.0.0.1',
  });
  const base = 4800 + runIndex * 2;
  const servers = await Promise.all([startApiServerProcess(env(base)), startApiServerProcess(env(base + 1))]);
  try {
    const requests = Array.from({ length: BUYERS }, (_, i) => {
      const sid = issueSessionId(SECRET);
      const body = new URLSearchParams({
        cypher: String(f.seats[(i * 7919) % PLACES]),
        [CSRF_PARAM]: csrfTokenFor(sid, SECRET),
      }).toString();
      return {
        url: servers[i % 2]!.url,
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          cookie: `${SESSION_PARAM}=${sid}`,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
      };
    });
    const answers: Answer[] = [];
    const started = performance.now();
    await Promise.all(
      requests.map(
        (r, i) =>
          new Promise<void>((done) => {
            setTimeout(
              async () => {
                const t0 = performance.now();
                try {
                  const res = await post(r.url, r.headers, r.body);
                  const result = res.status === 200 ? (JSON.parse(res.text) as { result: number }).result : null;
                  answers.push({ status: res.status, result, ms: performance.now() - t0 });
                } catch {
                  answers.push({ status: 0, result: null, ms: performance.now() - t0 });
                }
                done();
              },
              Math.max(0, (i * ARRIVAL_MS) / BUYERS - (performance.now() - started)),
            );
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const held = await db.query<{ n: number; sessions: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT hold_session_id)::int AS sessions
         FROM performance_places WHERE performance_id = $1 AND state = 1`,
      [f.performanceId],
    );
    const admitted = answers.filter((a) => a.status === 200);
    const queued = answers.filter((a) => a.status === 429);
    return {
      seconds,
      seats: admitted.filter((a) => a.result === 1).length,
      taken: admitted.filter((a) => a.result === 0).length,
      queued: queued.length,
      failed: answers.filter((a) => a.status >= 500 || a.status === 0).length,
      held: held.rows[0]!.n,
      doubleHolds: admitted.filter((a) => a.result === 1).length - held.rows[0]!.n,
      admittedP50: admitted.length
        ? percentile(
            admitted.map((a) => a.ms),
            50,
          )
        : 0,
      admittedP99: admitted.length
        ? percentile(
            admitted.map((a) => a.ms),
            99,
          )
        : 0,
      queuedP99: queued.length
        ? percentile(
            queued.map((a) => a.ms),
            99,
          )
        : 0,
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
  ['queued buyers: answer p99 ms', med((r) => r.queuedP99).toFixed(1)],
  ['all answered within s', med((r) => r.seconds).toFixed(2)],
];
writeSection(
  'admission',
  `## Admission at a sale's start

${BUYERS.toLocaleString('en')} buyers (a session and an address each) arrive evenly within one second for a
${PLACES}-place hall; each asks once for one place. Two server processes on PostgreSQL, the queue in Redis,
the gate's defaults (200 buyers a second per performance after a burst of 400). Medians of ${RUNS} runs.

${markdownTable(['figure', 'value'], rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 node --conditions=source --import tsx scripts/bench/admission.ts\``,
);
process.exit(0);
