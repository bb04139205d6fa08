/** @jsxRuntime automatic */

import { RATING, ratingBadgeColor, ratingHue, ratingLabel, ratingVotesLabel } from '@partera/contract';
import type { CSSProperties } from 'react';
import { formatAverage } from './average.js';

/**
 * The show's rating block and star widget (site-browsing-account.md 2.9, 4 Rating widget, 9): the
 * average as a badge coloured by the rating (hue 12 × rating), the stars filled to the average
 * ('float' fill), the vote count with its plural. A visitor rates once: the stars take a click
 * until then (client/lib/rating.ts), and are read-only for one who has voted (`myScore`).
 */
export function RatingStars(props: { showId: number; rating: number; votes: number; myScore: number | null }) {
  const { rating, votes, myScore } = props;
  const readonly = myScore !== null;
  const stars = Array.from({ length: RATING.stars }, (_, i) => i + 1);
  return (
    <div
      className="rating"
      data-rating={props.showId}
      data-val={rating}
      data-votes={votes}
      data-readonly={readonly ? '' : undefined}
      // The whole block takes the rating's hue (12 × rating), as the header search's badge.
      style={{ '--rating-hue': String(ratingHue(rating)) } as CSSProperties}
    >
      <span className="rating__badge" data-rating-badge="" style={{ background: ratingBadgeColor(rating) }}>
        {votes > 0 ? formatAverage(rating) : '—'}
      </span>
      <div className="rating__body">
        <fieldset className="rating__stars" disabled={readonly}>
          <legend className="visually-hidden">Ваша оценка</legend>
          <span className="rating__fill" data-rating-fill="" style={{ width: `${(rating / RATING.stars) * 100}%` }}>
            {stars.map((n) => (
              <span key={n} className="rating__glyph">
                ★
              </span>
            ))}
          </span>
          {stars.map((n) => (
            <button
              key={n}
              type="button"
              className="rating__star"
              data-score={n}
              aria-label={`${n} из ${RATING.stars}: ${ratingLabel(n)}`}
            >
              ★
            </button>
          ))}
        </fieldset>
        <span className="rating__votes" data-rating-votes="">
          {ratingVotesLabel(votes)}
        </span>
        <span className="rating__note" role="status" data-rating-note="">
          {myScore !== null ? `Ваша оценка: ${myScore} — ${ratingLabel(myScore)}` : ''}
        </span>
      </div>
    </div>
  );
}
