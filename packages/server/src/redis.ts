import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The prefix of every key this deployment keeps in Redis: a short hash of its database, so that
 * two deployments (or test schemas) sharing one Redis never read each other's queues or counters.
 */
export function redisNamespace(database: { databaseUrl: string | undefined; dataDir: string }): string {
  const id = createHash('sha256')
    .update(database.databaseUrl ?? `pglite:${database.dataDir}`)
    .digest('hex');
  return `partera:${id.slice(0, 12)}:`;
}

/** A Lua script run atomically on the Redis server, known there by its SHA-1. */
export interface LuaScript {
  text: string;
  sha: string;
}

export function luaScript(text: string): LuaScript {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

/** How long a request waits for Redis's answer before its caller goes on without it. */
export const REDIS_DEADLINE_MS = 500;

/**
 * The longest ioredis keeps a command that has had no answer: a backstop for a Redis that keeps
 * the connection open and never answers, so that unanswered commands do not pile up. Callers give
 * up earlier, at their own deadline (`answered`).
 */
const COMMAND_BACKSTOP_MS = 5_000;

/**
 * `work`'s answer, or a rejection when it has none `deadlineMs` after the call.
 *
 * The deadline is decided one phase of the event loop after its timer fires (setImmediate runs
 * after the loop has read its sockets). After a turn busy past the deadline (a process in a rush)
 * the loop runs its expired timers before it reads the answers that arrived meanwhile; a timer
 * that decided at once, like ioredis's own command timeout, would call an answer already waiting
 * in the socket a timeout, and the caller would take its fallback while Redis was fine.
 */
export function answered<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new Error(`Redis did not answer within ${deadlineMs} ms`));
      });
    }, deadlineMs);
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * A connection to the Redis of REDIS_URL for state shared by every server process (rate-limit
 * counters, admission queues). Requests never wait long for Redis: commands fail at once while it
 * is down and after a deadline when it is slow (their callers then go on without it), it
 * reconnects in the background, and its trouble is logged at most once a minute.
 */
export class SharedRedis {
  readonly redis: Redis;
  /** Settles when the first connection is ready or has failed: only the first requests wait for it. */
  readonly connected: Promise<void>;
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    private readonly warn: (message: string) => void,
    purpose: string,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_BACKSTOP_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 5_000),
      // Commands issued in the same tick of the event loop go out in one write: in a rush, the
      // gate and limit checks of many requests share a system call and a round trip.
      enableAutoPipelining: true,
    });
    this.redis.on('error', (err: Error) => this.warnOnce(`Redis for ${purpose}: ${err.message}`));
    this.connected = this.redis.connect().catch(() => {
      // Reported by the 'error' listener; retryStrategy reconnects.
    });
  }

  /**
   * Runs a Lua script by its hash (EVALSHA), sending its text only when this Redis does not
   * know it yet: a request's gate or limit check stays a few dozen bytes on the wire. Rejects
   * when Redis has not answered within `deadlineMs` (see `answered`).
   */
  runScript(
    script: LuaScript,
    keys: readonly string[],
    args: readonly string[],
    deadlineMs = REDIS_DEADLINE_MS,
  ): Promise<unknown> {
    const run = async () => {
      try {
        return await this.redis.evalsha(script.sha, keys.length, ...keys, ...args);
      } catch (err) {
        if (!(err as Error).message.startsWith('NOSCRIPT')) throw err;
        return this.redis.eval(script.text, keys.length, ...keys, ...args);
      }
    };
    return answered(run(), deadlineMs);
  }

  /** A command's answer, or a rejection when Redis has not answered within `deadlineMs`. */
  ask<T>(command: (redis: Redis) => Promise<T>, deadlineMs = REDIS_DEADLINE_MS): Promise<T> {
    return answered(command(this.redis), deadlineMs);
  }

  warnOnce(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.warn(message);
  }

  close(): void {
    this.redis.disconnect();
  }
}
