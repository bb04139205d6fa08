/** @jsxRuntime automatic */
import { type PerformanceCard, popularFragment } from '@partera/server';
import type { SiteChrome } from '../chrome.js';

/**
 * The upcoming shows of a person's or an organizer's page as the site's poster cards: the main
 * page's very markup (the server's popular-html.ts, every value escaped there), one card per show.
 */
export function ShowCards({
  chrome,
  cards,
  timeZone,
  empty,
}: {
  chrome: SiteChrome;
  cards: readonly PerformanceCard[];
  timeZone: string;
  /** What the section says when nothing is ahead. */
  empty: string;
}) {
  return (
    <section className="people-shows" aria-labelledby="people-shows-title">
      <h2 className="section-title" id="people-shows-title">
        Ближайшие события
      </h2>
      {cards.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <ul
          className="poster-grid"
          data-people-shows=""
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's escaped fragment (popular-html.ts)
          dangerouslySetInnerHTML={{ __html: popularFragment(cards, { timeZone, session: chrome.urlSession }) }}
        />
      )}
    </section>
  );
}
