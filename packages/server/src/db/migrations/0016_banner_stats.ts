/**
 * Promo banner statistics (GET /stat-seo-log/): shows and clicks per banner image and day, as
 * counters (a row per image and day, not per event), counted only for images of promo_banners.
 */
export default `
CREATE TABLE banner_stats (
  image text NOT NULL,
  day date NOT NULL,
  shows integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  PRIMARY KEY (image, day)
);
`;
