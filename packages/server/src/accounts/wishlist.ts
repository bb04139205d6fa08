import type { Queryable } from '../db/index.js';
import { iso, performancePath, posterUrl, type SaleState, showPath } from '../services/catalogue/fragments.js';
import { aheadSql } from '../services/catalogue/upcoming.js';

/**
 * The wishlist (site-browsing-account.md 2.9, 2.15, 3 Bookmark, 4 Bookmark): the shows a
 * signed-in buyer bookmarked, each with 'Сообщить о начале продаж' on or off. Every function takes
 * the account of the session (accountOfSession), never an account the request names, so a buyer
 * only ever reads and changes their own bookmarks.
 */

export type BookmarkAddOutcome = 'added' | 'already' | 'unknown-show';

/**
 * Bookmarks a show that exists (the spec's rule: a show id above 0; an id of no show is refused
 * too). Bookmarking it again keeps the bookmark as it is, with its notify choice.
 */
export async function addBookmark(
  db: Queryable,
  userId: number,
  showId: number,
  now: Date,
): Promise<BookmarkAddOutcome> {
  if (!(showId > 0)) return 'unknown-show';
  const inserted = await db.query(
    `INSERT INTO bookmarks (user_id, show_id, created_at)
     SELECT $1, s.id, $3 FROM shows s WHERE s.id = $2
     ON CONFLICT (user_id, show_id) DO NOTHING
     RETURNING show_id`,
    [userId, showId, now],
  );
  if (inserted.rowCount > 0) return 'added';
  return (await isBookmarked(db, userId, showId)) ? 'already' : 'unknown-show';
}

/** Removes the buyer's bookmark of the show; false when there was none. */
export async function removeBookmark(db: Queryable, userId: number, showId: number): Promise<boolean> {
  const r = await db.query('DELETE FROM bookmarks WHERE user_id = $1 AND show_id = $2', [userId, showId]);
  return r.rowCount > 0;
}

/**
 * Turns 'Сообщить о начале продаж' on or off for one of the buyer's bookmarks; false when the show
 * is not bookmarked (nothing is created: notify is a choice about a bookmark).
 */
export async function setBookmarkNotify(
  db: Queryable,
  userId: number,
  showId: number,
  toNotify: boolean,
): Promise<boolean> {
  const r = await db.query('UPDATE bookmarks SET to_notify = $3 WHERE user_id = $1 AND show_id = $2', [
    userId,
    showId,
    toNotify,
  ]);
  return r.rowCount > 0;
}

export async function isBookmarked(db: Queryable, userId: number, showId: number): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM bookmarks WHERE user_id = $1 AND show_id = $2', [userId, showId]);
  return r.rowCount > 0;
}

/** A bookmarked show as the cabinet lists it. */
export interface WishlistShow {
  showId: number;
  name: string;
  url: string;
  posterUrl: string;
  toNotify: boolean;
  /** The next performance on sale or coming soon, or null when none is announced. */
  next: { startsAt: string; saleState: Exclude<SaleState, 'closed'>; url: string } | null;
  /** IANA zone of the venue's city: show `next.startsAt` in it. */
  timeZone: string;
  buildingName: string;
}

/** Bookmarks one buyer may keep listed at once; a longer list shows its newest. */
export const WISHLIST_LIMIT = 200;

interface WishlistRow {
  show_id: number;
  name: string;
  slug: string;
  to_notify: boolean;
  timezone: string;
  building_name: string;
  next_id: number | null;
  next_starts_at: Date | null;
  next_sale_state: Exclude<SaleState, 'closed'> | null;
}

/** The buyer's bookmarks, newest first, each with its next performance after `now`. */
export async function listWishlist(db: Queryable, userId: number, now: Date): Promise<WishlistShow[]> {
  const { rows } = await db.query<WishlistRow>(
    `SELECT s.id AS show_id, s.name, s.slug, bm.to_notify, c.timezone, b.name AS building_name,
            nx.id AS next_id, nx.starts_at AS next_starts_at, nx.sale_state AS next_sale_state
       FROM bookmarks bm
       JOIN shows s ON s.id = bm.show_id
       JOIN buildings b ON b.id = s.building_id
       JOIN cities c ON c.id = b.city_id
       LEFT JOIN LATERAL (
         SELECT p.id, p.starts_at, p.sale_state FROM performances p
          WHERE p.show_id = s.id AND ${aheadSql('p', '$2')}
          ORDER BY p.starts_at, p.id LIMIT 1
       ) nx ON true
      WHERE bm.user_id = $1
      ORDER BY bm.created_at DESC, s.id DESC
      LIMIT ${WISHLIST_LIMIT}`,
    [userId, now],
  );
  return rows.map((r) => ({
    showId: r.show_id,
    name: r.name,
    url: showPath(r.slug),
    posterUrl: posterUrl(r.show_id),
    toNotify: r.to_notify,
    next:
      r.next_id !== null && r.next_starts_at !== null && r.next_sale_state !== null
        ? { startsAt: iso(r.next_starts_at), saleState: r.next_sale_state, url: performancePath(r.next_id) }
        : null,
    timeZone: r.timezone,
    buildingName: r.building_name,
  }));
}
