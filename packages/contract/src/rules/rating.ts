/** Rating vote arithmetic (site 5 Rating vote, 4 Rating widget, 9). */
import { RATING, SHOW_PAGE } from '../constants.js';

export interface RatingOptions {
  /** Star count (default 5). */
  max?: number;
  /** Minimum selectable rating (default 0). */
  min?: number;
}

/** Clamps a value between the minimum (default 0) and the star count (default 5). */
export function clampRating(value: number, opts: RatingOptions = {}): number {
  const max = opts.max ?? RATING.stars;
  const min = opts.min ?? RATING.minRating;
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** A clicked score is clamped and rounded to a whole star. */
export function roundScore(value: number, opts: RatingOptions = {}): number {
  return clampRating(Math.round(clampRating(value, opts)), opts);
}

/** The new average: round((old average × votes + score) / (votes + 1)). */
export function newAverage(average: number, votes: number, score: number): number {
  return Math.round((average * votes + score) / (votes + 1));
}

export interface RatingState {
  val: number;
  votes: number;
}

/** Applies a click: the score rounded, the average recomputed, one more vote. */
export function applyVote(
  state: RatingState,
  clicked: number,
  opts: RatingOptions = {},
): RatingState & { score: number } {
  const score = roundScore(clicked, opts);
  return { val: newAverage(state.val, state.votes, score), votes: state.votes + 1, score };
}

/** A status other than 'OK' rolls back: the vote count is decremented, the old value shown. */
export function voteOutcome(
  previous: RatingState,
  voted: RatingState,
  answer: { status: string; msg?: string },
): RatingState & { accepted: boolean; message: string | null } {
  const message = answer.msg ? answer.msg : null;
  if (answer.status === 'OK') return { ...voted, accepted: true, message };
  return { val: previous.val, votes: Math.max(0, voted.votes - 1), accepted: false, message };
}

/** The star label: 1 Плохо … 5 Великолепно. */
export function ratingLabel(stars: number): string | null {
  const key = Math.round(stars) as keyof typeof RATING.labels;
  return RATING.labels[key] ?? null;
}

/** After posting a review: a rating below 4 or none shows the 'bad' popup, 4 or more the 'good' one. */
export function reviewPopupKind(rating: number | null | undefined): 'good' | 'bad' {
  return rating !== null && rating !== undefined && rating >= SHOW_PAGE.goodReviewThreshold ? 'good' : 'bad';
}
