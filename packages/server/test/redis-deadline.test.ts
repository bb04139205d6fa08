/**
 * Issue 9: the deadline a request gives Redis. A process busy past the deadline in a rush has
 * Redis's answer waiting in its socket when the deadline's timer fires; that answer is taken, not
 * called a timeout (which sent the admission gate to its per-process queue, where a late buyer got
 * in ahead of hundreds queued in Redis). A Redis that does not answer still meets the deadline.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { GATE_DEADLINE_MS, RedisQueueStore } from '../src/admission/stores.js';
import { RedisCounterStore } from '../src/limits/index.js';
import { answered, REDIS_DEADLINE_MS } from '../src/redis.js';

/**
 * Keeps the event loop busy (nothing else runs meanwhile, as in a turn full of requests) for at
 * least `ms`, and until `done()` says what the turn waits for has happened.
 */
function busy(ms: number, done: () => boolean = () => true): void {
  const until = performance.now() + ms;
  while (performance.now() < until || !done()) {
    // spin
  }
}

/** The event loop's next check phase, after the immediates queued before it. */
const nextCheck = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a deadline for an answer (redis.ts answered)', () => {
  let echoer: Worker | undefined;
  afterEach(() => echoer?.terminate());

  /**
   * A client of a server that echoes at once, in a thread of its own (as Redis is a process of
   * its own): it answers while this thread is busy. `echoed[0]` turns 1 once its answer is
   * written, so in the client's socket (over loopback the kernel delivers it as it is written).
   */
  async function echo(): Promise<{ client: Socket; echoed: Int32Array }> {
    const echoed = new Int32Array(new SharedArrayBuffer(4));
    echoer = new Worker(
      `const { createServer } = require('node:net');
       const { parentPort, workerData } = require('node:worker_threads');
       const server = createServer((socket) =>
         socket.on('data', (d) => socket.write(d, () => Atomics.store(workerData, 0, 1))));
       server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
      { eval: true, workerData: echoed },
    );
    const port = await new Promise<number>((resolve) => echoer!.once('message', resolve));
    const client = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    return { client, echoed };
  }

  it('takes an answer that came while the process was busy past the deadline', async () => {
    const { client, echoed } = await echo();
    try {
      const reply = new Promise<string>((resolve) => client.once('data', (d) => resolve(d.toString())));
      const answer = answered(reply, 50);
      client.write('pong');
      // Busy past the deadline until the echo is in the socket: when the turn ends, the
      // deadline's timer is due before the loop reads the answer.
      busy(100, () => Atomics.load(echoed, 0) === 1);
      await expect(answer).resolves.toBe('pong');
    } finally {
      client.destroy();
    }
  });

  it('rejects when no answer comes, and passes on a failure as it is', async () => {
    const started = performance.now();
    await expect(answered(new Promise(() => {}), 40)).rejects.toThrow('Redis did not answer within 40 ms');
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    await expect(answered(Promise.reject(new Error('Connection is closed.')), 40)).rejects.toThrow(
      'Connection is closed.',
    );
  });
});

describe.runIf(process.env.REDIS_URL)('the admission gate while its process is busy (Redis)', () => {
  it('keeps the buyer in the shared queue after a turn longer than the rate limits’ deadline', async () => {
    const run = `partera:test-deadline:${randomBytes(4).toString('hex')}:`;
    const warnings: string[] = [];
    const counters = [0, 1].map(
      () => new RedisCounterStore(process.env.REDIS_URL!, (m) => warnings.push(m), `${run}rl:`),
    );
    const [a, b] = counters.map((c) => new RedisQueueStore(c, `${run}gate:`)) as [RedisQueueStore, RedisQueueStore];
    try {
      const one = { rate: 1, burst: 1 };
      expect((await a.enter(5, 'first', one)).verdict).toEqual({ admitted: true });
      // The second buyer's attempt goes out, then its process is busy past the old 500 ms
      // command timeout (and the rate limits' deadline) before it reads the answer.
      const second = b.enter(5, 'second', one);
      // Two check phases: the store sends its batch in the first, ioredis writes it in the next.
      await nextCheck();
      await nextCheck();
      busy(REDIS_DEADLINE_MS + 200);
      // The answer is the shared queue's: second in line behind the admitted first. A fallback
      // to the process's own queue would have admitted it with that queue's fresh burst.
      expect((await second).verdict).toMatchObject({ admitted: false, position: 1 });
      expect(warnings).toEqual([]);
      expect(GATE_DEADLINE_MS).toBeGreaterThan(REDIS_DEADLINE_MS);
    } finally {
      await a.close();
      await b.close();
      for (const c of counters) await c.close();
    }
  });
});
