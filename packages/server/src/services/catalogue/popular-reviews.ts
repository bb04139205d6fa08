import type { ReviewPreview } from '@partera/contract';
import { reviewDate } from '../../accounts/reviews.js';
import type { Queryable } from '../../db/index.js';

/**
 * The reviews carousel of a popular show's preview (site-browsing-account.md 2.4, 7 Browsing:
 * GET /show/JsGetReviews/?showId= → [{name, date, review}]): the show's reviews that have a
 * text, newest first, at most POPULAR_REVIEWS_LIMIT (the carousel reads '{n} из {total}' of
 * these). The date is dd.mm.yyyy, as the site shows dates (spec 9). An unknown show has none.
 */
export const POPULAR_REVIEWS_LIMIT = 10;

export async function reviewPreviewsOf(db: Queryable, showId: number): Promise<ReviewPreview[]> {
  const { rows } = await db.query<{ author_name: string; created_at: Date; text: string }>(
    `SELECT author_name, created_at, text FROM reviews
      WHERE show_id = $1 AND btrim(text) <> ''
      ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [showId, POPULAR_REVIEWS_LIMIT],
  );
  return rows.map((r) => ({ name: r.author_name, date: reviewDate(r.created_at), review: r.text }));
}
