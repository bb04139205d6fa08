/**
 * Issue 9, the admission gate's cost per buyer: a queued buyer's 429 is answered before the
 * attempt's body goes through Fastify's parsing and the handler's pipeline (http/route.ts
 * earlyGate), with the same answer as the route's own; a session id's signature is checked once
 * and remembered (http/session.ts VerifiedSessions), a forged one every time.
 */

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisQueueStore } from '../src/admission/stores.js';
import { parseForm, peekForm } from '../src/http/early-body.js';
import { CSRF_PARAM, SESSION_PARAM } from '../src/http/names.js';
import { csrfTokenFor, issueSessionId, VerifiedSessions } from '../src/http/session.js';
import { clientIpOf } from '../src/limits/client-address.js';
import { RedisCounterStore } from '../src/limits/stores.js';
import { SharedRedis } from '../src/redis.js';
import { buildTestApp } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const SECRET = 'test-secret';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A browser's post over a real connection, written in one piece (http.request sends the head
 * and a body given to end() in one write), so the server has the whole form at once.
 */
function postForm(
  url: string,
  path: string,
  form: Record<string, string>,
  cookie?: string,
  agent: http.Agent | false = false,
): Promise<RawAnswer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        'content-length': String(Buffer.byteLength(body)),
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A buyer of the tests over HTTP: its signed session and the page's CSRF token. */
function httpBuyer(url: string) {
  const sid = issueSessionId(SECRET);
  return {
    sid,
    select: (cypher: number) =>
      postForm(
        url,
        '/hallPlace/select/',
        { cypher: String(cypher), [CSRF_PARAM]: csrfTokenFor(sid, SECRET) },
        `${SESSION_PARAM}=${sid}`,
      ),
  };
}

/** Headers that differ between any two answers (the moment, the connection, the body's length). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-queue-position', 'retry-after']);

function lasting(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
}

describeEachDatabase('issue 9: a queued buyer answered before its body is parsed', (get) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** An app on a port of its own whose gate lets one buyer in; `parsed` counts the requests that reached body parsing. */
  async function listening() {
    const built = await buildTestApp(get().db, { config: { admission: { rate: 1, burst: 1 }, redisUrl: undefined } });
    app = built.app;
    const parsed = { count: 0 };
    app.addHook('preValidation', async () => {
      parsed.count++;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, parsed, app };
  }

  it('answers the route’s own 429 (status, headers, shape) without parsing the body, and lets the admitted one hold', async () => {
    const f = await createHallFixture(get().db);
    const { url, parsed, app } = await listening();
    // The first buyer is let in and holds its place: its form reached the handler intact.
    const first = await httpBuyer(url).select(f.seats[0]!);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ result: 1 });
    expect(parsed.count).toBe(1);

    // The second is queued: answered before body parsing (no preValidation), one place in the queue.
    const early = await httpBuyer(url).select(f.seats[1]!);
    expect(early.status).toBe(429);
    expect(parsed.count).toBe(1);
    expect(early.headers['x-queue-position']).toBe('1');
    expect(early.headers['retry-after']).toBe('1');

    // The route's own way (an injected request, whose body is read as a stream): the same answer.
    const sid = issueSessionId(SECRET);
    const routed = await app.inject({
      method: 'POST',
      url: '/hallPlace/select/',
      cookies: { [SESSION_PARAM]: sid },
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: new URLSearchParams({ cypher: String(f.seats[2]), [CSRF_PARAM]: csrfTokenFor(sid, SECRET) }).toString(),
    });
    expect(parsed.count).toBe(2);
    expect(routed.statusCode).toBe(429);
    expect(routed.headers['x-queue-position']).toBe('2');
    expect(lasting(early.headers)).toEqual(lasting(routed.headers));
    expect(lasting(early.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const earlyBody = JSON.parse(early.body);
    const routedBody = routed.json();
    expect(Object.keys(earlyBody).sort()).toEqual(Object.keys(routedBody).sort());
    // The same text, each with its own place and wait.
    expect(earlyBody.message).toContain('Ваше место в очереди: 1.');
    expect(earlyBody.message.replace(/\d+/g, 'N')).toBe(routedBody.message.replace(/\d+/g, 'N'));
    // Nothing was held for the queued buyers.
    const held = await get().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM performance_places WHERE id = ANY($1::int[]) AND state = 1',
      [[f.seats[1], f.seats[2]]],
    );
    expect(held.rows[0]!.n).toBe(0);
  });

  it('answers a buyer asking again on the same kept-alive connection, queued or let in', async () => {
    const f = await createHallFixture(get().db);
    const { url, parsed } = await listening();
    // One connection for everything, as a browser's tab keeps it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = issueSessionId(SECRET);
      const second = issueSessionId(SECRET);
      const select = (sid: string, cypher: number) =>
        postForm(
          url,
          '/hallPlace/select/',
          { cypher: String(cypher), [CSRF_PARAM]: csrfTokenFor(sid, SECRET) },
          `${SESSION_PARAM}=${sid}`,
          agent,
        );
      const answers = [await select(first, f.seats[0]!)];
      for (let i = 0; i < 3; i++) answers.push(await select(second, f.seats[1]!));
      answers.push(await select(first, f.seats[2]!));
      expect(answers.map((a) => a.status)).toEqual([200, 429, 429, 429, 200]);
      expect(answers.map((a) => a.headers['x-queue-position'])).toEqual([undefined, '1', '1', '1', undefined]);
      // The queued answers skipped body parsing; the admitted ones' forms reached the handler.
      expect(parsed.count).toBe(2);
      expect(JSON.parse(answers[4]!.body)).toMatchObject({ result: 1, ticketCount: 2 });
    } finally {
      agent.destroy();
    }
  });

  it('sends a forged or malformed attempt the route’s way: refused as before, and it takes no place in the queue', async () => {
    const f = await createHallFixture(get().db);
    const { url, parsed } = await listening();
    expect((await httpBuyer(url).select(f.seats[0]!)).status).toBe(200);
    const sid = issueSessionId(SECRET);
    const cookie = `${SESSION_PARAM}=${sid}`;
    // No CSRF token: 403 from the route, after its body was parsed.
    const forged = await postForm(url, '/hallPlace/select/', { cypher: String(f.seats[1]) }, cookie);
    expect(forged.status).toBe(403);
    // A session id whose signature is not ours, with the token a forger would compute without the secret.
    const madeUp = `${'A'.repeat(24)}.${'B'.repeat(22)}`;
    const unsigned = await postForm(
      url,
      '/hallPlace/select/',
      { cypher: String(f.seats[1]), [CSRF_PARAM]: 'B'.repeat(22) },
      `${SESSION_PARAM}=${madeUp}`,
    );
    expect(unsigned.status).toBe(403);
    // Malformed: 400 from the route.
    const malformed = await postForm(
      url,
      '/hallPlace/select/',
      { cypher: 'x', [CSRF_PARAM]: csrfTokenFor(sid, SECRET) },
      cookie,
    );
    expect(malformed.status).toBe(400);
    expect(parsed.count).toBe(4);
    // The next real buyer is the first in the queue: none of those took a place in it.
    const next = await httpBuyer(url).select(f.seats[1]!);
    expect(next.status).toBe(429);
    expect(next.headers['x-queue-position']).toBe('1');
  });
});

