import type { Queryable } from '../../db/index.js';

/**
 * Promo banner statistics (GET /stat-seo-log/ {click} or {show}: a click names one image, a show
 * the images shown, joined by ';'). Counted per image and day, only for images of promo banners,
 * so a made-up path adds nothing: the table grows by the banners there are, not by the requests.
 */

/** The most images one report counts (a page shows a handful of banners). */
export const BANNER_STATS_MAX_IMAGES = 20;

export function bannerImagesOf(value: string | undefined): string[] {
  if (!value) return [];
  const images = value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(images)].slice(0, BANNER_STATS_MAX_IMAGES);
}

/** Counts the images (known banners only) as shown or clicked on the day of `at` (UTC). */
export async function countBannerStats(
  db: Queryable,
  report: { shows: string[]; clicks: string[] },
  at: Date,
): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  for (const [images, column] of [
    [report.shows, 'shows'],
    [report.clicks, 'clicks'],
  ] as const) {
    if (images.length === 0) continue;
    await db.query(
      `INSERT INTO banner_stats (image, day, ${column})
       SELECT DISTINCT b.image, $2::date, 1 FROM promo_banners b WHERE b.image = ANY($1::text[])
       ON CONFLICT (image, day) DO UPDATE SET ${column} = banner_stats.${column} + 1`,
      [images, day],
    );
  }
}
