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

/**
 * Long reviews (decision 0048): the catalogue's reviews are a line or two, so these few show the
 * show page's rule for reviews longer than 215 characters (the first 185, then 'Читать
 * полностью'). Each is the newest of its show's reviews, written the day before the seed's clock.
 */
export const LONG_DEMO_REVIEWS: ReadonlyArray<{ showSlug: string; author: string; rating: number; text: string }> = [
  {
    showSlug: 'vishnevyy-sad',
    author: 'Екатерина В.',
    rating: 5,
    text:
      'Шла на «Вишнёвый сад» с опаской: пьесу знаю наизусть и видела много постановок. Здесь Раневская не ' +
      'жертва обстоятельств, а живой, смешной и очень одинокий человек, и от этого финал ранит сильнее. ' +
      'Отдельное спасибо художнику: сад на сцене появляется только светом, а стук топора слышен так, что ' +
      'зал замирает. Три часа пролетели незаметно, ни разу не посмотрела на телефон.',
  },
  {
    showSlug: 'tri-sestry',
    author: 'Андрей П.',
    rating: 4,
    text:
      'Очень цельный спектакль: сёстры разные, и каждой веришь. Больше всего запомнилась сцена пожара — ' +
      'почти без слов, только шёпот и шаги. Минус один: второй акт затянут, и в антракте буфет не ' +
      'справляется с очередью, так что советую приходить заранее. Но ради последней сцены в саду стоит ' +
      'прийти ещё раз, уже с родителями.',
  },
  {
    showSlug: 'master-i-margarita',
    author: 'Ольга Н.',
    rating: 5,
    text:
      'Боялась, что роман невозможно уместить в один вечер, но режиссёр выбрал главное: любовь, трусость и ' +
      'милосердие. Воланд здесь не страшный, а усталый и ироничный, и от этого его сцены смотрятся по-новому. ' +
      'Бал у сатаны сделан изобретательно и без лишней пышности. Сидели на балконе — всё видно и слышно, ' +
      'цены разумные. Обязательно пойдём ещё.',
  },
];

export async function writeDemoReviews(tx: Transaction, now: Date, buyer: DemoBuyer): Promise<void> {
  await tx.query(
    `UPDATE reviews SET answered_at = created_at + interval '1 day'
      WHERE answer_text IS NOT NULL AND answered_at IS NULL AND user_id IS NULL`,
  );
  // A show the catalogue's scale did not generate is skipped.
  for (const review of LONG_DEMO_REVIEWS) {
    await tx.query(
      `INSERT INTO reviews (show_id, author_name, text, rating, created_at)
       SELECT id, $2, $3, $4, $5 FROM shows WHERE slug = $1`,
      [review.showSlug, review.author, review.text, review.rating, atMoscow(now, -1, 19)],
    );
  }
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
