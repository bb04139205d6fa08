/**
 * The HTML fragments of the recommendations calls (site-browsing-account.md 7:
 * /recommendations/loadShows/ and /recommendations/loadGenres/ answer HTML). The cards are the
 * popular grid's poster cards (popular-html.ts), the same markup the page renders first; the
 * genre buttons are here. Every text is escaped.
 */
import { escapeHtml } from '@partera/contract';
import { type FragmentSession, popularFragment } from './popular-html.js';
import type { RecommendedGenre } from './recommendations.js';
import type { PerformanceCard } from './upcoming.js';

/** A page of cards; the empty string when there are none (the spec: an empty answer hides load-more). */
export function recommendationCardsHtml(
  cards: readonly PerformanceCard[],
  timeZone: string,
  session: FragmentSession | null = null,
): string {
  return popularFragment(cards, { timeZone, session });
}

/** The genre filter: 'Все' and a button per root genre (data-genre-id; choosing one resets to page 1). */
export function recommendationGenresHtml(genres: readonly RecommendedGenre[], current: number | null = null): string {
  if (genres.length === 0) return '';
  const button = (id: number | null, label: string, count?: number) =>
    `<button type="button" class="chip recommendations__genre" data-genre-id="${id ?? ''}" aria-pressed="${id === current}">` +
    `${escapeHtml(label)}${count === undefined ? '' : ` <span class="chip__count">${count}</span>`}</button>`;
  return [button(null, 'Все'), ...genres.map((g) => button(g.id, g.name, g.count))].join('');
}
