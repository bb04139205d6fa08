import type { Queryable } from '../../db/index.js';

/**
 * The demo catalogue's show videos (site-browsing-account.md 3 Show 'videoId (for the video
 * slide)'; decision 0039): a few shows get the video shipped with the site,
 * packages/site/media/video/stage.webm, as the first slide of their page.
 */
export const DEMO_VIDEO_ID = 'stage';
export const SHOWS_WITH_VIDEO = ['Вишнёвый сад', 'Снежная королева', 'Группа «Ночные трамваи»'];

export async function writeShowVideos(tx: Queryable): Promise<void> {
  await tx.query('UPDATE shows SET video_id = $1 WHERE name = ANY($2)', [DEMO_VIDEO_ID, SHOWS_WITH_VIDEO]);
}
