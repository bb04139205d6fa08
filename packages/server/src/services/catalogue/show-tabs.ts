import { plural, RATING, reviewPreview } from '@partera/contract';
import { reviewDate } from '../../accounts/reviews.js';
import type { Queryable } from '../../db/index.js';
import { html, type SafeHtml } from '../../http/html.js';
import { organizerPath } from './organizer.js';
import { personPath } from './person.js';
import type { ShowPage } from './show.js';

/**
 * The show page's two tabs (site-browsing-account.md 2.9; 7 Show page `{show}/showAjax/?ajax=
 * {reviews|desc}&isMobile=`; decision 0039): one renderer for both the server-rendered page
 * ({show}/ shows the description, {show}/reviews/ the reviews) and the tab fetched when a buyer
 * switches tabs, so the two never differ. Every value goes through the escaping `html` template.
 *
 * - Description: the text (collapsed on mobile with 'Читать полностью' / 'Скрыть', by the page's
 *   script), the horizontal slider of the cast, and the expandable additional content (genre,
 *   tags, age, duration, organizer, the venue's address).
 * - Reviews: the newest REVIEWS_ON_TAB reviews with the total; a review longer than 215
 *   characters shows its first 185 and 'Читать полностью' (REVIEW_CUT, contract reviewPreview).
 */
export type ShowTab = 'desc' | 'reviews';

export const REVIEWS_ON_TAB = 30;

export interface ShowReview {
  id: number;
  authorName: string;
  text: string;
  rating: number | null;
  createdAt: Date;
  answer: string | null;
}

export interface ShowReviews {
  total: number;
  reviews: ShowReview[];
}

