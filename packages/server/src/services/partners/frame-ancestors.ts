import type { Queryable } from '../../db/index.js';
import { PARTNER_ORIGIN } from './registry.js';

/**
 * Every page asks for the partner origins (its Content-Security-Policy), so each process keeps
 * them this long. Short, so that a partner added from the command line can frame the site
 * within seconds, on every process, without any process telling the others.
 */
export const PARTNER_ORIGINS_TTL_MS = 5_000;

/** The policy of a page when the partner origins cannot be read: only this site may frame it. */
export const SELF_ONLY_FRAME_POLICY = "frame-ancestors 'self'";

/** Every origin any registered partner may frame the site from, sorted, without duplicates. */
export async function readPartnerOrigins(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ origin: string }>(
    'SELECT DISTINCT unnest(allowed_origins) AS origin FROM partners ORDER BY 1',
  );
  // A row written around the registry (by hand, an old import) must not break the header.
  return rows.map((r) => r.origin).filter((o) => PARTNER_ORIGIN.test(o));
}

/** `frame-ancestors 'self' https://a https://b`: this site and the given partner origins. */
export function frameAncestorsPolicy(origins: readonly string[]): string {
  return [SELF_ONLY_FRAME_POLICY, ...origins].join(' ');
}

export interface PartnerOriginsCache {
  /** The partner origins, read at most once per TTL; concurrent callers share one query. */
  origins(): Promise<string[]>;
  /** The page's Content-Security-Policy value: frame-ancestors 'self' and the partner origins. */
  framePolicy(): Promise<string>;
  /** Forgets the cached list (after a registration in this process). */
  invalidate(): void;
}

/**
 * A per-process cache of the partner origins. A failed read is not cached: the next page tries
 * again (the caller decides what to send meanwhile, SELF_ONLY_FRAME_POLICY being the safe choice).
 */
export function createPartnerOriginsCache(
  db: Queryable,
  opts: { ttlMs?: number; now?: () => number } = {},
): PartnerOriginsCache {
  const ttlMs = opts.ttlMs ?? PARTNER_ORIGINS_TTL_MS;
  const now = opts.now ?? Date.now;
  let cached: { at: number; origins: Promise<string[]> } | null = null;

  function origins(): Promise<string[]> {
    const at = now();
    if (cached && at - cached.at < ttlMs) return cached.origins;
    const entry = { at, origins: readPartnerOrigins(db) };
    cached = entry;
    entry.origins.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.origins;
  }

  return {
    origins,
    framePolicy: async () => frameAncestorsPolicy(await origins()),
    invalidate() {
      cached = null;
    },
  };
}
