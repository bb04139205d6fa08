/**
 * What the availability numbers cost the holds of one section (decision 0018): the database alone,
 * no HTTP. 2,000 places of one section are claimed one per transaction (hold_claim_places, the
 * claim every seat select runs), 20 at a time over 20 connections (two server processes' pools),
 * with the counters kept three ways:
 *
 * - one row per key (migration 0006: every hold of the section updates the same row, and waits
 *   for the previous hold's commit to do so);
 * - striped rows (migration 0019: the connection's stripe of the key, summed on read);
 * - no counting trigger at all (the bound: what the claim costs without numbers).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/hold-counters.ts
 *
 * Medians of 3 runs of each, the variants taking turns. BENCH_RUNS=1 runs once without writing
 * docs/benchmarks.md.
 */
import os from 'node:os';
import { migrate } from '../../packages/server/src/db/index.js';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { createHallFixture } from '../../packages/server/test/support/fixture.js';
import { machine, markdownTable, median, percentile, writeSection } from './report.js';

const PLACES = 2_000;
const IN_FLIGHT = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('set DATABASE_URL');

type Variant = 'one row per key' | 'striped rows (16)' | 'no counting trigger';
const variants: Variant[] = ['one row per key', 'striped rows (16)', 'no counting trigger'];

const schema = `bench_counters_${Math.random().toString(36).slice(2, 10)}`;
const admin = await openPostgres(postgresUrl);
await admin.query(`CREATE SCHEMA ${schema}`);
const db = await openPostgres(withSearchPath(postgresUrl, schema), { max: IN_FLIGHT });
const results = new Map<Variant, { rate: number; p99: number }[]>(variants.map((v) => [v, []]));
try {
  await migrate(db);
  const f = await createHallFixture(db, { seatCount: PLACES });
  // Every connection opened and its plans made before the clock.
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => db.query('SELECT place_count_stripe()')));

  const setUp = async (v: Variant) => {
    await db.query(
      `CREATE OR REPLACE FUNCTION place_count_stripe() RETURNS smallint LANGUAGE sql STABLE AS $$ SELECT ${
        v === 'one row per key' ? '0::smallint' : '(pg_backend_pid() % 16)::smallint'
      } $$`,
    );
    await db.query(
      `ALTER TABLE performance_places ${v === 'no counting trigger' ? 'DISABLE' : 'ENABLE'} TRIGGER place_counts_update`,
    );
  };
  const rush = async () => {
    const now = new Date();
    const until = new Date(now.getTime() + 15 * 60_000);
    const ms: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < PLACES) {
          const id = f.seats[next++]!;
          const t = performance.now();
          await db.query('SELECT ok FROM hold_claim_places($1::int[], $2, $3, $4, $5::int[], $6, false, false)', [
            [id],
            `s${id}`,
            until,
            now,
            [null],
            '10.0.0.1',
          ]);
          ms.push(performance.now() - t);
        }
      }),
    );
    const rate = PLACES / ((performance.now() - started) / 1000);
    // Released as claimed: with the trigger in the runs that had it, without it in the others.
    await db.query(
      `UPDATE performance_places SET state = 0, hold_session_id = NULL, held_until = NULL, hold_client = NULL
        WHERE performance_id = $1`,
      [f.performanceId],
    );
    await db.query('ALTER TABLE performance_places ENABLE TRIGGER place_counts_update');
    return { rate, p99: percentile(ms, 99) };
  };
  for (let run = 0; run < RUNS; run++) {
    for (const v of variants) {
      await setUp(v);
      const r = await rush();
      console.log(JSON.stringify({ variant: v, ...r, load: os.loadavg()[0] }));
      results.get(v)!.push(r);
    }
  }
  const recount = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM place_counts k JOIN (
       SELECT pp.performance_id, pl.section_id, pp.price_category_id, count(*) FILTER (WHERE pp.state = 0)::int AS free
         FROM performance_places pp JOIN places pl ON pl.id = pp.place_id GROUP BY 1, 2, 3) r
       USING (performance_id, section_id, price_category_id) WHERE k.free <> r.free`,
  );
  if (recount.rows[0]!.n !== 0) throw new Error('the kept numbers differ from a recount of the places');
} finally {
  await db.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}

const rows = variants.map((v) => {
  const rs = results.get(v)!;
  return [v, String(Math.round(median(rs.map((r) => r.rate)))), median(rs.map((r) => r.p99)).toFixed(1)];
});
console.log(markdownTable(['counters', 'holds / s', 'p99 ms'], rows));
if (RUNS === 3) {
  writeSection(
    'hold-counters',
    `## The availability numbers and the holds of one section

${PLACES.toLocaleString('en')} places of one section claimed one per transaction (\`hold_claim_places\`), ${IN_FLIGHT} at a time
over ${IN_FLIGHT} connections, straight to PostgreSQL (no HTTP): what keeping the numbers costs the holds (decision
0018). Medians of ${RUNS} runs, the variants taking turns. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.

${markdownTable(['counters', 'holds / s', 'p99 ms'], rows)}

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx scripts/bench/hold-counters.ts\``,
  );
}
process.exit(0);