/** The show's newest reviews and how many there are. */
export async function loadShowReviews(db: Queryable, showId: number): Promise<ShowReviews> {
  const [list, count] = await Promise.all([
    db.query<{
      id: number;
      author_name: string;
      text: string;
      rating: number | null;
      created_at: Date;
      answer_text: string | null;
    }>(
      `SELECT id, author_name, text, rating, created_at, answer_text
         FROM reviews WHERE show_id = $1
        ORDER BY created_at DESC, id DESC
        LIMIT ${REVIEWS_ON_TAB}`,
      [showId],
    ),
    db.query<{ n: string | number }>('SELECT count(*) AS n FROM reviews WHERE show_id = $1', [showId]),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    reviews: list.rows.map((r) => ({
      id: r.id,
      authorName: r.author_name,
      text: r.text,
      rating: r.rating,
      createdAt: r.created_at,
      answer: r.answer_text,
    })),
  };
}

/** The tab's HTML. `reviews` is needed for the reviews tab only. */
export function showTabHtml(
  tab: ShowTab,
  page: ShowPage,
  options: { mobile: boolean; reviews?: ShowReviews },
): SafeHtml {
  if (tab === 'reviews') return reviewsTabHtml(options.reviews ?? { total: 0, reviews: [] });
  return descriptionTabHtml(page, options.mobile);
}

function descriptionTabHtml(page: ShowPage, mobile: boolean): SafeHtml {
  const paragraphs = page.show.description.split(/\r?\n\s*\r?\n/).filter((p) => p.trim() !== '');
  return html`<div class="show-tab" data-tab-content="desc">
    ${
      paragraphs.length > 0
        ? html`<section class="show-section" aria-labelledby="about-title">
            <h2 id="about-title">Описание</h2>
            <div class="show-more" data-show-more="${mobile ? 'mobile' : ''}">
              <div class="show-more__content">${paragraphs.map((p) => html`<p>${p}</p>`)}</div>
            </div>
          </section>`
        : html`<p class="empty-note">Описание скоро появится.</p>`
    }
    ${castHtml(page)} ${extraHtml(page)}
  </div>`;
}

/**
 * The horizontal slider of the cast: a scrolling row with arrows the script shows (250 px steps);
 * each member links to their person page (/person/{slug}/).
 */
function castHtml(page: ShowPage): SafeHtml | null {
  if (page.persons.length === 0) return null;
  return html`<section class="show-section" aria-labelledby="cast-title">
    <h2 id="cast-title">Участники</h2>
    <div class="cast-slider" data-cast-slider="">
      <button type="button" class="cast-slider__arrow cast-slider__arrow--prev" data-cast-step="-1" aria-label="Прокрутить назад" hidden></button>
      <ul class="cast-slider__track" data-cast-track="" tabindex="0" aria-label="Участники">
        ${page.persons.map(
          (p) => html`<li class="cast-card">
            <a class="cast-card__link" href="${personPath(p.slug)}" data-person-link="">
              <span class="cast-card__avatar" aria-hidden="true">${initials(p.name)}</span>
              <span class="cast-card__name">${p.name}</span>
              ${p.role ? html`<span class="cast-card__role">${p.role}</span>` : null}
            </a>
          </li>`,
        )}
      </ul>
      <button type="button" class="cast-slider__arrow cast-slider__arrow--next" data-cast-step="1" aria-label="Прокрутить вперёд" hidden></button>
    </div>
  </section>`;
}

/** The expandable additional content: a <details> block, closed at first. */
function extraHtml(page: ShowPage): SafeHtml {
  const { show, genre, venue } = page;
  const rows: Array<[string, string | SafeHtml]> = [
    ['Жанр', genre.parentName ? `${genre.parentName}, ${genre.name}` : genre.name],
  ];
  if (show.tags.length > 0) rows.push(['Метки', show.tags.join(', ')]);
  rows.push(['Возраст', `${show.ageMark}+`]);
  if (show.durationMinutes) rows.push(['Продолжительность', durationText(show.durationMinutes)]);
  if (page.organizerName) {
    // The organizer's name links to its page when the page data names its slug.
    const slug = page.organizerSlug;
    rows.push([
      'Организатор',
      slug
        ? html`<a href="${organizerPath(slug)}" data-organizer-link="">${page.organizerName}</a>`
        : page.organizerName,
    ]);
  }
  rows.push([
    'Адрес',
    venue.metroName ? `${venue.name}, ${venue.address}, м. ${venue.metroName}` : `${venue.name}, ${venue.address}`,
  ]);
  return html`<details class="show-extra" data-show-extra="">
    <summary class="show-extra__summary">Дополнительная информация</summary>
    <dl class="show-extra__list">
      ${rows.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}
    </dl>
  </details>`;
}

function reviewsTabHtml({ total, reviews }: ShowReviews): SafeHtml {
  return html`<div class="show-tab" data-tab-content="reviews">
    <section class="show-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Отзывы</h2>
      ${
        total === 0
          ? html`<p class="empty-note">Отзывов пока нет. Будьте первым, кто поделится впечатлениями.</p>`
          : html`<p class="show-reviews__count">${total} ${plural(total, ['отзыв', 'отзыва', 'отзывов'])}</p>
              <ul class="show-reviews">
                ${reviews.map(reviewHtml)}
              </ul>`
      }
    </section>
  </div>`;
}

function reviewHtml(review: ShowReview): SafeHtml {
  const preview = reviewPreview(review.text);
  const stars =
    review.rating === null
      ? null
      : html`<span class="show-review__stars" role="img" aria-label="${`Оценка: ${review.rating} из ${RATING.stars}`}"
          >${'★'.repeat(review.rating)}${'☆'.repeat(RATING.stars - review.rating)}</span
        >`;
  return html`<li class="show-review" data-review="${review.id}">
    <p class="show-review__head">
      <span class="show-review__author">${review.authorName}</span>
      <time datetime="${review.createdAt.toISOString()}">${reviewDate(review.createdAt)}</time>
      ${stars}
    </p>
    ${
      preview.truncated
        ? html`<p class="show-review__text">
              <span data-review-short="">${preview.text}</span><span data-review-full="" hidden>${review.text}</span>
            </p>
            <button type="button" class="link-button show-review__more" data-review-more="">Читать полностью</button>`
        : html`<p class="show-review__text">${review.text}</p>`
    }
    ${
      review.answer
        ? html`<div class="show-review__answer">
            <p class="show-review__answer-author">Ответ билетной службы</p>
            <p>${review.answer}</p>
          </div>`
        : null
    }
  </li>`;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** '2 ч 30 мин', '3 ч', '45 мин' (as the page's facts). */
function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} мин`;
  return m === 0 ? `${h} ч` : `${h} ч ${m} мин`;
}
