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

/**
 * A connection to the Redis of REDIS_URL for state shared by every server process (rate-limit
 * counters, admission queues). Requests never wait for Redis: commands fail at once while it is
 * down (their callers then let the request through), it reconnects in the background, and its
 * trouble is logged at most once a minute.
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
      commandTimeout: 500,
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
   * know it yet: a request's gate or limit check stays a few dozen bytes on the wire.
   */
  async runScript(script: LuaScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err as Error).message.startsWith('NOSCRIPT')) throw err;
      return this.redis.eval(script.text, keys.length, ...keys, ...args);
    }
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
