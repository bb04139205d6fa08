import { RATING } from '@partera/contract';
import { html, type SafeHtml } from '../http/html.js';
import {
  type AccountReview,
  newAnswerCount,
  REVIEW_MESSAGES,
  REVIEW_TEXT,
  type ReviewEligibility,
  reviewDate,
} from './reviews.js';

/**
 * The reviews' HTML fragments (site-browsing-account.md 2.15 Reviews tab, Review form): the
 * cabinet's 'Отзывы' tab and the review form the dialog loads. Built with the `html` template, so
 * the buyer's text, the answers and the show names are escaped. The client modules find their
 * parts by the data-* attributes.
 */

/** '★★★★☆' with a reading for screen readers; nothing without a rating. */
function stars(rating: number | null): SafeHtml | null {
  if (rating === null) return null;
  const shown = '★'.repeat(rating) + '☆'.repeat(RATING.stars - rating);
  return html`<span class="review-stars-shown" role="img" aria-label="${`Оценка: ${rating} из ${RATING.stars}`}"
    >${shown}</span
  >`;
}

function answerOf(review: AccountReview): SafeHtml | null {
  const answer = review.answer;
  if (!answer) return null;
  const fresh = !answer.viewed;
  return html`<section
    class="${fresh ? 'review-answer review-answer--new' : 'review-answer'}"
    ${fresh ? html`data-review-id="${review.id}"` : null}
    aria-label="Ответ на отзыв"
  >
    <p class="review-answer__head">
      <span class="review-answer__author">Ответ билетной службы</span>
      ${fresh ? html`<span class="review-answer__badge" data-new-badge="">новый</span>` : null}
      ${answer.answeredAt ? html`<time datetime="${answer.answeredAt}">${reviewDate(answer.answeredAt)}</time>` : null}
    </p>
    <p class="review-answer__text">${answer.text}</p>
  </section>`;
}

function reviewItem(review: AccountReview): SafeHtml {
  return html`<li class="account-review">
    <article aria-labelledby="review-${review.id}">
      <h3 class="account-review__show" id="review-${review.id}"><a href="${review.showUrl}">${review.showName}</a></h3>
      <p class="account-review__meta">
        <time datetime="${review.createdAt}">${reviewDate(review.createdAt)}</time>
        ${stars(review.rating)}
      </p>
      <p class="account-review__text">${review.text}</p>
      ${answerOf(review)}
    </article>
  </li>`;
}

/** The counter of new answers; the client lowers it as answers are seen and removes it at 0. */
function counter(count: number): SafeHtml | null {
  if (count === 0) return null;
  return html`<p class="account-reviews__counter" data-new-answers="${count}" aria-live="polite">
    Новых ответов: <b data-new-answers-count="">${count}</b>
  </p>`;
}

/** The 'Отзывы' tab: the account's reviews, newest first, with the answers and the new-answers count. */
export function reviewsPageHtml(reviews: readonly AccountReview[]): SafeHtml {
  if (reviews.length === 0) {
    return html`<div class="account-reviews" data-account-reviews="">
      <h2 class="account-reviews__title">Мои отзывы</h2>
      <p>Вы ещё не написали ни одного отзыва.</p>
      <p>
        Побывали на спектакле или концерте? Расскажите о нём: ссылка «Написать отзыв» появится у прошедшего
        мероприятия в <a href="/private/orders">ваших заказах</a>.
      </p>
    </div>`;
  }
  return html`<div class="account-reviews" data-account-reviews="">
    <div class="account-reviews__head">
      <h2 class="account-reviews__title">Мои отзывы</h2>
      ${counter(newAnswerCount(reviews))}
    </div>
    <ol class="account-reviews__list">
      ${reviews.map(reviewItem)}
    </ol>
  </div>`;
}

/** The stars of the form: radio buttons 5 to 1 (shown right to left), none ticked: the rating is optional. */
function starInputs(): SafeHtml {
  const values = Array.from({ length: RATING.stars }, (_, i) => RATING.stars - i);
  return html`<fieldset class="review-form__stars">
    <legend class="review-form__label">Ваша оценка <span class="review-form__hint">(необязательно)</span></legend>
    <div class="star-input">
      ${values.map(
        (n) => html`<input
            class="star-input__radio visually-hidden"
            type="radio"
            name="Review[rating]"
            value="${n}"
            id="review-star-${n}"
          /><label class="star-input__star" for="review-star-${n}" title="${RATING.labels[n as 1]}"
            ><span aria-hidden="true">★</span><span class="visually-hidden">${n} — ${RATING.labels[n as 1]}</span></label
          >`,
      )}
    </div>
  </fieldset>`;
}

/** The review form of a show the account may review. */
function formHtml(showId: number, showName: string): SafeHtml {
  return html`<form class="review-form" method="post" action="/review/add/" data-review-form="" novalidate>
    <h2 class="review-form__title" id="review-form-title">Отзыв о мероприятии «${showName}»</h2>
    <input type="hidden" name="Review[idShow]" value="${showId}" />
    ${starInputs()}
    <label class="review-form__label" for="review-text">Ваш отзыв</label>
    <textarea
      class="review-form__text"
      id="review-text"
      name="Review[text]"
      rows="6"
      required
      minlength="${REVIEW_TEXT.min}"
      maxlength="${REVIEW_TEXT.max}"
      placeholder="Что понравилось, что запомнилось, кому бы вы посоветовали?"
    ></textarea>
    <p class="review-form__hint">От ${REVIEW_TEXT.min} до ${REVIEW_TEXT.max} символов. Отзыв увидят другие зрители.</p>
    <p class="auth-form__error" data-form-error="" role="alert" hidden></p>
    <p class="review-form__actions">
      <button class="button" type="submit">Отправить отзыв</button>
    </p>
  </form>`;
}

/** Instead of the form: why the account cannot review the show (already did, has not seen it...). */
function refusalHtml(message: string): SafeHtml {
  return html`<div class="review-form review-form--refused" data-review-refused="">
    <p>${message}</p>
    <p><a href="/private/#tb_review">Мои отзывы</a></p>
  </div>`;
}

/** GET /review/form/: the form, or the reason there is none. */
export function reviewFormHtml(eligibility: ReviewEligibility): SafeHtml {
  if (eligibility.ok) return formHtml(eligibility.showId, eligibility.showName);
  return refusalHtml(REVIEW_MESSAGES[eligibility.reason]);
}

/** The form's answer to a guest. */
export const reviewFormForGuest = html`<div class="review-form review-form--refused" data-review-refused="">
  <p>Войдите, чтобы написать отзыв.</p>
</div>`;