describe('a hold attempt’s form read before Fastify’s parsing', () => {
  // The form parser Fastify's plugin uses (fast-querystring), found from the plugin's own folder.
  const fastQuerystring = createRequire(createRequire(import.meta.url).resolve('@fastify/formbody'))(
    'fast-querystring',
  ) as { parse(text: string): Record<string, unknown> };

  it('reads a plain form as the form parser does, and declines anything it could read otherwise', () => {
    for (const text of [
      'cypher=123&_csrf=abc-_DEF',
      'a=1&b=x+y&c=%D0%BC%D0%B5%D1%81%D1%82%D0%BE',
      'flag&x=',
      'a=1&&b=2',
      'a=%2B%26%3D',
    ]) {
      expect(parseForm(text)).toEqual({ ...fastQuerystring.parse(text) });
    }
    for (const text of ['a=1&a=2', '=1', 'a=%E0%A4%A', '__proto__=1', 'a=%ZZ']) expect(parseForm(text)).toBeNull();
  });

  it('leaves the body in the request, and leaves alone a body that has not fully arrived', async () => {
    const bytes = Buffer.from('cypher=1&_csrf=t');
    const message = (complete: boolean, parts: Buffer[]) => {
      const raw = new Readable({ read() {} }) as Readable & { headers: Record<string, string>; complete: boolean };
      for (const p of parts) raw.push(p);
      if (complete) raw.push(null);
      raw.headers = {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(bytes.length),
      };
      raw.complete = complete;
      return raw;
    };
    const whole = message(true, [bytes.subarray(0, 5), bytes.subarray(5)]);
    expect(peekForm(whole as never)).toEqual({ cypher: '1', _csrf: 't' });
    // What Fastify then reads is every byte as sent, and the stream still ends.
    const read: Buffer[] = [];
    for await (const chunk of whole) read.push(chunk as Buffer);
    expect(Buffer.concat(read).toString()).toBe(bytes.toString());

    const ended = message(false, [bytes]);
    expect(peekForm(ended as never)).toEqual({ cypher: '1', _csrf: 't' });
    expect(ended.readableLength).toBe(bytes.length);
    const partial = message(false, [bytes.subarray(0, 5)]);
    expect(peekForm(partial as never)).toBeNull();
    expect(partial.readableLength).toBe(5);
    const json = message(true, [bytes]);
    json.headers['content-type'] = 'application/json';
    expect(peekForm(json as never)).toBeNull();
    expect(json.readableLength).toBe(bytes.length);
  });
});

