import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/index.js';

/**
 * Shares of a show (site-browsing-account.md 2.4, 7 Browsing; decision 0038). A share button
 * opens the network's share window and reports GET /site/event/?code=vkshare&webObjId={showId};
 * GET /show/JsGetSocialCounters/?url={showUrl} answers {fb, vk, ok}, the shares counted here.
 *
 * What counts, so that a script cannot inflate the numbers:
 * - only the known share codes (SHARE_CODES), only for a show that exists;
 * - one share per show, network and visitor (the session): reporting again counts nothing;
 * - from one client address at most SHARES_PER_CLIENT_PER_DAY shares of a show on a network in
 *   24 hours, however many sessions it makes (a NAT may hide a few real sharers, not hundreds);
 * - the route counts only reports sent by this site's own pages (Origin or Referer), and the
 *   call's rate limit ('reports') bounds the requests themselves.
 */

/** The share codes of the spec's event call and the network each counts for. */
export const SHARE_CODES = { vkshare: 'vk', fbshare: 'fb', okshare: 'ok' } as const;
export type ShareCode = keyof typeof SHARE_CODES;
export type ShareNetwork = (typeof SHARE_CODES)[ShareCode];

export const SHARES_PER_CLIENT_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isShareCode(code: string): code is ShareCode {
  return Object.hasOwn(SHARE_CODES, code);
}

/** The visitor a share is counted for: a hash of the session, never the session id itself. */
export function shareVisitorOf(sessionId: string): string {
  return createHash('sha256').update(`share:${sessionId}`).digest('hex').slice(0, 40);
}

/**
 * Counts a share when the rules above allow it; true when it was counted. One statement: the
 * per-address cap is read and the row written together (two racing reports of one address may
 * both pass the cap by one, which bounds nothing that matters).
 */
export async function recordShare(
  db: Queryable,
  share: { showId: number; code: ShareCode; visitor: string; client: string; at: Date },
): Promise<boolean> {
  const since = new Date(share.at.getTime() - DAY_MS);
  const { rows } = await db.query<{ show_id: number }>(
    `INSERT INTO show_shares (show_id, network, visitor, client, at)
     SELECT s.id, $2, $3, $4, $5 FROM shows s
      WHERE s.id = $1
        AND (SELECT count(*) FROM show_shares x
              WHERE x.show_id = $1 AND x.network = $2 AND x.client = $4 AND x.at > $6) < $7
     ON CONFLICT (show_id, network, visitor) DO NOTHING
     RETURNING show_id`,
    [share.showId, SHARE_CODES[share.code], share.visitor, share.client, share.at, since, SHARES_PER_CLIENT_PER_DAY],
  );
  return rows.length > 0;
}

export interface SocialCounters {
  fb: number;
  vk: number;
  ok: number;
}

/** The show a share counter is asked for: its page address, relative or on any of our hosts. */
export function showSlugOfUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const m = /^(?:\/[a-z]{2})?\/show\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return null;
  }
}

/** The counted shares of the show at that address; zeros for an address that names no show. */
export async function socialCountersOf(db: Queryable, url: string): Promise<SocialCounters> {
  const counters: SocialCounters = { fb: 0, vk: 0, ok: 0 };
  const slug = showSlugOfUrl(url);
  if (slug === null) return counters;
  const { rows } = await db.query<{ network: ShareNetwork; n: number }>(
    `SELECT x.network, count(*)::int AS n
       FROM shows s JOIN show_shares x ON x.show_id = s.id
      WHERE s.slug = $1
      GROUP BY x.network`,
    [slug],
  );
  for (const r of rows) counters[r.network] = r.n;
  return counters;
}
