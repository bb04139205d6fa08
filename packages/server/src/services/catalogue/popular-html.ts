import { DEFAULT_TIME_ZONE, formatKopecks, plural } from '@partera/contract';
import { html, type SafeHtml } from '../../http/html.js';
import { dateFormat } from './fragments.js';
import type { PerformanceCard } from './upcoming.js';

/**
 * The popular grid's cards as HTML (site-browsing-account.md 2.4; decision 0038): the answer of
 * GET /show/jsGetPopular/ and the main page's own grid, so the cards a buyer gets with 'more' are
 * the very markup of the first 24 (and of the page ?page=N without scripts). Every value is
 * escaped by the `html` template. Each card carries its show's id and address for the preview
 * (reviews carousel and share counters, client/home.ts) and an empty preview box.
 */

const DATE_FORMS = ['дата', 'даты', 'дат'] as const;

/** Where links must carry the session (a framed page without cookies): its name and value. */
export interface FragmentSession {
  name: string;
  id: string;
}

function withSession(path: string, session: FragmentSession | null): string {
  if (!session?.id) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}${encodeURIComponent(session.name)}=${encodeURIComponent(session.id)}`;
}

/** The poster's hue behind the image, the same formula as the site's posterHue (PosterCard.tsx). */
export const posterHueOf = (showId: number) => (showId * 47) % 360;

/** '25 ноября', 'ср' and '19:00' at the venue (the platform's Russian calendar words). */
function dateParts(iso: string, timeZone: string): { dayMonth: string; weekday: string; clock: string } {
  const at = new Date(iso);
  const dayMonth = dateFormat('ru-RU', { day: 'numeric', month: 'long', timeZone }).format(at);
  const weekday = dateFormat('ru-RU', { weekday: 'short', timeZone }).format(at);
  const clock = dateFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    .format(at)
    .replace(/^24:/, '00:');
  return { dayMonth, weekday, clock };
}

export function popularCardHtml(
  card: PerformanceCard,
  options: { timeZone?: string; session?: FragmentSession | null } = {},
): SafeHtml {
  const { dayMonth, weekday, clock } = dateParts(card.startsAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  const session = options.session ?? null;
  const age = `${card.ageMark}+`;
  const more =
    card.moreDates > 0
      ? html`<span class="poster-card__more">и ещё ${card.moreDates} ${plural(card.moreDates, DATE_FORMS)}</span>`
      : null;
  const foot =
    card.saleState === 'soon'
      ? html`<span class="soon-badge">Скоро в продаже</span>`
      : html`<span class="poster-card__price">${card.minPrice === null ? '' : `от ${formatKopecks(card.minPrice)}`}</span>
      <a class="button button--small" href="${withSession(card.performanceUrl, session)}" aria-label="${`Купить билеты: ${card.showName}, ${dayMonth}`}">Купить</a>`;
  // Whitespace between the elements is only layout's (flex and positioned boxes ignore it).
  return html`<li class="poster-card" data-show-id="${card.showId}" data-show-url="${card.showUrl}">
  <a class="poster-card__link" href="${withSession(card.showUrl, session)}">
    <span class="poster-card__image" style="${`--poster-hue:${posterHueOf(card.showId)}`}">
      <span class="poster-fallback" aria-hidden="true">${card.showName}</span>
      <img src="${card.posterUrl}" alt="" width="300" height="400" loading="lazy" decoding="async" data-poster="">
      <span class="age-badge" title="${`Возрастное ограничение ${age}`}">${age}</span>
    </span>
    <span class="poster-card__body">
      <time class="poster-card__date" datetime="${card.startsAt}">${dayMonth}, ${weekday}, ${clock}</time>
      ${more}
      <span class="poster-card__title">${card.showName}</span>
      <span class="poster-card__meta">${card.genreName} · ${card.buildingName}</span>
    </span>
  </a>
  <div class="poster-card__foot">${foot}</div>
  <div class="poster-card__preview" data-preview="" hidden=""></div>
</li>
`;
}

/** The fragment of a page of cards: empty when there are none (the spec's 'no more'). */
export function popularFragment(
  cards: readonly PerformanceCard[],
  options: { timeZone?: string; session?: FragmentSession | null } = {},
): string {
  return html`${cards.map((card) => popularCardHtml(card, options))}`.markup;
}