describe('session ids checked once', () => {
  it('remembers a genuine id with its CSRF token, never a forged one, and keeps within its bound', () => {
    const verified = new VerifiedSessions(SECRET, 3);
    const genuine = issueSessionId(SECRET);
    expect(verified.csrfTokenOf(genuine)).toBe(csrfTokenFor(genuine, SECRET));
    expect(verified.csrfTokenOf(genuine)).toBe(csrfTokenFor(genuine, SECRET));
    expect(verified.size).toBe(1);
    // Signed with another secret, or a genuine id's random part with a made-up signature.
    const foreign = issueSessionId('another-secret');
    const tampered = `${genuine.slice(0, 25)}${genuine[25] === 'A' ? 'B' : 'A'}${genuine.slice(26)}`;
    for (const forged of [foreign, tampered, foreign, tampered, 'not-an-id']) {
      expect(verified.csrfTokenOf(forged)).toBeNull();
    }
    expect(verified.size).toBe(1);
    const issued = verified.issue();
    expect(issued.csrfToken).toBe(csrfTokenFor(issued.id, SECRET));
    // Past the bound, the least recently used id goes: `genuine` was used after `a`.
    const a = issueSessionId(SECRET);
    verified.csrfTokenOf(a);
    verified.csrfTokenOf(genuine);
    verified.csrfTokenOf(issueSessionId(SECRET));
    expect(verified.size).toBe(3);
    // Forgotten ids are checked again, and a genuine one still passes.
    expect(verified.csrfTokenOf(issued.id)).toBe(issued.csrfToken);
  });
});

describe('the client address without re-reading the proxies’ list', () => {
  it('names the address Fastify’s req.ip names, whatever the proxies and the forwarded chain', async () => {
    const chains = [
      undefined,
      '203.0.113.9',
      '203.0.113.9, 10.0.0.2',
      ' 198.51.100.1 ,203.0.113.9,  10.0.0.2 ',
      '2001:db8::1, ::ffff:10.0.0.3',
      'garbage, 10.0.0.2',
      ',,',
    ];
    const peers = ['127.0.0.1', '10.0.0.2', '192.0.2.50', '::1', '::ffff:127.0.0.1'];
    for (const trustProxy of [[], ['127.0.0.1'], ['127.0.0.1', '10.0.0.0/8'], ['loopback', 'uniquelocal']]) {
      const app = Fastify({ trustProxy: trustProxy.length > 0 ? trustProxy : false });
      app.decorate('deps', { config: { trustProxy } } as never);
      app.get('/', async (req) => ({ fastify: req.ip ?? null, ours: clientIpOf(req) ?? null }));
      for (const peer of peers) {
        for (const chain of chains) {
          // Twice: the second time the proxies' check is remembered.
          for (let i = 0; i < 2; i++) {
            const answer = await app.inject({
              url: '/',
              remoteAddress: peer,
              ...(chain === undefined ? {} : { headers: { 'x-forwarded-for': chain } }),
            });
            const { fastify, ours } = answer.json();
            expect({ trustProxy, peer, chain, ours }).toEqual({ trustProxy, peer, chain, ours: fastify });
          }
        }
      }
      await app.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('the attempts of one turn of the event loop in Redis', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('go as one script call, each counted and queued in the order it came', async () => {
    const run = `partera:test-batch:${randomBytes(4).toString('hex')}:`;
    const counters = new RedisCounterStore(process.env.REDIS_URL!, () => {}, `${run}rl:`);
    const store = new RedisQueueStore(counters, `${run}gate:`);
    try {
      await counters.shared.connected;
      const scripts = vi.spyOn(SharedRedis.prototype, 'runScript');
      const settings = { rate: 1, burst: 2 };
      const attempt = (session: string, max: number) => ({
        hits: [{ key: `seats:s:${session}:1`, ttlMs: 60_000 }],
        maxes: [max],
        refused: (counts: readonly number[]) => counts[0]! > max,
      });
      // Asked in one turn: 'c' is over its limit and takes no ticket; 'x' is the first buyer of
      // another performance.
      const answered: string[] = [];
      const ask = (performanceId: number, session: string, counted?: ReturnType<typeof attempt>) =>
        store.enter(performanceId, session, settings, counted).then((entry) => {
          answered.push(session);
          return entry;
        });
      const entries = await Promise.all([
        ask(1, 'a', attempt('a', 5)),
        ask(1, 'b', attempt('b', 5)),
        ask(1, 'd', attempt('d', 5)),
        ask(2, 'x', attempt('x', 5)),
        ask(1, 'c', attempt('c', 0)),
        ask(1, 'e'),
      ]);
      expect(scripts).toHaveBeenCalledTimes(1);
      expect(entries.map((e) => e.verdict)).toEqual([
        { admitted: true },
        { admitted: true },
        { admitted: false, position: 1, retryAfterSeconds: 1 },
        { admitted: true },
        null,
        { admitted: false, position: 2, retryAfterSeconds: 2 },
      ]);
      expect(entries.map((e) => e.counts)).toEqual([[1], [1], [1], [1], [1], []]);
      // The admitted (and the refused) go on first; the queued learn their place after them.
      expect(answered).toEqual(['a', 'b', 'x', 'c', 'd', 'e']);
      // Each keeps its ticket in later turns.
      expect((await store.enter(1, 'd', settings)).verdict).toMatchObject({ admitted: false, position: 1 });
      expect(scripts).toHaveBeenCalledTimes(2);
    } finally {
      await store.close();
      await counters.close();
    }
  });
});
