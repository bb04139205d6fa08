/**
 * The star widget (site-browsing-account.md 2.9, 4 Rating widget, 5 Rating vote, 8): editable until
 * the visitor clicks, then read-only. The click shows the vote at once (the contract's applyVote:
 * the score rounded to a whole star, the new average), sends it to POST /rating/?s, and a status
 * other than 'OK' rolls back (voteOutcome: the count less one, the previous value) and shows msg.
 */
import {
  applyVote,
  messages,
  RATING,
  type RatingState,
  ratingBadgeColor,
  ratingLabel,
  ratingVotesLabel,
  voteOutcome,
} from '@partera/contract';
import { formatAverage } from '../../pages/show/average.js';
import { postForm } from './forms.js';

type VoteAnswer = { status: string; msg?: string; val?: number; votes?: number };

export function enhanceRating(widget: HTMLElement): void {
  const showId = widget.dataset.rating ?? '';
  const stars = widget.querySelector<HTMLFieldSetElement>('.rating__stars');
  const fill = widget.querySelector<HTMLElement>('[data-rating-fill]');
  const badge = widget.querySelector<HTMLElement>('[data-rating-badge]');
  const votesLabel = widget.querySelector<HTMLElement>('[data-rating-votes]');
  const note = widget.querySelector<HTMLElement>('[data-rating-note]');
  let state: RatingState = { val: Number(widget.dataset.val) || 0, votes: Number(widget.dataset.votes) || 0 };

  const show = (s: RatingState) => {
    if (fill) fill.style.width = `${(s.val / RATING.stars) * 100}%`;
    if (badge) {
      badge.textContent = s.votes > 0 ? formatAverage(s.val) : '—';
      badge.style.background = ratingBadgeColor(s.val);
    }
    if (votesLabel) votesLabel.textContent = ratingVotesLabel(s.votes);
  };
  const editable = () => !widget.hasAttribute('data-readonly');
  const setNote = (text: string) => {
    if (note) note.textContent = text;
  };

  for (const star of widget.querySelectorAll<HTMLButtonElement>('[data-score]')) {
    const score = Number(star.dataset.score);
    // Hovering or focusing a star previews it and names it ('Отлично').
    const preview = () => {
      if (!editable()) return;
      if (fill) fill.style.width = `${(score / RATING.stars) * 100}%`;
      setNote(ratingLabel(score) ?? '');
    };
    const unpreview = () => {
      if (!editable()) return;
      show(state);
      setNote('');
    };
    star.addEventListener('mouseenter', preview);
    star.addEventListener('focus', preview);
    star.addEventListener('mouseleave', unpreview);
    star.addEventListener('blur', unpreview);
    star.addEventListener('click', () => void vote(score));
  }

  async function vote(clicked: number): Promise<void> {
    if (!editable()) return;
    widget.setAttribute('data-readonly', '');
    if (stars) stars.disabled = true;
    const previous = state;
    const voted = applyVote(previous, clicked);
    show(voted);
    setNote(`Ваша оценка: ${voted.score} — ${ratingLabel(voted.score) ?? ''}`);
    const body = new URLSearchParams({
      voteid: showId,
      score: String(voted.score),
      val: String(previous.val),
      votes: String(previous.votes),
    });
    const failed: VoteAnswer = { status: 'ERROR', msg: messages.genericError };
    const answer = await postForm<VoteAnswer>('/rating/?s', body).catch(() => failed);
    const outcome = voteOutcome(previous, voted, answer);
    // The server's numbers are the truth when it gives them (other visitors vote too).
    state = outcome.accepted
      ? { val: answer.val ?? outcome.val, votes: answer.votes ?? outcome.votes }
      : { val: outcome.val, votes: outcome.votes };
    show(state);
    if (!outcome.accepted) setNote(outcome.message ?? '');
  }
}
