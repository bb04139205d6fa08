import { answerReview, authorNameOf, countRating } from '../accounts/reviews.js';
import type { Transaction } from '../db/index.js';
import { DEMO_BUYER_NAME, type DemoBuyer } from './demo-buyer.js';
import { atMoscow } from './time.js';

/**
 * The reviews' demo data (development only, with the demo buyer): the catalogue's reviews that
 * have an answer get its date (a day after the review), and the demo buyer's review of the older
 * show it saw, answered by the ticket company and not read yet, so the cabinet's 'Отзывы' tab
 * shows a new answer and its counter. The newer show stays unreviewed for the review prompt.
 */
export const DEMO_REVIEW = {
  text:
    'Пришли всей семьёй и не пожалели: живая постановка, отличный свет и музыка. ' +
    'Немного тесно в гардеробе после спектакля, но это мелочь.',
  rating: 4,
  answer:
    'Мария Сергеевна, спасибо за тёплый отзыв! Передали ваши слова труппе, а замечание о гардеробе — ' +
    'администрации театра. Ждём вас снова!',
} as const;

export async function writeDemoReviews(tx: Transaction, now: Date, buyer: DemoBuyer): Promise<void> {
  await tx.query(
    `UPDATE reviews SET answered_at = created_at + interval '1 day'
      WHERE answer_text IS NOT NULL AND answered_at IS NULL AND user_id IS NULL`,
  );
  const seen = buyer.seen[0];
  if (!seen) return;
  const wroteAt = atMoscow(now, Math.round((seen.startsAt.getTime() - now.getTime()) / 86_400_000) + 1, 10);
  const review = await tx.query<{ id: number }>(
    `INSERT INTO reviews (show_id, user_id, author_name, text, rating, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [seen.showId, buyer.userId, authorNameOf(DEMO_BUYER_NAME), DEMO_REVIEW.text, DEMO_REVIEW.rating, wroteAt],
  );
  await countRating(tx, seen.showId, buyer.userId, DEMO_REVIEW.rating, wroteAt);
  const answeredAt = new Date(wroteAt.getTime() + 86_400_000);
  await answerReview({ db: tx, clock: { now: () => answeredAt } }, review.rows[0]!.id, DEMO_REVIEW.answer);
}
