/**
 * Issue 9, proof against faults: one of two server processes is killed with SIGKILL in the middle
 * of a sale rush and started again (by the cluster's primary, as in production). Afterwards no
 * place is held by two buyers, every hold ends, the kept numbers equal a recount, and the rush
 * goes on on the new process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_PARAM, SESSION_PARAM } from '../src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../src/http/session.js';
import { countMismatches } from './support/counts.js';
import { openTestDatabase, postgresUrl, type TestDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECRET = 'fault-secret';
const PORT = 4931;
const HOLD_MINUTES = 15;

/** The cluster's output, line by line, with a wait for a line that matches. */
function watch(child: ChildProcess) {
  const lines: string[] = [];
  const waiters: Array<{ re: RegExp; from: number; resolve: (m: RegExpExecArray) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      for (let i = w.from; i < lines.length; i++) {
        const m = w.re.exec(lines[i]!);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
          break;
        }
      }
    }
  };
  let rest = '';
  const take = (d: Buffer) => {
    const text = rest + d.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
    check();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return {
    lines,
    /** Resolves at the first line from `from` on that matches. */
    next(re: RegExp, from = 0): Promise<RegExpExecArray> {
      return new Promise((resolve) => {
        waiters.push({ re, from, resolve });
        check();
      });
    },
  };
}

describe.runIf(postgresUrl)('issue 9: a server process killed in a rush [postgres]', () => {
  let db: TestDatabase;
  let f: HallFixture;
  let cluster: ChildProcess;
  let out: ReturnType<typeof watch>;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    f = await createHallFixture(db.db, { seatCount: 40 });
    cluster = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(here, 'support/cluster-server.ts')],
      {
        cwd: path.resolve(here, '../../..'),
        env: {
          ...process.env,
          DATABASE_URL: db.url!,
          PORT: String(PORT),
          SECRET,
          WORKERS: '2',
          DEMO_DATA: 'none',
          TRUST_PROXY: '127.0.0.1',
          HOLD_MINUTES: String(HOLD_MINUTES),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    out = watch(cluster);
    await out.next(/Worker (\d+) is serving/);
    await out.next(/Worker (\d+) is serving/, out.lines.findIndex((l) => /is serving/.test(l)) + 1);
  });

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const ended = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await ended;
    }
    await db?.close();
  });

  it('keeps every place held by one buyer at most, every hold ending, and the numbers right', async () => {
    const servingBefore = out.lines.filter((l) => /is serving/.test(l)).map((l) => Number(/Worker (\d+)/.exec(l)![1]));
    expect(new Set(servingBefore).size).toBe(2);
    const victim = servingBefore[0]!;

    const BUYERS = 400;
    const answers: Array<{ seat: number; session: string; result: number | 'no answer' }> = [];
    let next = 0;
    let killedAt = -1;
    const buyerOf = (i: number) => ({ session: issueSessionId(SECRET), seat: f.seats[(i * 7) % f.seats.length]! });
    async function worker() {
      for (;;) {
        const i = next++;
        if (i >= BUYERS) return;
        if (i === 120) {
          // The middle of the rush: requests are in flight on both processes.
          killedAt = out.lines.length;
          process.kill(victim, 'SIGKILL');
        }
        const { session, seat } = buyerOf(i);
        try {
          const r = await fetch(`http://127.0.0.1:${PORT}/hallPlace/select/`, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `${SESSION_PARAM}=${session}`,
              'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
            },
            body: new URLSearchParams({ cypher: String(seat), [CSRF_PARAM]: csrfTokenFor(session, SECRET) }),
            // A connection the killed process had taken never answers: the buyer gives up, as a
            // browser would (much sooner here than a browser's own limit).
            signal: AbortSignal.timeout(5_000),
          });
          answers.push({ seat, session, result: ((await r.json()) as { result: number }).result });
        } catch {
          // The killed process's connections end without an answer: the buyer does not know.
          answers.push({ seat, session, result: 'no answer' });
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, () => worker()));
    // The primary starts a new process in place of the killed one.
    const [, replacement] = await out.next(/Worker (\d+) is serving/, killedAt);
    expect(Number(replacement)).not.toBe(victim);

    // No place was promised to two buyers, and every promise is kept in the database.
    const promised = new Map<number, string[]>();
    for (const a of answers) if (a.result === 1) promised.set(a.seat, [...(promised.get(a.seat) ?? []), a.session]);
    for (const [seat, sessions] of promised) expect(sessions, `seat ${seat}`).toHaveLength(1);
    const held = await db.db.query<{ id: number; hold_session_id: string; held_until: Date }>(
      'SELECT id, hold_session_id, held_until FROM performance_places WHERE performance_id = $1 AND state = 1',
      [f.performanceId],
    );
    const holder = new Map(held.rows.map((r) => [r.id, r.hold_session_id]));
    for (const [seat, [session]] of promised) expect(holder.get(seat), `seat ${seat}`).toBe(session);
    // Every hold ends, none later than a fresh hold would.
    const latest = Date.now() + HOLD_MINUTES * 60_000 + 5_000;
    for (const r of held.rows) expect(new Date(r.held_until).getTime()).toBeLessThanOrEqual(latest);
    // Nothing was sold, so no ticket exists; none twice in any case.
    const twice = await db.db.query(
      `SELECT performance_place_id FROM tickets WHERE status = 'issued' AND performance_place_id IS NOT NULL
        GROUP BY 1 HAVING count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    expect(await countMismatches(db.db)).toEqual([]);

    // The rush went on: most buyers got an answer, and the new process serves.
    expect(answers.filter((a) => a.result !== 'no answer').length).toBeGreaterThan(BUYERS / 2);
    const after = issueSessionId(SECRET);
    const free = f.seats.find((s) => !holder.has(s));
    if (free !== undefined) {
      const r = await fetch(`http://127.0.0.1:${PORT}/hallPlace/select/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_PARAM}=${after}` },
        body: new URLSearchParams({ cypher: String(free), [CSRF_PARAM]: csrfTokenFor(after, SECRET) }),
      });
      expect(((await r.json()) as { result: number }).result).toBe(1);
    }
  });
});
